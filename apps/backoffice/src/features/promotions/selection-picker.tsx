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

  return (
    <fieldset className="selection-picker" data-testid="boost-selection">
      <legend>{pt.picker.title}</legend>
      <label>
        {pt.picker.event}
        <input
          name="eventSearch"
          value={q}
          placeholder={pt.picker.placeholder}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (q.trim()) void find();
          }}
        />
      </label>
      <button type="button" onClick={() => void find()} disabled={!q.trim()}>
        {pt.search}
      </button>
      {events && events.length === 0 && <p role="status">{pt.picker.noEvents}</p>}
      {events && events.length > 0 && (
        <label>
          {pt.picker.match}
          <select
            name="boostEvent"
            value={view?.event.id ?? ''}
            onChange={(e) => void chooseEvent(Number(e.target.value))}
          >
            <option value="">{pt.picker.choose}</option>
            {events.map((e) => (
              <option key={e.id} value={e.id}>
                {`${e.home} – ${e.away} · ${e.competition.name[lang]} · ${new Date(e.startAt).toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' })}`}
              </option>
            ))}
          </select>
        </label>
      )}
      {view && (
        <label>
          {pt.picker.market}
          <select
            name="boostMarket"
            value={marketId ?? ''}
            onChange={(e) => {
              setMarketId(Number(e.target.value) || null);
              onPick(null);
            }}
          >
            <option value="">{pt.picker.choose}</option>
            {markets.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name[lang]}
              </option>
            ))}
          </select>
        </label>
      )}
      {view && market && (
        <label>
          {pt.picker.selection}
          <select
            name="boostSelection"
            value={picked?.oddId ?? ''}
            onChange={(e) => {
              const s = selections.find((x) => x.id === Number(e.target.value));
              onPick(s ? { oddId: s.id, name: selectionName(view.event, market, s), price: s.price } : null);
            }}
          >
            <option value="">{pt.picker.choose}</option>
            {selections.map((s) => (
              <option key={s.id} value={s.id}>
                {`${s.name[lang]} · ${s.price.toFixed(2)}`}
              </option>
            ))}
          </select>
        </label>
      )}
      {picked && (
        <p className="selection-picker__picked" data-testid="boost-picked">
          {pt.picker.picked(picked.name[lang], picked.price.toFixed(2))}
        </p>
      )}
      {error && <p role="alert">{error}</p>}
    </fieldset>
  );
}
