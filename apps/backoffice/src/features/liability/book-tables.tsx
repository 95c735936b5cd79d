import type { OpsBookSort, OpsLiabilityBook } from '@sb/contract';
import { money } from '../../api';
import { dateTime } from '../../app/format';
import { TableState, viewStateOf } from '../../components/view-state';
import type { Lang, Texts } from '../../i18n';
import type { BookView, LiabilityFilters } from './liability-query';
import type { LiabilityTexts } from './liability-texts';

type Figured = { bets: number; stakes: number; maxPayout: number; worstCase: number };

/** What every roll-up table is drawn from. */
interface BookTableProps {
  t: Texts;
  lt: LiabilityTexts;
  lang: Lang;
  book: OpsLiabilityBook | null;
  bookError: string | null;
  onFilters: (next: Partial<LiabilityFilters>) => void;
}

/** A row's bets, stakes, max payout and worst case cells (the worst case red when the house loses). */
function Figures({ r }: { r: Figured }) {
  return (
    <>
      <td className="num">{r.bets}</td>
      <td className="num">{money(r.stakes)}</td>
      <td className="num">{money(r.maxPayout)}</td>
      <td className={`num ${r.worstCase < 0 ? 'neg' : ''}`}>{money(r.worstCase)}</td>
    </>
  );
}

/** The headers of the figures' cells. */
function FigureHeads({ lt }: { lt: LiabilityTexts }) {
  return (
    <>
      <th className="num">{lt.bets}</th>
      <th className="num">{lt.stakes}</th>
      <th className="num">{lt.maxPayout}</th>
      <th className="num">{lt.worstCase}</th>
    </>
  );
}

/** A table's loading, empty or outage row (the book's, for every roll-up). */
function BookState({ t, lt, book, bookError, count }: BookTableProps & { count: number | undefined }) {
  return (
    <TableState
      colSpan={6}
      state={viewStateOf(book !== null, count ?? 0, bookError)}
      loading={t.loading}
      empty={lt.noRows}
      outage={bookError}
    />
  );
}

/** A header that sorts the book by its column (start ascending, every figure descending). */
function SortHeader(props: {
  sort: OpsBookSort;
  by: OpsBookSort;
  label: string;
  className?: string;
  onFilters: (next: Partial<LiabilityFilters>) => void;
}) {
  const { sort, by, label, className = 'num', onFilters } = props;
  return (
    <th
      className={className}
      aria-sort={sort === by ? (by === 'start' ? 'ascending' : 'descending') : 'none'}
    >
      <button className="link" data-sort={by} onClick={() => onFilters({ sort: by })}>
        {label}
        {sort === by ? (by === 'start' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
}

/** The book's events, sortable, with a link to each one's liability. */
function EventsTable(
  props: BookTableProps & { sort: OpsBookSort; eventId: number | null; onEvent: (id: number) => void },
) {
  const { t, lt, lang, book, sort, eventId, onEvent, onFilters } = props;
  const header = (by: OpsBookSort, label: string, className?: string) => (
    <SortHeader sort={sort} by={by} label={label} className={className} onFilters={onFilters} />
  );
  return (
    <table data-testid="matches">
      <thead>
        <tr>
          <th>{t.event}</th>
          {header('start', lt.start, '')}
          {header('bets', lt.bets)}
          {header('stakes', lt.stakes)}
          {header('payout', lt.maxPayout)}
          {header('worst', lt.worstCase)}
        </tr>
      </thead>
      <tbody>
        <BookState {...props} count={book?.events.length} />
        {book?.events.map((e) => (
          <tr key={e.eventId} aria-selected={e.eventId === eventId} data-row={e.eventId}>
            <td>
              <button className="link" data-event={e.eventId} onClick={() => onEvent(e.eventId)}>
                {e.event}
              </button>{' '}
              {e.isLive && <span className="tag live">{t.live}</span>}
              <div className="muted">
                {e.sport.name[lang]} · {e.competition.name[lang]}
              </div>
            </td>
            <td>{dateTime(lang, e.startAt)}</td>
            <Figures r={e} />
          </tr>
        ))}
      </tbody>
      {book && book.eventCount > book.events.length && (
        <caption>{lt.shown(book.events.length, book.eventCount)}</caption>
      )}
    </table>
  );
}

/** The book rolled up by sport; a sport's link filters the events by it. */
function SportsTable(props: BookTableProps) {
  const { lt, lang, book, onFilters } = props;
  return (
    <table data-testid="by-sport">
      <thead>
        <tr>
          <th>{lt.sport}</th>
          <th className="num">{lt.events}</th>
          <FigureHeads lt={lt} />
        </tr>
      </thead>
      <tbody>
        <BookState {...props} count={book?.sports.length} />
        {book?.sports.map((s) => (
          <tr key={s.id}>
            <td>
              <button
                className="link"
                data-sport={s.id}
                onClick={() => onFilters({ sport: String(s.id), competition: '', view: 'events' })}
              >
                {s.name[lang]}
              </button>
            </td>
            <td className="num">{s.events}</td>
            <Figures r={s} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The book rolled up by competition; a competition's link filters the events by it. */
function CompetitionsTable(props: BookTableProps) {
  const { lt, lang, book, onFilters } = props;
  const competitions = book?.competitions ?? [];
  return (
    <table data-testid="by-competition">
      <thead>
        <tr>
          <th>{lt.competition}</th>
          <th className="num">{lt.events}</th>
          <FigureHeads lt={lt} />
        </tr>
      </thead>
      <tbody>
        <BookState {...props} count={competitions.length} />
        {competitions.map((c) => (
          <tr key={c.id}>
            <td>
              <button
                className="link"
                data-competition={c.id}
                onClick={() => onFilters({ competition: String(c.id), view: 'events' })}
              >
                {c.name[lang]}
              </button>
              <div className="muted">{c.sport.name[lang]}</div>
            </td>
            <td className="num">{c.events}</td>
            <Figures r={c} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The book rolled up by client; a client's link opens their file. */
function ClientsTable(props: BookTableProps & { onClient: (id: number) => void }) {
  const { lt, book, onClient } = props;
  return (
    <table data-testid="by-client">
      <thead>
        <tr>
          <th>{lt.client}</th>
          <th>{lt.brand}</th>
          <FigureHeads lt={lt} />
        </tr>
      </thead>
      <tbody>
        <BookState {...props} count={book?.clients.length} />
        {book?.clients.map((c) => (
          <tr key={c.id}>
            <td>
              <button className="link" data-client={c.id} onClick={() => onClient(c.id)}>
                {c.username}
              </button>
            </td>
            <td>{c.brand.name}</td>
            <Figures r={c} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The chosen roll-up of the book: its events, or its totals by sport, competition or client. */
export function BookTable(
  props: BookTableProps & {
    view: BookView;
    sort: OpsBookSort;
    eventId: number | null;
    onEvent: (id: number) => void;
    onClient: (id: number) => void;
  },
) {
  if (props.view === 'events') return <EventsTable {...props} />;
  if (props.view === 'sports') return <SportsTable {...props} />;
  if (props.view === 'competitions') return <CompetitionsTable {...props} />;
  return <ClientsTable {...props} />;
}
