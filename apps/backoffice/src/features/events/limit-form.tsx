import { useState } from 'react';
import { minorOf } from '../../risk-api';
import type { EventLimitKind, EventLimitLevel } from './api/set-limit';
import type { EventsTexts } from './events-texts';

/**
 * What the limit form sets: a kind (stake; liability at the event and market levels, where the auto-suspension reads
 * it), a level, its id and its name as the desk shows it.
 */
export type LimitTarget = { kind: EventLimitKind; level: EventLimitLevel; refId: number; label: string };

/** The form's title: the kind's and the target's name. */
export const limitTitle = (et: EventsTexts, target: LimitTarget) =>
  target.kind === 'stake' ? et.limitOf(target.label) : et.liabilityOf(target.label);

/**
 * The event view's limit form on one target: the amount as it stands (`current`, minor units), set or removed;
 * the kind switches between stake and liability above the selection level. Give it a `key` per target.
 */
export function LimitForm(props: {
  et: EventsTexts;
  target: LimitTarget;
  current: number | undefined;
  busy: boolean;
  onKind: (kind: EventLimitKind) => void;
  onSave: (amount: number | null) => void;
  onInvalid: () => void;
  onCancel: () => void;
}) {
  const { et, target, busy } = props;
  const [amount, setAmount] = useState(props.current === undefined ? '' : (props.current / 100).toFixed(2));
  return (
    <form
      className="filters events-limit"
      aria-label={limitTitle(et, target)}
      onSubmit={(e) => {
        e.preventDefault();
        const minor = minorOf(amount);
        if (minor === null) props.onInvalid();
        else props.onSave(minor);
      }}
    >
      {target.level !== 'selection' && <LimitKindSelect et={et} kind={target.kind} onKind={props.onKind} />}
      <label>
        {limitTitle(et, target)}
        <input
          name="limit"
          inputMode="decimal"
          autoFocus
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && props.onCancel()}
        />
      </label>
      <button type="submit" disabled={busy}>
        {et.setLimit}
      </button>
      {props.current !== undefined && (
        <button type="button" className="danger" disabled={busy} onClick={() => props.onSave(null)}>
          {et.removeLimit}
        </button>
      )}
      <button type="button" onClick={props.onCancel}>
        {et.cancel}
      </button>
    </form>
  );
}

function LimitKindSelect(props: {
  et: EventsTexts;
  kind: EventLimitKind;
  onKind: (kind: EventLimitKind) => void;
}) {
  const { et } = props;
  return (
    <label>
      {et.limitKind}
      <select name="kind" value={props.kind} onChange={(e) => props.onKind(e.target.value as EventLimitKind)}>
        {(['stake', 'liability'] as const).map((k) => (
          <option key={k} value={k}>
            {et.limitKinds[k]}
          </option>
        ))}
      </select>
    </label>
  );
}
