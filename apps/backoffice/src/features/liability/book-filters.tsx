import { useEffect, useState } from 'react';
import type { OpsBookSort, OpsLiabilityBook, OpsPickLists } from '@sb/contract';
import { OPS_BOOK_SORTS } from '@sb/contract';
import type { Lang } from '../../i18n';
import type { LiabilityFilters } from './liability-query';
import type { LiabilityTexts } from './liability-texts';

/** The book's filters as the page holds them, and the lists their selects offer. */
interface BookFiltersProps {
  lt: LiabilityTexts;
  lang: Lang;
  filters: LiabilityFilters;
  sort: OpsBookSort;
  picks: OpsPickLists | null;
  competitions: OpsLiabilityBook['competitions'];
  onFilters: (next: Partial<LiabilityFilters>) => void;
}

/** The sport and competition selects: a sport's change clears the competition (it belonged to the other sport). */
function PlaceFields({ lt, lang, filters, picks, competitions, onFilters }: BookFiltersProps) {
  return (
    <>
      <label>
        {lt.sport}
        <select
          name="sport"
          value={filters.sport}
          onChange={(e) => onFilters({ sport: e.target.value, competition: '' })}
        >
          <option value="">{lt.every}</option>
          {picks?.sports.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name[lang]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {lt.competition}
        <select
          name="competition"
          value={filters.competition}
          onChange={(e) => onFilters({ competition: e.target.value })}
        >
          <option value="">{lt.every}</option>
          {competitions.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name[lang]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/**
 * The book's filters: sport, competition and sort apply as they change; the start-time window is a draft until
 * Apply (a half-typed date would otherwise reload the book at every keystroke).
 */
export function BookFilters(props: BookFiltersProps) {
  const { lt, filters, sort, onFilters } = props;
  const [draft, setDraft] = useState({ from: filters.from, to: filters.to });
  useEffect(() => setDraft({ from: filters.from, to: filters.to }), [filters.from, filters.to]);
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault();
        onFilters(draft);
      }}
    >
      <PlaceFields {...props} />
      <label>
        {lt.from}
        <input
          type="datetime-local"
          name="from"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
      </label>
      <label>
        {lt.to}
        <input
          type="datetime-local"
          name="to"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
      </label>
      <label>
        {lt.sortBy}
        <select name="sort" value={sort} onChange={(e) => onFilters({ sort: e.target.value })}>
          {OPS_BOOK_SORTS.map((s) => (
            <option key={s} value={s}>
              {lt.sorts[s]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">{lt.apply}</button>
      <button
        type="button"
        onClick={() => onFilters({ sport: '', competition: '', from: '', to: '', sort: 'worst' })}
      >
        {lt.clear}
      </button>
    </form>
  );
}
