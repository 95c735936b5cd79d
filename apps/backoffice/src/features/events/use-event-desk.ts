import { useEffect, useState, type KeyboardEvent } from 'react';
import { formatOdds, ladderTick } from '@sb/betting';
import { money } from '../../api';
import type { Lang, Texts } from '../../i18n';
import { clearOverride } from './api/clear-override';
import { overridePrice } from './api/override-price';
import { setEventSuspension } from './api/set-event-suspension';
import { setMarketSuspension } from './api/set-market-suspension';
import { setSelectionSuspension } from './api/set-selection-suspension';
import { setLimit, type EventLimitKind, type EventLimitLevel } from './api/set-limit';
import type { EventDesk, Market, Selection } from './event-desk';
import type { EventsTexts } from './events-texts';
import type { LimitTarget } from './limit-form';
import type { useEventView } from './use-event-view';

/** How long a price set on the ladder runs (the Controls tab's default), after which the model's price returns. */
const OVERRIDE_MS = 60 * 60_000;

/** What the desk's actions need: the texts, whether this operator trades, and the open event's view (useEventView). */
interface DeskInput {
  lang: Lang;
  et: EventsTexts;
  t: Texts;
  canTrade: boolean;
  eventId: number | null;
  events: ReturnType<typeof useEventView>;
}

/** The limit form's target (closed for another event) and the save of its amount (or its removal). */
function useLimitEditing({ et, t, eventId, events }: DeskInput, reason: string) {
  const [limitTarget, setLimitTarget] = useState<LimitTarget | null>(null);
  useEffect(() => setLimitTarget(null), [eventId]);
  const saveLimit = (amount: number | null) => {
    if (!limitTarget) return;
    const target = limitTarget;
    const stake = target.kind === 'stake';
    const what =
      amount === null
        ? (stake ? et.limitRemoved : et.liabilityRemoved)(target.label)
        : (stake ? et.limitSet : et.liabilitySet)(target.label, money(amount));
    void events
      .act(what, () =>
        setLimit(
          target.kind,
          target.level,
          target.refId,
          amount,
          t.reasons[reason as keyof typeof t.reasons],
        ),
      )
      .then((done) => done && setLimitTarget(null));
  };
  return { limitTarget, setLimitTarget, saveLimit };
}

/** The trading actions on markets and selections: suspensions, a tick up or down the ladder, the model's price back. */
function tradingActions({ et, t, events }: DeskInput, reason: string, name: EventDesk['name']) {
  const { act } = events;
  const pickName = (m: Market, s: Selection) => `${name(m.name)} · ${name(s.name)}`;
  const marketSuspension = (m: Market, action: 'suspend' | 'resume') =>
    void act(action === 'suspend' ? et.suspendMarketOf(name(m.name)) : et.resumeMarketOf(name(m.name)), () =>
      setMarketSuspension(m.id, action, reason),
    );
  /** One tick up or down the book's ladder from the price players see now. */
  const tickPrice = (m: Market, s: Selection, direction: 1 | -1) => {
    const odd = ladderTick(s.price, direction);
    if (odd === null) {
      events.setNotice(null);
      events.setViewError(et.errors.ladderEnd);
      return;
    }
    const label = direction === 1 ? et.tickUp(pickName(m, s)) : et.tickDown(pickName(m, s));
    void act(`${label} (${formatOdds(odd)})`, () =>
      overridePrice(
        s.id,
        odd,
        new Date(Date.now() + OVERRIDE_MS),
        t.reasons[reason as keyof typeof t.reasons],
      ),
    );
  };
  const modelPrice = (m: Market, s: Selection) =>
    void act(et.modelBack(pickName(m, s)), () => clearOverride(s.id));
  const selectionSuspension = (m: Market, s: Selection, action: 'suspend' | 'resume') =>
    void act(
      action === 'suspend' ? et.suspendSelectionOf(pickName(m, s)) : et.resumeSelectionOf(pickName(m, s)),
      () => setSelectionSuspension(s.id, action, reason),
    );
  return { pickName, marketSuspension, tickPrice, modelPrice, selectionSuspension };
}

/**
 * The focused selection row's shortcuts: S / R its market, Shift+S / Shift+R the selection alone, ↑ / ↓ the
 * ladder, M the model's price, L the selection's stake limit.
 */
function rowKeys(desk: Omit<EventDesk, 'onRowKey'>) {
  return (e: KeyboardEvent, m: Market, s: Selection) => {
    if (!desk.canTrade || desk.busy || e.altKey || e.ctrlKey || e.metaKey) return;
    const key = e.key.length === 1 ? `${e.shiftKey ? 'Shift+' : ''}${e.key.toLowerCase()}` : e.key;
    const run: Record<string, () => void> = {
      s: () => desk.marketSuspension(m, 'suspend'),
      r: () => desk.marketSuspension(m, 'resume'),
      'Shift+s': () => desk.selectionSuspension(m, s, 'suspend'),
      'Shift+r': () => desk.selectionSuspension(m, s, 'resume'),
      l: () => desk.editLimit({ kind: 'stake', level: 'selection', refId: s.id, label: desk.pickName(m, s) }),
      m: () => s.overrideUntil !== null && desk.modelPrice(m, s),
      ArrowUp: () => desk.tickPrice(m, s, 1),
      ArrowDown: () => desk.tickPrice(m, s, -1),
    };
    if (!run[key]) return;
    e.preventDefault();
    run[key]();
  };
}

/**
 * The event view's desk: the reason its actions are given, the trading actions and their shortcuts, the event's
 * limits and the limit form's target, as the view's parts (header, markets, limit form) are handed them.
 */
export function useEventDesk(input: DeskInput) {
  const { lang, et, t, canTrade, eventId, events } = input;
  const name = (n: { en: string; tr: string }) => n[lang];
  const [reason, setReason] = useState<string>('feed_issue');
  const limits = useLimitEditing(input, reason);
  /** The limit of a kind (every brand's: the one the desk sets) at a level of this event, or undefined. */
  const limitOf = (level: EventLimitLevel, refId: number, kind: EventLimitKind = 'stake') =>
    events.view?.limits.find(
      (l) => l.kind === kind && l.level === level && l.refId === refId && l.brandId === null,
    );
  const suspension = (action: 'suspend' | 'resume') =>
    eventId !== null &&
    void events.act(action === 'suspend' ? et.suspendEvent : et.resumeEvent, () =>
      setEventSuspension(eventId, action, reason),
    );
  const partial: Omit<EventDesk, 'onRowKey'> = {
    et,
    t,
    name,
    canTrade,
    busy: events.busy,
    limitOf,
    liabilityOf: (level, refId) => limitOf(level, refId, 'liability'),
    /** Opens the limit form on a target (with its limit as it stands). */
    editLimit: (target) => limits.setLimitTarget(target),
    ...tradingActions(input, reason, name),
    reason,
    onReason: setReason,
    eventSuspension: (action) => void suspension(action),
  };
  const desk: EventDesk = { ...partial, onRowKey: rowKeys(partial) };
  return { desk, ...limits };
}
