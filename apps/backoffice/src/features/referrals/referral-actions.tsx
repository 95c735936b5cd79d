import type { OpsReferral } from '@sb/contract';
import { money } from '../../api';
import type { ReferralTexts } from './referrals-texts';
import type { useReferralDecision } from './use-referral-decision';

/** The chosen referral's accept, reject and counter-offer buttons, and the reason or stake form when one is open. */
export function ReferralActions({
  rt,
  current,
  decision,
}: {
  rt: ReferralTexts;
  current: OpsReferral;
  decision: ReturnType<typeof useReferralDecision>;
}) {
  const { form, setForm, input, setInput, busy, inputRef, decide, openForm } = decision;
  return (
    <div className="referral-actions" data-testid="referral-actions">
      <strong>
        #{current.betId} · {current.client.username} · {money(current.stake)} {current.currency}
      </strong>
      <button disabled={busy} onClick={() => void decide('accept')}>
        {rt.accept}
      </button>
      <button className="danger" disabled={busy} onClick={() => openForm('reject')}>
        {rt.reject}
      </button>
      <button disabled={busy || current.state !== 'open'} onClick={() => openForm('offer')}>
        {rt.offer}
      </button>
      {form && (
        <form
          className="filters"
          onSubmit={(e) => {
            e.preventDefault();
            void decide(form, input);
          }}
        >
          <label>
            {form === 'reject' ? rt.rejectReason : `${rt.offerStake} (${current.currency})`}
            <input
              ref={inputRef}
              value={input}
              inputMode={form === 'offer' ? 'decimal' : 'text'}
              maxLength={form === 'offer' ? 13 : 200}
              onChange={(e) => setInput(e.target.value)}
              data-testid="referral-input"
            />
          </label>
          <button type="submit" disabled={busy}>
            {rt.send}
          </button>
          <button type="button" onClick={() => setForm(null)}>
            {rt.cancel}
          </button>
        </form>
      )}
    </div>
  );
}
