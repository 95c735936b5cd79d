import { useState } from 'react';
import type { OpsCatalogueEvent, OpsEventView } from '@sb/contract';
import { getCatalogue } from '../events/api/get-catalogue';
import { getEvent } from '../events/api/get-event';
import type { Lang } from '../../i18n';
import type { PromotionsTexts } from './promotions-texts';
import './selection-picker.css';

/** A selection the operator chose by name: its id (the terms' `oddId`) and its name in both desk languages. */
export interface PickedSelection {
  oddId: number;
  /** "Galatasaray – Fenerbahçe · Match result · 1", in English and Turkish. */
  name: { en: string; tr: string };
  /** Its price now, before the brand's margin (the server checks the boost against the brand's own). */
  price: number;
}

/** The selection's name as the desk shows it: the match, the market and the outcome. */
export function selectionName(
  event: Pick<OpsCatalogueEvent, 'home' | 'away'>,
  market: { name: { en: string; tr: string } },
  selection: { name: { en: string; tr: string } },
): PickedSelection['name'] {
  const of = (l: Lang) => `${event.home} – ${event.away} · ${market.name[l]} · ${selection.name[l]}`;
  return { en: of('en'), tr: of('tr') };
}

/**
 * An odds boost's selection picked by name (issue 36): find the event (team, competition or event id, through the
 * trading floor's navigator `GET /ops/v1/catalogue`), then its market and an open selection (`GET
 * /ops/v1/events/{id}`). Never a typed number.
 */
export function SelectionPicker({
  pt,
  lang,
  picked,
  onPick,
}: {
  pt: PromotionsTexts;
  lang: Lang;
  picked: PickedSelection | null;
  onPick: (selection: PickedSelection | null) => void;
}) {
  const p = usePicker(pt, onPick);
  const { view, market } = p;

  return (
    <fieldset className="selection-picker" data-testid="boost-selection">
      <legend>{pt.picker.title}</legend>
      <EventSearch pt={pt} q={p.q} onQ={p.setQ} onFind={() => void p.find()} />
      {p.events && p.events.length === 0 && <p role="status">{pt.picker.noEvents}</p>}
      {p.events && p.events.length > 0 && (
        <PickerSelect
          label={pt.picker.match}
          name="boostEvent"
          value={view?.event.id ?? ''}
          choose={pt.picker.choose}
          options={p.events.map((e) => ({ id: e.id, text: eventText(e, lang) }))}
          onChange={(id) => void p.chooseEvent(id)}
        />
      )}
      {view && (
        <PickerSelect
          label={pt.picker.market}
          name="boostMarket"
          value={p.marketId ?? ''}
          choose={pt.picker.choose}
          options={p.markets.map((m) => ({ id: m.id, text: m.name[lang] }))}
          onChange={p.chooseMarket}
        />
      )}
      {view && market && (
        <PickerSelect
          label={pt.picker.selection}
          name="boostSelection"
          value={picked?.oddId ?? ''}
          choose={pt.picker.choose}
          options={p.selections.map((s) => ({ id: s.id, text: `${s.name[lang]} · ${s.price.toFixed(2)}` }))}
          onChange={(id) => {
            const s = p.selections.find((x) => x.id === id);
            onPick(s ? { oddId: s.id, name: selectionName(view.event, market, s), price: s.price } : null);
          }}
        />
      )}
      {picked && (
        <p className="selection-picker__picked" data-testid="boost-picked">
          {pt.picker.picked(picked.name[lang], picked.price.toFixed(2))}
        </p>
      )}
      {p.error && <p role="alert">{p.error}</p>}
    </fieldset>
  );
}

/** The event as the match list names it: teams, competition and kick-off in the desk's language. */
const eventText = (e: OpsCatalogueEvent, lang: Lang) =>
  `${e.home} – ${e.away} · ${e.competition.name[lang]} · ${new Date(e.startAt).toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' })}`;

/** The events found for the search, and the one chosen with its markets (each choice clears the ones after it). */
function usePicker(pt: PromotionsTexts, onPick: (selection: PickedSelection | null) => void) {
  const [q, setQ] = useState('');
  const [events, setEvents] = useState<OpsCatalogueEvent[] | null>(null);
  const [view, setView] = useState<OpsEventView | null>(null);
  const [marketId, setMarketId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const find = async () => {
    setError(null);
    setView(null);
    setMarketId(null);
    onPick(null);
    try {
      const found = await getCatalogue({ q: q.trim() });
      setEvents(found.events.filter((e) => e.status === 'not_started' || e.status === 'live'));
    } catch {
      setError(pt.picker.failed);
    }
  };
  const chooseEvent = async (id: number) => {
    setMarketId(null);
    onPick(null);
    setView(null);
    if (!id) return;
    try {
      setView(await getEvent(id));
    } catch {
      setError(pt.picker.failed);
    }
  };
  const markets = (view?.markets ?? []).filter((m) => m.status === 'open');
  const market = markets.find((m) => m.id === marketId);
  const selections = (market?.selections ?? []).filter((s) => s.status === 'open');
  const chooseMarket = (id: number) => {
    setMarketId(id || null);
    onPick(null);
  };
  return {
    q,
    setQ,
    events,
    view,
    marketId,
    chooseMarket,
    error,
    find,
    chooseEvent,
    markets,
    market,
    selections,
  };
}

/** One of the picker's lists: a choice by id, "choose" first. */
function PickerSelect(props: {
  label: string;
  name: string;
  value: number | '';
  choose: string;
  options: { id: number; text: string }[];
  onChange: (id: number) => void;
}) {
  return (
    <label>
      {props.label}
      <select name={props.name} value={props.value} onChange={(e) => props.onChange(Number(e.target.value))}>
        <option value="">{props.choose}</option>
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The event search: team, competition or event id, sent with Enter or the button. */
function EventSearch(props: {
  pt: PromotionsTexts;
  q: string;
  onQ: (q: string) => void;
  onFind: () => void;
}) {
  const { pt, q, onQ, onFind } = props;
  return (
    <>
      <label>
        {pt.picker.event}
        <input
          name="eventSearch"
          value={q}
          placeholder={pt.picker.placeholder}
          onChange={(e) => onQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (q.trim()) onFind();
          }}
        />
      </label>
      <button type="button" onClick={onFind} disabled={!q.trim()}>
        {pt.search}
      </button>
    </>
  );
}
