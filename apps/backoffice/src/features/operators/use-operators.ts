import { useEffect, useState } from 'react';
import type { OpsOperator } from '@sb/contract';
import { ApiError } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { listOperators } from './api/list-operators';
import type { OperatorsTexts } from './operators-texts';

/** A refusal as a sentence of this screen: a taken name, a short password, one's own account; else the desk's. */
function sentence(lang: Lang, ot: OperatorsTexts, e: unknown): string {
  if (e instanceof ApiError && e.status === 409 && e.field === 'username') return ot.taken;
  if (e instanceof ApiError && e.code === 'own_account') return ot.ownAccount;
  if (e instanceof ApiError && e.status === 400 && e.field === 'password') return ot.shortPassword;
  if (e instanceof ApiError && e.status === 400 && e.field === 'username') return ot.badUsername;
  return errorText(lang, e);
}

/** Runs one change to an operator; says what it did (from the operator it returns) or why not. */
export type OperatorAct = (
  run: () => Promise<OpsOperator>,
  said: (o: OpsOperator) => string,
) => Promise<void>;

/** The operators list, read on open and after each change, with the screen's notice, refusal and busy state. */
export function useOperators(lang: Lang, ot: OperatorsTexts) {
  const [list, setList] = useState<OpsOperator[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = async () => {
    try {
      setList(await listOperators());
    } catch (e) {
      setError(sentence(lang, ot, e));
    }
  };
  useEffect(() => void reload(), []);

  const act: OperatorAct = async (run, said) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const o = await run();
      setNotice(said(o));
      await reload();
    } catch (e) {
      setError(sentence(lang, ot, e));
    } finally {
      setBusy(false);
    }
  };

  return { list, error, notice, busy, act };
}
