import { useCallback, useEffect, useState } from 'react';
import type { OpsAdjustmentQueueRow } from '@sb/contract';
import { ApiError } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { decideAdjustment } from '../clients/api/clients-api';
import { CLIENT_TEXTS } from '../clients/clients-texts';
import { getAdjustmentQueue } from './api/get-adjustment-queue';
import { ADJUSTMENT_TEXTS } from './adjustments-texts';

/** How often the queue is read again: another operator's request or decision shows within this. */
const REFRESH_MS = 10_000;

/** A refusal as a sentence: the clients screen's words for the adjustment codes, else the desk's general ones. */
function sentence(lang: Lang, e: unknown): string {
  const words = CLIENT_TEXTS[lang].errors;
  return e instanceof ApiError && words[e.code] ? words[e.code]! : errorText(lang, e);
}

/** The queue read now and every few seconds, and a decision on one of its rows (the queue read again after it). */
export function useAdjustmentQueue(lang: Lang) {
  const at = ADJUSTMENT_TEXTS[lang];
  const [rows, setRows] = useState<OpsAdjustmentQueueRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setRows(await getAdjustmentQueue());
      setError(null);
    } catch (e) {
      setError(sentence(lang, e));
    }
  }, [lang]);

  useEffect(() => {
    void load();
    const refresh = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(refresh);
  }, [load]);

  const decide = async (row: OpsAdjustmentQueueRow, approve: boolean) => {
    setBusy(row.id);
    setMessage(null);
    setError(null);
    try {
      await decideAdjustment(row.clientId, row.id, approve);
      setRows((list) => list?.filter((r) => r.id !== row.id) ?? null);
      setMessage(approve ? at.approved(row.client.username) : at.rejected(row.client.username));
    } catch (e) {
      setError(sentence(lang, e));
    }
    // The list as the server has it now (a 409: another operator decided it meanwhile, and it is gone).
    await load();
    setBusy(null);
  };
  return { rows, error, message, busy, load, decide };
}
