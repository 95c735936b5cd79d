import type { OpsBookSort, OpsLiabilityBook, OpsPickLists } from '@sb/contract';
import { money } from '../../api';
import type { Lang, Texts } from '../../i18n';
import { BookFilters } from './book-filters';
import { BookTable } from './book-tables';
import { VIEWS, type BookView, type LiabilityFilters } from './liability-query';
import type { LiabilityTexts } from './liability-texts';

/** The whole filtered book's bets, stakes, max payout and worst case, above its tables. */
function BookTotals({ lt, book }: { lt: LiabilityTexts; book: OpsLiabilityBook }) {
  return (
    <p className="totals" data-testid="book-totals">
      {lt.totals}: {lt.bets} <strong data-figure="bets">{book.book.bets}</strong> · {lt.stakes}{' '}
      <strong data-figure="stakes">{money(book.book.stakes)}</strong> · {lt.maxPayout}{' '}
      <strong data-figure="maxPayout">{money(book.book.maxPayout)}</strong> · {lt.worstCase}{' '}
      <strong data-figure="worstCase" className={book.book.worstCase < 0 ? 'neg' : ''}>
        {money(book.book.worstCase)}
      </strong>
    </p>
  );
}

/** The tabs of the book's roll-ups (events, sports, competitions, clients); the chosen one is in the query string. */
function BookTabs({
  lt,
  view,
  onFilters,
}: {
  lt: LiabilityTexts;
  view: BookView;
  onFilters: (next: Partial<LiabilityFilters>) => void;
}) {
  return (
    <div className="tabs" role="tablist">
      {VIEWS.map((v) => (
        <button
          key={v}
          role="tab"
          aria-selected={view === v}
          data-view={v}
          onClick={() => onFilters({ view: v })}
        >
          {lt.views[v]}
        </button>
      ))}
    </div>
  );
}

/** The book section's reads and the page's filters, view and sort, and where its links lead. */
interface BookSectionProps {
  t: Texts;
  lt: LiabilityTexts;
  lang: Lang;
  eventId: number | null;
  filters: LiabilityFilters;
  view: BookView;
  sort: OpsBookSort;
  book: OpsLiabilityBook | null;
  bookError: string | null;
  picks: OpsPickLists | null;
  onFilters: (next: Partial<LiabilityFilters>) => void;
  onEvent: (id: number) => void;
  onClient: (id: number) => void;
}

/** The open book: its filters, totals, roll-up tabs and the chosen roll-up's table. */
export function BookSection(props: BookSectionProps) {
  const { lt, lang, filters, view, sort, book, picks, onFilters } = props;
  return (
    <section className="panel" data-testid="book">
      <h2>{lt.book}</h2>
      <BookFilters
        lt={lt}
        lang={lang}
        filters={filters}
        sort={sort}
        picks={picks}
        competitions={book?.competitions ?? []}
        onFilters={onFilters}
      />
      {book && <BookTotals lt={lt} book={book} />}
      <BookTabs lt={lt} view={view} onFilters={onFilters} />
      <BookTable {...props} />
    </section>
  );
}
