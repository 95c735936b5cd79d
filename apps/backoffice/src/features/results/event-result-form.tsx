import type { OpsResultsEvent } from '@sb/contract';
import type { EventResultTexts } from './event-result-texts';
import type { Scores, useEventResult } from './use-event-result';

/** The form's state (useEventResult), the event it results, and whether this operator may. */
interface EventResultFormProps {
  rt: EventResultTexts;
  event: OpsResultsEvent;
  reasons: Record<string, string>;
  canAct: boolean;
  result: ReturnType<typeof useEventResult>;
}

/** What happens to the markets the scores do not decide (left open or voided), and the void's reason. */
function UndecidedFieldset({ rt, reasons, result }: EventResultFormProps) {
  const { undecided, setUndecided, reason, setReason } = result;
  return (
    <fieldset>
      <legend>{rt.undecided}</legend>
      <label>
        <input type="radio" checked={undecided === 'open'} onChange={() => setUndecided('open')} />
        {rt.leaveOpen}
      </label>
      <label>
        <input type="radio" checked={undecided === 'void'} onChange={() => setUndecided('void')} />
        {rt.voidThem}
      </label>
      <label>
        {rt.reason}
        <select value={reason} onChange={(e) => setReason(e.target.value)}>
          {Object.entries(reasons).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

/** The full-time and half-time scores, the undecided markets' fate, then Preview and (once previewed) Confirm. */
export function EventResultFields(props: EventResultFormProps) {
  const { rt, event, canAct, result } = props;
  const { scores, setScores, busy, confirmable, run } = result;
  const score = (field: keyof Scores, label: string) => (
    <label>
      {label}
      <input
        inputMode="numeric"
        value={scores[field]}
        onChange={(e) => setScores({ ...scores, [field]: e.target.value.replace(/\D/g, '').slice(0, 3) })}
      />
    </label>
  );
  return (
    <div className="result-form">
      <fieldset>
        <legend>{rt.fullTime}</legend>
        {score('home', `${rt.home} (${event.home})`)}
        {score('away', `${rt.away} (${event.away})`)}
      </fieldset>
      <fieldset>
        <legend>{rt.halfTime}</legend>
        {score('htHome', rt.home)}
        {score('htAway', rt.away)}
      </fieldset>
      <UndecidedFieldset {...props} />
      {canAct && (
        <div className="actions">
          <button disabled={busy} onClick={() => void run('preview')}>
            {rt.preview}
          </button>
          <button className="primary" disabled={busy || !confirmable} onClick={() => void run('confirm')}>
            {rt.confirm}
          </button>
        </div>
      )}
    </div>
  );
}
