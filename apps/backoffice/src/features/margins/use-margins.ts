import { useCallback, useEffect, useState } from 'react';
import type { OpsMargins } from '@sb/contract';
import { call } from '../../api';
import { errorText } from '../../app/error-text';
import type { Texts } from '../../i18n';
import type { RiskTexts } from '../../risk-texts';

/** What a margin applies to: a brand, and a sport and market family (null = every one). */
export type MarginKey = { brandId: number; sportId: number | null; family: string | null };

/** The brand margins with the sports and families to choose from, read on open; a margin's save or removal. */
export function useMargins(t: Texts, r: RiskTexts) {
  const [view, setView] = useState<OpsMargins>({ margins: [], families: [], sports: [] });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => setView(await call<OpsMargins>('GET', '/ops/v1/margins')), []);
  useEffect(() => {
    load().catch((e: unknown) => setError(errorText(t.lang, e)));
  }, [load, t]);

  /** Sets a margin (basis points), or removes it (null), with the reason typed in the form. */
  async function save(key: MarginKey, bp: number | null, reason: string) {
    setError(null);
    setNotice(null);
    try {
      await call('PUT', '/ops/v1/margins', { ...key, marginBp: bp, reason });
      setNotice(r.saved);
      await load();
    } catch (e) {
      setError(errorText(t.lang, e));
    }
  }

  return { view, error, notice, save };
}
