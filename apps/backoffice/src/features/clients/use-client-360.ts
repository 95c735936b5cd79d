import { useCallback, useEffect, useState } from 'react';
import type { OpsClient360 } from '@sb/contract';
import { errorText } from '../../app/error-text';
import type { Texts } from '../../i18n';
import { getClient360 } from './api/clients-api';
import type { ClientNotice } from './clients-texts';

/**
 * The client 360 of the client in the URL (none without one), read again after a change, with the page's refusal
 * and notice.
 */
export function useClient360(t: Texts, clientId: number | null) {
  const [page, setPage] = useState<OpsClient360 | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A notice by its key (the risk form's, or an action's): it follows the desk's language.
  const [notice, setNotice] = useState<ClientNotice | 'saved' | null>(null);

  const load = useCallback(async () => {
    if (clientId === null) return setPage(null);
    const p = await getClient360(clientId);
    setPage(p);
  }, [clientId]);
  useEffect(() => {
    load().catch((e: unknown) => setError(errorText(t.lang, e)));
  }, [load, t]);

  /** Reads the page again after a change; a failure shows as the page's refusal. */
  const reload = () => {
    load().catch((e: unknown) => setError(errorText(t.lang, e)));
  };
  return { page, error, setError, notice, setNotice, reload };
}
