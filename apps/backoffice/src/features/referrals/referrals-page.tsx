import type { Me } from '../../app/me';
import type { Lang } from '../../i18n';
import { REFERRAL_TEXTS } from './referrals-texts';
import './referrals.css';
import { may } from '../../app/may';
import { ReferralActions } from './referral-actions';
import { ReferralsTable } from './referrals-table';
import { useReferralDecision } from './use-referral-decision';
import { useReferralKeys } from './use-referral-keys';
import { useReferralQueue } from './use-referral-queue';

/**
 * The referral queue (issue 34 item 3): bets over a threshold waiting for the desk, by name, soonest due first;
 * accept, reject with a reason or counter-offer a lower stake, by button or key (A, J, O; ↑ ↓ choose). New
 * referrals and every decision (another operator's, the client's, the timeout) arrive on the operators' live topic.
 */
export function ReferralsPage({ lang, me }: { lang: Lang; me: Me }) {
  const rt = REFERRAL_TEXTS[lang];
  const canDecide = may(me, 'trade');
  const { rows, selected, setSelected, error, setError, connected, now, load } = useReferralQueue(lang);
  const current = rows?.find((r) => r.betId === selected) ?? null;
  const decision = useReferralDecision(lang, rt, current, load, setError);
  const { setForm, message, decide, openForm } = decision;
  useReferralKeys({ rows, selected, setSelected, setForm, canDecide, current, decide, openForm });

  return (
    <section className="panel referrals" data-testid="referrals">
      <h2>
        {rt.title}{' '}
        <span className={`tag ${connected ? 'live' : ''}`} title={connected ? rt.live : rt.offline}>
          {rows?.length ?? 0}
        </span>
      </h2>
      <p className="status">
        {connected ? rt.live : rt.offline} {canDecide ? `· ${rt.keys}` : ''}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {message && (
        <p className="status" role="status" data-testid="referral-message">
          {message}
        </p>
      )}
      {rows === null && !error && <p className="status">{rt.loading}</p>}
      {rows?.length === 0 && <p className="status">{rt.empty}</p>}
      {rows && rows.length > 0 && (
        <ReferralsTable
          rt={rt}
          lang={lang}
          rows={rows}
          selected={selected}
          now={now}
          onSelect={(id) => {
            setSelected(id);
            setForm(null);
          }}
        />
      )}
      {current && canDecide && <ReferralActions rt={rt} current={current} decision={decision} />}
    </section>
  );
}
