import { useEffect, useState, type KeyboardEvent } from 'react';
import type { OpsCatalogueResponse, OpsEventView } from '@sb/contract';
import { formatOdds, ladderTick } from '@sb/betting';
import { ApiError, money } from '../../api';
import type { Me } from '../../app/me';
import { TEXTS, type Lang } from '../../i18n';
import { getCatalogue, type CatalogueQuery } from './api/get-catalogue';
import { getEvent } from './api/get-event';
import { clearOverride } from './api/clear-override';
import { overridePrice } from './api/override-price';
import { setEventSuspension } from './api/set-event-suspension';
import { setMarketSuspension } from './api/set-market-suspension';
import { setSelectionSuspension } from './api/set-selection-suspension';
import { setLimit, type EventLimitKind, type EventLimitLevel } from './api/set-limit';
import { connectTicker } from '../../ticker-socket';
import { EVENTS_TEXTS, type EventsTexts } from './events-texts';
import { LimitForm, type LimitTarget } from './limit-form';
import type { EventDesk, Market, Selection } from './event-desk';
import { EventActions, EventHeader } from './event-header';
import { EventMarkets } from './event-markets';
import { EventNavigator } from './event-navigator';
import './events.css';
import { errorText } from '../../app/error-text';
import { may } from '../../app/may';

/** The navigator's list (scores, counts) refreshes on this clock. */
const LIST_REFRESH_MS = 30_000;
/** The event view follows the operators' live topic; only while that socket is down does it poll, this slowly. */
const FALLBACK_POLL_MS = 15_000;
/**
 * Notices arriving together cause one reload after this pause: a live event's clock and reprices tell every second
 * or so, and a 90-market view is reloaded about once a second then, not once per notice.
 */
const PUSH_RELOAD_MS = 750;
/** How long a price set on the ladder runs (the Controls tab's default), after which the model's price returns. */
const OVERRIDE_MS = 60 * 60_000;
type Catalogue = OpsCatalogueResponse['result'];

/** A refusal or an outage as a sentence in the desk's language. */
function sentence(e: unknown, et: EventsTexts, lang: Lang): string {
  // Unreachable or failing: the desk's general sentences (app/error-text.ts), the same on every screen.
  if (!(e instanceof ApiError) || e.status === 0 || e.status >= 500) return errorText(lang, e);
  if (e.status === 403) return et.errors.forbidden;
  if (e.status === 404) return et.errors.not_found;
  if (e.status === 409) return e.code === 'no_override' ? et.errors.noOverride : et.errors.closed;
  if (e.status === 400) return et.errors.validation;
  return errorText(lang, e);
}

/**
 * The event navigator and the event view (issue 34 item 2): find an event by team, competition or number, or
 * through the tree sport › region › competition; see every market and selection by name with its price, model
 * price, state and liability; suspend or resume the whole event with a reason.
 */
