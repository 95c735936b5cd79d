import type { OpsPickLists } from '@sb/contract';
import type { Lang, Texts } from '../../i18n';
import { TICKER_FILTERS, type TickerFilters } from './ticker-query';
import type { TickerTexts } from './ticker-texts';

/** The form's state (useTickerFilters), the URL's filters, and what the form shows beside them. */
interface TickerFiltersProps {
  t: Texts;
  tt: TickerTexts;
  lang: Lang;
  filters: TickerFilters;
  onFilters: (next: TickerFilters) => void;
  draft: TickerFilters;
  setDraft: (next: TickerFilters) => void;
  lists: OpsPickLists | null;
  clientText: string;
  setClientText: (text: string) => void;
  clientMatches: { id: number; username: string }[];
  apply: () => void;
  /** The filtered event's name, for its chip. */
  eventName: string;
  connected: boolean;
}

/** The brand and sport selects (no "all brands" for an operator of one brand). */
function PlaceFields({ t, tt, lang, draft, setDraft, lists }: TickerFiltersProps) {
  return (
    <>
      <label>
        {t.brand}
        <select
          name="brand"
          value={draft.brand}
          onChange={(e) => setDraft({ ...draft, brand: e.target.value })}
        >
          {(lists?.brands.length ?? 0) !== 1 && <option value="">{tt.allBrands}</option>}
          {lists?.brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.sport}
        <select
          name="sport"
          value={draft.sport}
          onChange={(e) => setDraft({ ...draft, sport: e.target.value })}
        >
          <option value="">{tt.allSports}</option>
          {lists?.sports.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name[lang]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** The client (by name, with the matches as suggestions), minimum stake and live-only fields. */
function BetFields({ t, tt, draft, setDraft, clientText, setClientText, clientMatches }: TickerFiltersProps) {
  return (
    <>
      <label>
        {tt.clientSearch}
        <input
          name="client"
          list="ticker-clients"
          autoComplete="off"
          placeholder={tt.anyClient}
          value={clientText}
          onChange={(e) => setClientText(e.target.value)}
        />
        <datalist id="ticker-clients">
          {clientMatches.map((c) => (
            <option key={c.id} value={c.username} />
          ))}
        </datalist>
      </label>
      <label>
        {t.minStake}
        <input
          name="minStake"
          inputMode="decimal"
          value={draft.minStake}
          onChange={(e) => setDraft({ ...draft, minStake: e.target.value })}
        />
      </label>
      <label>
        {t.liveOnly}
        <input
          type="checkbox"
          checked={draft.live === 'true'}
          onChange={(e) => setDraft({ ...draft, live: e.target.checked ? 'true' : '' })}
        />
      </label>
    </>
  );
}

/** The ticker's filters (applied with Apply), the event filter's chip when a link set one, and the feed's status. */
export function TickerFiltersForm(props: TickerFiltersProps) {
  const { t, tt, filters, onFilters, apply, eventName, connected } = props;
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <PlaceFields {...props} />
      <BetFields {...props} />
      {filters.event && (
        <span className="chip" data-filter="event">
          {tt.eventFilter}: {eventName}{' '}
          <button
            type="button"
            className="link"
            aria-label={tt.removeFilter}
            onClick={() => onFilters({ ...filters, event: '' })}
          >
            ✕
          </button>
        </span>
      )}
      <button className="primary" type="submit">
        {t.apply}
      </button>
      <button type="button" onClick={() => onFilters(TICKER_FILTERS)}>
        {t.clear}
      </button>
      <span className="status" data-testid="feed-status">
        {connected ? t.connected : t.disconnected}
      </span>
    </form>
  );
}
