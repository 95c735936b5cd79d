import { useEffect, useState, type FormEvent } from 'react';
import type { OpsClientFound } from '@sb/contract';
import { money } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import type { RiskTexts } from '../../risk-texts';
import { searchClients } from './api/clients-api';
import { CLIENT_TEXTS } from './clients-texts';

const PAGE_SIZE = 20;

/**
 * The client search (issue 35 §2): username, name, e-mail, client number or IP address; a page of 20 at a time
 * with the previous and next pages, "no clients found" said. The query lives in the URL (`?q=`); the page here.
 */
export function ClientSearch(props: {
  lang: Lang;
  r: RiskTexts;
  query: string;
  onQuery: (q: string) => void;
  onClient: (id: number) => void;
  onError: (error: string | null) => void;
}) {
  const { lang, r, query, onQuery, onClient, onError } = props;
  const ct = CLIENT_TEXTS[lang];
  const [q, setQ] = useState(query);
  const { page, setPage, setSearches, found } = useFound(lang, query, onError);
  useEffect(() => setQ(query), [query]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    if (q === query) setSearches((n) => n + 1);
    else onQuery(q);
  };
  const from = (page - 1) * PAGE_SIZE + 1;
  return (
    <section className="panel" data-testid="client-search">
      <form className="filters" onSubmit={search}>
        <label className="wide">
          {r.findClient}
          <input name="q" value={q} placeholder={ct.searchHint} onChange={(e) => setQ(e.target.value)} />
        </label>
        <button type="submit">{r.search}</button>
        {found?.length === 0 && (
          <span className="status" role="status">
            {r.noClients}
          </span>
        )}
        {found && found.length > 0 && (
          <span className="status">{ct.results(from, from + found.length - 1)}</span>
        )}
        {page > 1 && (
          <button type="button" onClick={() => setPage(page - 1)}>
            {ct.previous}
          </button>
        )}
        {found?.length === PAGE_SIZE && (
          <button type="button" onClick={() => setPage(page + 1)}>
            {ct.next}
          </button>
        )}
      </form>
      <FoundClients lang={lang} r={r} found={found} onClient={onClient} />
    </section>
  );
}

/** The page of clients found for the query (back to the first page when it changes); searched again on demand. */
function useFound(lang: Lang, query: string, onError: (error: string | null) => void) {
  const [page, setPage] = useState(1);
  const [searches, setSearches] = useState(0);
  const [found, setFound] = useState<OpsClientFound[] | null>(null);
  useEffect(() => setPage(1), [query]);
  useEffect(() => {
    if (!query) return setFound(null);
    onError(null);
    searchClients(query, page, PAGE_SIZE)
      .then(setFound)
      .catch((err: unknown) => onError(errorText(lang, err)));
  }, [query, page, searches, lang, onError]);
  return { page, setPage, setSearches, found };
}

function FoundClients(props: {
  lang: Lang;
  r: RiskTexts;
  found: OpsClientFound[] | null;
  onClient: (id: number) => void;
}) {
  const { r, found, onClient } = props;
  const ct = CLIENT_TEXTS[props.lang];
  return (
    <div className="found">
      {found?.map((c) => (
        <button key={c.id} className="link" data-client={c.id} onClick={() => onClient(c.id)} type="button">
          {c.username} ({c.brand.name}){c.name && ` · ${c.name}`}
          <span className="status"> · {ct.matched[c.matched]}</span>
          {c.blocked && <span className="tag susp"> {ct.blocked}</span>}
          {c.debt > 0 && (
            <span className="tag susp">
              {' '}
              {r.debt} {money(c.debt)}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