export function EventsPage({
  lang,
  me,
  eventId,
  onEvent,
}: {
  lang: Lang;
  me: Me;
  /** The event the URL names (`/backoffice/events/{id}`), or null. */
  eventId: number | null;
  onEvent: (id: number) => void;
}) {
  const et = EVENTS_TEXTS[lang];
  const t = TEXTS[lang];
  const name = (n: { en: string; tr: string }) => n[lang];
  /** A selection as the desk names it: its market's name with its own ("Match Result · 1"). */
  const pickName = (m: Market, s: Selection) => `${name(m.name)} · ${name(s.name)}`;
  const [query, setQuery] = useState<CatalogueQuery>({});
  const [text, setText] = useState('');
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [view, setView] = useState<OpsEventView | null>(null);
  const [viewError, setViewError] = useState<string | null>(null);
  const [reason, setReason] = useState<string>('feed_issue');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  /** Reloads of the event view: a live notice, the fallback poll, a reconnect. */
  const [viewTick, setViewTick] = useState(0);
  /** Whether the operators' live topic is connected (the view then updates with no poll). */
  const [live, setLive] = useState(false);
  const [limitTarget, setLimitTarget] = useState<LimitTarget | null>(null);
  const canTrade = may(me, 'trade') && me.brandId === null;

  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  // Live: the operators' topic tells of every change to the open event (prices, states, score, bets, limits).
  useEffect(() => {
    if (eventId === null) return;
    let pending: ReturnType<typeof setTimeout> | null = null;
    let connectedBefore = false;
    const reload = () => setViewTick((n) => n + 1);
    const stop = connectTicker({
      watchEvent: eventId,
      onConnected: (connected) => {
        setLive(connected);
        // Back after an outage: what changed meanwhile.
        if (connected && connectedBefore) reload();
        connectedBefore ||= connected;
      },
      onEvent: () => {
        pending ??= setTimeout(() => {
          pending = null;
          reload();
        }, PUSH_RELOAD_MS);
      },
    });
    return () => {
      if (pending) clearTimeout(pending);
      stop();
      setLive(false);
    };
  }, [eventId]);
  useEffect(() => {
    if (eventId === null || live) return;
    const timer = setInterval(() => setViewTick((n) => n + 1), FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [eventId, live]);
  useEffect(() => setLimitTarget(null), [eventId]);
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
  useEffect(() => {
    if (eventId === null) return;
    let live = true;
    getEvent(eventId)
      .then((v) => live && (setView(v), setViewError(null)))
      .catch((e: unknown) => live && setViewError(sentence(e, et, lang)));
    return () => {
      live = false;
    };
  }, [eventId, viewTick, et]);

  /** Runs one trading action, then reloads the view; the outcome is a sentence (done, or why not). */
  async function act(what: string, action: () => Promise<unknown>): Promise<boolean> {
    if (eventId === null) return false;
    setBusy(true);
    setNotice(null);
    try {
      await action();
      setView(await getEvent(eventId));
      setViewError(null);
      setNotice(et.saved(what));
      return true;
    } catch (e) {
      setViewError(sentence(e, et, lang));
      return false;
    } finally {
      setBusy(false);
    }
  }
  const suspension = (action: 'suspend' | 'resume') =>
    eventId !== null &&
    void act(action === 'suspend' ? et.suspendEvent : et.resumeEvent, () =>
      setEventSuspension(eventId, action, reason),
    );
  const marketSuspension = (m: Market, action: 'suspend' | 'resume') =>
    void act(action === 'suspend' ? et.suspendMarketOf(name(m.name)) : et.resumeMarketOf(name(m.name)), () =>
      setMarketSuspension(m.id, action, reason),
    );
  /** One tick up or down the book's ladder from the price players see now. */
  const tickPrice = (m: Market, s: Selection, direction: 1 | -1) => {
    const odd = ladderTick(s.price, direction);
    if (odd === null) {
      setNotice(null);
      setViewError(et.errors.ladderEnd);
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
  /** The limit of a kind (every brand's: the one the desk sets) at a level of this event, or undefined. */
  const limitOf = (level: EventLimitLevel, refId: number, kind: EventLimitKind = 'stake') =>
    view?.limits.find((l) => l.kind === kind && l.level === level && l.refId === refId && l.brandId === null);
  const liabilityOf = (level: EventLimitLevel, refId: number) => limitOf(level, refId, 'liability');
  /** Opens the limit form on a target (with its limit as it stands). */
  const editLimit = (target: LimitTarget) => setLimitTarget(target);
  const saveLimit = (amount: number | null) => {
    if (!limitTarget) return;
    const target = limitTarget;
    const stake = target.kind === 'stake';
    const what =
      amount === null
        ? (stake ? et.limitRemoved : et.liabilityRemoved)(target.label)
        : (stake ? et.limitSet : et.liabilitySet)(target.label, money(amount));
    void act(what, () =>
      setLimit(target.kind, target.level, target.refId, amount, t.reasons[reason as keyof typeof t.reasons]),
    ).then((done) => done && setLimitTarget(null));
  };
  /**
   * The focused selection row's shortcuts: S / R its market, Shift+S / Shift+R the selection alone, ↑ / ↓ the
   * ladder, M the model's price, L the selection's stake limit.
   */
  const onRowKey = (e: KeyboardEvent, m: Market, s: Selection) => {
    if (!canTrade || busy || e.altKey || e.ctrlKey || e.metaKey) return;
    const key = e.key.length === 1 ? `${e.shiftKey ? 'Shift+' : ''}${e.key.toLowerCase()}` : e.key;
    const run: Record<string, () => void> = {
      s: () => marketSuspension(m, 'suspend'),
      r: () => marketSuspension(m, 'resume'),
      'Shift+s': () => selectionSuspension(m, s, 'suspend'),
      'Shift+r': () => selectionSuspension(m, s, 'resume'),
      l: () => editLimit({ kind: 'stake', level: 'selection', refId: s.id, label: pickName(m, s) }),
      m: () => s.overrideUntil !== null && modelPrice(m, s),
      ArrowUp: () => tickPrice(m, s, 1),
      ArrowDown: () => tickPrice(m, s, -1),
    };
    if (!run[key]) return;
    e.preventDefault();
    run[key]();
  };

  const desk: EventDesk = {
    et,
    t,
    name,
    pickName,
    canTrade,
    busy,
    limitOf,
    liabilityOf,
    editLimit,
    onRowKey,
    marketSuspension,
    selectionSuspension,
    tickPrice,
    modelPrice,
    reason,
    onReason: setReason,
    eventSuspension: (action) => void suspension(action),
  };
  return (
    <div className="split events-page">
      <EventNavigator
        {...{ lang, et, t, query, setQuery, text, setText, catalogue, listError, eventId }}
        onPick={(id) => {
          setView(null);
          onEvent(id);
        }}
      />
      <section className="panel" aria-live="polite">
        {eventId === null && <p className="status">{et.pick}</p>}
        {viewError && <p className="error">{viewError}</p>}
        {eventId !== null && view === null && !viewError && <p className="status">{et.loading}</p>}
        {view && (
          <>
            <EventHeader desk={desk} view={view} lang={lang} live={live} />
            {canTrade && <EventActions desk={desk} view={view} />}
            {canTrade && limitTarget && (
              <LimitForm
                key={`${limitTarget.kind}:${limitTarget.level}:${limitTarget.refId}`}
                et={et}
                target={limitTarget}
                current={limitOf(limitTarget.level, limitTarget.refId, limitTarget.kind)?.amount}
                busy={busy}
                onKind={(kind) => setLimitTarget({ ...limitTarget, kind })}
                onSave={saveLimit}
                onInvalid={() => setViewError(et.errors.amount)}
                onCancel={() => setLimitTarget(null)}
              />
            )}
            {notice && (
              <p className="status" role="status">
                {notice}
              </p>
            )}
            {canTrade && <p className="status events-keys">{et.keys}</p>}
            <EventMarkets desk={desk} view={view} />
          </>
        )}
      </section>
    </div>
  );
}
