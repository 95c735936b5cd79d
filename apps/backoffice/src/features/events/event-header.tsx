import type { OpsEventView } from '@sb/contract';
import { money } from '../../api';
import type { Lang } from '../../i18n';
import { REASONS } from '../../i18n';
import { dateTime } from '../../app/format';
import type { EventDesk } from './event-desk';
import type { EventsTexts } from './events-texts';

/** Football's minute; another sport's period (its clock is not a minute); a dash before and after play. */
function clock(e: OpsEventView['event'], et: EventsTexts): string {
  if (!e.isLive) return '—';
  if (e.sport.id === 1) return e.phase === 'half_time' ? et.halfTime : `${e.minute}′`;
  const period = /^(period|break)_(\d+)$/.exec(e.phase);
  if (!period) return et.statuses.live!;
  return period[1] === 'break' ? et.break : `${et.period} ${period[2]}`;
}

/** The event's facts: start, status, score, clock, producer, stakes, its limits and how the view updates. */
export function EventHeader(props: { desk: EventDesk; view: OpsEventView; lang: Lang; live: boolean }) {
  const { desk, view, live } = props;
  const { et, name, limitOf, liabilityOf } = desk;
  const eventLimit = limitOf('event', view.event.id);
  const eventLiability = liabilityOf('event', view.event.id);
  return (
    <>
      <h2 data-testid="event-title">
        {view.event.home} – {view.event.away}{' '}
        {view.event.suspended && <span className="tag susp">{et.suspendedTag}</span>}
      </h2>
      <p className="status">
        {name(view.event.sport.name)} › {name(view.event.region.name)} › {name(view.event.competition.name)}
      </p>
      <dl className="events-header">
        <dt>{et.start}</dt>
        <dd>{dateTime(props.lang, view.event.startAt)}</dd>
        <dt>{et.status}</dt>
        <dd>{et.statuses[view.event.status] ?? view.event.status}</dd>
        <dt>{et.score}</dt>
        <dd>{view.event.score ? `${view.event.score.home}:${view.event.score.away}` : '—'}</dd>
        <dt>{et.minute}</dt>
        <dd>{clock(view.event, et)}</dd>
        <dt>{et.producer}</dt>
        <dd className={view.event.producer.stale ? 'neg' : ''}>
          {view.event.producer.stale ? et.producerStale : et.producerOk}
        </dd>
        <dt>{et.stakes}</dt>
        <dd>
          {money(view.liability.stakes)} · {et.bets} {view.liability.bets}
        </dd>
        <dt>{et.eventLimit}</dt>
        <dd data-testid="event-limit">{eventLimit ? money(eventLimit.amount) : et.noLimit}</dd>
        <dt>{et.eventLiability}</dt>
        <dd data-testid="event-liability-limit">
          {eventLiability ? money(eventLiability.amount) : et.noLimit}
        </dd>
        <dt>{et.updates}</dt>
        <dd className={live ? '' : 'neg'} data-testid="event-updates">
          {live ? et.liveUpdates : et.pollUpdates}
        </dd>
      </dl>
    </>
  );
}

/** A trader's actions on the whole event: the reason, suspend or resume, its stake and liability limits. */
export function EventActions({ desk, view }: { desk: EventDesk; view: OpsEventView }) {
  const { et, t, busy } = desk;
  const label = `${view.event.home} – ${view.event.away}`;
  return (
    <div className="filters">
      <label>
        {et.reason}
        <select value={desk.reason} onChange={(e) => desk.onReason(e.target.value)}>
          {REASONS.map((r) => (
            <option key={r} value={r}>
              {t.reasons[r]}
            </option>
          ))}
        </select>
      </label>
      <button className="danger" disabled={busy} onClick={() => desk.eventSuspension('suspend')}>
        {et.suspendEvent}
      </button>
      <button disabled={busy} onClick={() => desk.eventSuspension('resume')}>
        {et.resumeEvent}
      </button>
      <button
        disabled={busy}
        onClick={() => desk.editLimit({ kind: 'stake', level: 'event', refId: view.event.id, label })}
      >
        {et.eventLimitAction}
      </button>
      <button
        disabled={busy}
        onClick={() => desk.editLimit({ kind: 'liability', level: 'event', refId: view.event.id, label })}
      >
        {et.eventLiabilityAction}
      </button>
    </div>
  );
}
