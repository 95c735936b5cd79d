import { useEffect, useState } from 'react';
import type { OpsEventView } from '@sb/contract';
import type { Lang } from '../../i18n';
import { connectTicker } from '../../ticker-socket';
import { getEvent } from './api/get-event';
import { sentence } from './events-sentence';
import type { EventsTexts } from './events-texts';

/** The event view follows the operators' live topic; only while that socket is down does it poll, this slowly. */
const FALLBACK_POLL_MS = 15_000;
/**
 * Notices arriving together cause one reload after this pause: a live event's clock and reprices tell every second
 * or so, and a 90-market view is reloaded about once a second then, not once per notice.
 */
const PUSH_RELOAD_MS = 750;

/**
 * Reloads of the open event's view: a live notice (throttled), the fallback poll while the topic is down, a
 * reconnect. Returns the tick the view's read depends on, and whether the topic is connected.
 */
function useEventReloads(eventId: number | null) {
  /** Reloads of the event view: a live notice, the fallback poll, a reconnect. */
  const [viewTick, setViewTick] = useState(0);
  /** Whether the operators' live topic is connected (the view then updates with no poll). */
  const [live, setLive] = useState(false);
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
  return { viewTick, live };
}

/**
 * The open event's view, kept current (useEventReloads), and `act`: one trading action, then the view read again,
 * its outcome a sentence (done, or why not).
 */
export function useEventView(lang: Lang, et: EventsTexts, eventId: number | null) {
  const [view, setView] = useState<OpsEventView | null>(null);
  const [viewError, setViewError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { viewTick, live } = useEventReloads(eventId);
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

  return { view, setView, viewError, setViewError, busy, notice, setNotice, live, act };
}
