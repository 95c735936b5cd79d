import { useEffect, useState } from 'react';
import type { OpsCatalogueResponse } from '@sb/contract';
import type { Lang } from '../../i18n';
import { getCatalogue, type CatalogueQuery } from './api/get-catalogue';
import { sentence } from './events-sentence';
import type { EventsTexts } from './events-texts';

/** The navigator's list (scores, counts) refreshes on this clock. */
const LIST_REFRESH_MS = 30_000;
type Catalogue = OpsCatalogueResponse['result'];

/**
 * The navigator's catalogue for its query (the tree's choice and the text typed, 250 ms after the last keystroke),
 * read again every 30 s.
 */
export function useEventCatalogue(lang: Lang, et: EventsTexts) {
  const [query, setQuery] = useState<CatalogueQuery>({});
  const [text, setText] = useState('');
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => ({ ...q, q: text.trim() || undefined })), 250);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    let live = true;
    getCatalogue(query)
      .then((c) => live && (setCatalogue(c), setListError(null)))
      .catch((e: unknown) => live && setListError(sentence(e, et, lang)));
    return () => {
      live = false;
    };
  }, [query, tick, et]);
  return { query, setQuery, text, setText, catalogue, listError };
}
