import { useEffect, useState } from 'react';
import type { OpsEventResult, OpsResultsEvent } from '@sb/contract';
import { ApiError } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { getWaitingEvents } from './api/get-waiting-events';
import { resultEvent, type EventResultForm } from './api/result-event';
import type { EventResultTexts } from './event-result-texts';

/** The form's scores as typed (digits only). */
export type Scores = { home: string; away: string; htHome: string; htAway: string };
const EMPTY: Scores = { home: '', away: '', htHome: '', htAway: '' };

/** A refusal or an outage as a sentence in the desk's language, naming the form's field when the server does. */
function sentence(e: unknown, rt: EventResultTexts, lang: Lang): string {
  // Unreachable or failing: the desk's general sentences (app/error-text.ts), the same on every screen.
  if (!(e instanceof ApiError) || e.status === 0 || e.status >= 500) return errorText(lang, e);
  if (e.status === 403) return rt.errors.forbidden;
  if (e.status === 409 && e.code === 'event_live') return rt.errors.live;
  if (e.status === 409 && e.code === 'event_not_started') return rt.errors.notStarted;
  if (e.status === 409) return rt.errors.conflict;
  if (e.status === 400) {
    const field = (e.field ?? '').replace(/^facts\./, '');
    return rt.errors.field(rt.fields[field] ?? field);
  }
  return errorText(lang, e);
}

/** The typed scores, what to do with undecided markets and why, as the API's form. */
function formOf(scores: Scores, undecided: 'open' | 'void', reason: string): EventResultForm {
  const n = (v: string) => (v.trim() === '' ? undefined : Number(v));
  return {
    facts: { home: n(scores.home), away: n(scores.away), htHome: n(scores.htHome), htAway: n(scores.htAway) },
    undecided,
    reason,
  };
}

/** The events waiting for results, read on open and after each confirmed result. */
function useWaitingEvents(rt: EventResultTexts, lang: Lang) {
  const [events, setEvents] = useState<OpsResultsEvent[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let live = true;
    getWaitingEvents()
      .then((list) => live && (setEvents(list), setListError(null)))
      .catch((e: unknown) => live && setListError(sentence(e, rt, lang)));
    return () => {
      live = false;
    };
  }, [reloads, rt]);
  return { events, listError, reload: () => setReloads((n) => n + 1) };
}

/**
 * One-form resulting's state: the event chosen, its scores, undecided markets and reason; a preview, then a
 * confirm allowed only for the form as previewed (`previewed` is the previewed form's key).
 */
export function useEventResult(rt: EventResultTexts, lang: Lang) {
  const [event, setEvent] = useState<OpsResultsEvent | null>(null);
  const [scores, setScores] = useState<Scores>(EMPTY);
  const [undecided, setUndecided] = useState<'open' | 'void'>('open');
  const [reason, setReason] = useState<string>('feed_error');
  const [report, setReport] = useState<OpsEventResult | null>(null);
  const [previewed, setPreviewed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const waiting = useWaitingEvents(rt, lang);

  const form = () => formOf(scores, undecided, reason);
  const key = JSON.stringify([event?.eventId, form()]);
  async function run(step: 'preview' | 'confirm') {
    if (!event) return;
    setBusy(true);
    setError(null);
    try {
      const done = await resultEvent(event.eventId, step, form());
      setReport(done);
      setPreviewed(step === 'preview' ? key : null);
      if (step === 'confirm') waiting.reload();
    } catch (e) {
      setError(sentence(e, rt, lang));
    } finally {
      setBusy(false);
    }
  }
  /** Another event: a blank form, no report or preview of the previous one. */
  function pick(e: OpsResultsEvent) {
    setEvent(e);
    setScores(EMPTY);
    setReport(null);
    setPreviewed(null);
    setError(null);
  }

  return {
    ...waiting,
    event,
    pick,
    scores,
    setScores,
    undecided,
    setUndecided,
    reason,
    setReason,
    report,
    error,
    busy,
    confirmable: previewed === key,
    run,
  };
}
