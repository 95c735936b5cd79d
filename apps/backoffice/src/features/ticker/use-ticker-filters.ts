import { useEffect, useState } from 'react';
import type { OpsPickLists } from '@sb/contract';
import { findClients } from './api/find-clients';
import { getPickLists } from './api/get-pick-lists';
import type { TickerFilters } from './ticker-query';

/** Clients whose username starts with the typed text (150 ms after the last keystroke), for the field's list. */
function useClientMatches(clientText: string, lists: OpsPickLists | null) {
  const [clientMatches, setClientMatches] = useState<{ id: number; username: string }[]>([]);
  useEffect(() => {
    const text = clientText.trim();
    if (!text || text === lists?.client?.username) return setClientMatches([]);
    let cancelled = false;
    const timer = setTimeout(() => {
      findClients(text).then(
        (found) => !cancelled && setClientMatches(found),
        () => !cancelled && setClientMatches([]),
      );
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [clientText, lists]);

  return clientMatches;
}

/**
 * The ticker's filter form: a draft of the URL's filters until Apply, the pick lists, and the client typed by name
 * (found by the start of the username) and turned into an id on Apply.
 */
export function useTickerFilters(filters: TickerFilters, onFilters: (next: TickerFilters) => void) {
  const [draft, setDraft] = useState<TickerFilters>(filters);
  const [lists, setLists] = useState<OpsPickLists | null>(null);
  const [clientText, setClientText] = useState('');
  /** The name typed for a client none has (said in the desk's language), or the pick-lists' failure. */
  const [missingClient, setMissingClient] = useState<string | null>(null);
  const [listsError, setListsError] = useState<unknown>(null);

  // Back, Forward or a link changed the URL's filters: the form shows them, the client by name.
  useEffect(() => {
    setDraft(filters);
    setMissingClient(null);
    let cancelled = false;
    getPickLists(filters.client || undefined).then(
      (l) => {
        if (cancelled) return;
        setLists(l);
        setListsError(null);
        setClientText(l.client?.username ?? '');
      },
      (e: unknown) => !cancelled && setListsError(e),
    );
    return () => {
      cancelled = true;
    };
  }, [filters]);

  const clientMatches = useClientMatches(clientText, lists);

  function apply() {
    const text = clientText.trim();
    let client = '';
    if (text) {
      const match =
        lists?.client?.username === text
          ? lists.client
          : clientMatches.find((c) => c.username.toLowerCase() === text.toLowerCase());
      if (!match) return setMissingClient(text);
      client = String(match.id);
    }
    setMissingClient(null);
    onFilters({ ...draft, client });
  }

  return {
    draft,
    setDraft,
    lists,
    clientText,
    setClientText,
    clientMatches,
    missingClient,
    listsError,
    apply,
  };
}
