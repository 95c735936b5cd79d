import type { BetTexts } from './bet-texts';

/** A bet number (digits, nine at most) to open: the URL's bet again, or another one's page. */
export function BetNumberForm(props: {
  bt: BetTexts;
  betId: number | null;
  number: string;
  onNumber: (number: string) => void;
  busy: boolean;
  onOpen: (id: number) => void;
  onBet: (id: number) => void;
  onError: (error: string) => void;
}) {
  const { bt, betId, number, onNumber, busy, onOpen, onBet, onError } = props;
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault();
        if (/^\d{1,9}$/.test(number)) {
          if (Number(number) === betId) onOpen(betId);
          else onBet(Number(number));
        } else onError(bt.errors.not_found);
      }}
    >
      <label>
        {bt.number}
        <input
          inputMode="numeric"
          value={number}
          onChange={(e) => onNumber(e.target.value.replace(/\D/g, '').slice(0, 9))}
        />
      </label>
      <button type="submit" disabled={busy}>
        {bt.open}
      </button>
    </form>
  );
}

/** The void's reason and button. */
export function VoidBetBox(props: {
  bt: BetTexts;
  reasons: Record<string, string>;
  reason: string;
  onReason: (reason: string) => void;
  busy: boolean;
  onVoid: () => void;
}) {
  const { bt, reasons, reason, onReason, busy, onVoid } = props;
  return (
    <div className="filters">
      <label>
        {bt.reason}
        <select value={reason} onChange={(e) => onReason(e.target.value)}>
          {Object.entries(reasons).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button className="danger" disabled={busy} onClick={onVoid}>
        {bt.voidBet}
      </button>
    </div>
  );
}
