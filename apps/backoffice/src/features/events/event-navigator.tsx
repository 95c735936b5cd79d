import type { OpsCatalogueResponse } from '@sb/contract';
import type { Lang, Texts } from '../../i18n';
import { dateTime } from '../../app/format';
import type { CatalogueQuery } from './api/get-catalogue';
import type { EventsTexts } from './events-texts';

type Catalogue = OpsCatalogueResponse['result'];
type SportNode = Catalogue['tree'][number];

export interface NavigatorProps {
  lang: Lang;
  et: EventsTexts;
  t: Texts;
  query: CatalogueQuery;
  setQuery: (query: CatalogueQuery) => void;
  text: string;
  setText: (text: string) => void;
  catalogue: Catalogue | null;
  listError: string | null;
  eventId: number | null;
  onPick: (id: number) => void;
}

/** The event navigator: search by team, competition or number, the tree sport › region › competition, the list. */
export function EventNavigator(props: NavigatorProps) {
  const { et, query, catalogue, listError } = props;
  const name = (n: { en: string; tr: string }) => n[props.lang];
  const sports = catalogue?.tree ?? [];
  const sport = sports.find((s) => s.id === query.sport) ?? (sports.length === 1 ? sports[0] : undefined);
  return (
    <section className="panel" aria-label={et.tab}>
      <EventFilters {...props} sports={sports} />
      {listError && <p className="error">{listError}</p>}
      {sport && <EventTree {...props} sport={sport} name={name} />}
      {catalogue === null && !listError && <p className="status">{et.loading}</p>}
      {catalogue && <EventList {...props} catalogue={catalogue} name={name} />}
    </section>
  );
}

function EventFilters({
  et,
  t,
  query,
  setQuery,
  text,
  setText,
  lang,
  sports,
}: NavigatorProps & { sports: SportNode[] }) {
  const liveValue = query.live === undefined ? 'all' : query.live ? 'live' : 'pre';
  return (
    <div className="filters events-filters">
      <input
        type="search"
        value={text}
        placeholder={et.search}
        maxLength={100}
        aria-label={et.search}
        onChange={(e) => setText(e.target.value)}
      />
      <select
        aria-label={t.sport}
        value={query.sport ?? ''}
        onChange={(e) =>
          setQuery({
            ...query,
            sport: e.target.value ? Number(e.target.value) : undefined,
            competition: undefined,
          })
        }
      >
        <option value="">{et.allSports}</option>
        {sports.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name[lang]} ({s.events})
          </option>
        ))}
      </select>
      <div role="group" className="events-live">
        {(['all', 'live', 'pre'] as const).map((v) => (
          <button
            key={v}
            aria-pressed={liveValue === v}
            onClick={() => setQuery({ ...query, live: v === 'all' ? undefined : v === 'live' })}
          >
            {v === 'all' ? et.all : v === 'live' ? et.live : et.preMatch}
          </button>
        ))}
      </div>
    </div>
  );
}

type Named = { name: (n: { en: string; tr: string }) => string };

function EventTree({ et, query, setQuery, sport, name }: NavigatorProps & Named & { sport: SportNode }) {
  return (
    <ul className="events-tree" aria-label={name(sport.name)}>
      {sport.regions.map((r) => (
        <li key={r.id}>
          <span className="status">
            {name(r.name)} ({r.events})
          </span>
          <ul>
            {r.competitions.map((c) => (
              <li key={c.id}>
                <button
                  className="link"
                  aria-pressed={query.competition === c.id}
                  onClick={() =>
                    setQuery({ ...query, competition: query.competition === c.id ? undefined : c.id })
                  }
                >
                  {name(c.name)}
                </button>{' '}
                <span className="status">
                  {c.events}
                  {c.live > 0 ? ` · ${et.live} ${c.live}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function EventList({
  et,
  lang,
  eventId,
  onPick,
  catalogue,
  name,
}: NavigatorProps & Named & { catalogue: Catalogue }) {
  return (
    <>
      <p className="status">{et.matches(catalogue.total)}</p>
      {catalogue.events.length === 0 && <p>{et.noEvents}</p>}
      <ul className="events-list">
        {catalogue.events.map((e) => (
          <li key={e.id}>
            <button
              className="market-pick"
              data-event={e.id}
              aria-pressed={eventId === e.id}
              onClick={() => onPick(e.id)}
            >
              <strong>
                {e.home} – {e.away}
              </strong>
              {e.isLive && <span className="tag live">{et.live}</span>}
              <br />
              <span className="status">
                {name(e.competition.name)} · {e.score ? `${e.score.home}:${e.score.away} · ` : ''}
                {dateTime(lang, e.startAt)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
