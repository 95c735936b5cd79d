import { useEffect, useState, type FormEvent } from 'react';
import type { OpsClient360 } from '@sb/contract';
import { call } from '../../api';
import type { Me } from '../../app/me';
import { errorText } from '../../Controls';
import type { Texts } from '../../i18n';
import {
  RISK_LABELS,
  minorOf,
  ODDS_POLICIES,
  type ClientRisk,
  type OddsPolicy,
  type RiskLabel,
} from '../../risk-api';
import type { RiskTexts } from '../../risk-texts';
import { may } from '../../app/may';

/** The form's fields as the operator types them (money in major units, the delay in seconds). */
function fieldsOf(p: OpsClient360) {
  return {
    stakeFactor: String(p.risk.stakeFactor),
    label: p.risk.label as RiskLabel,
    noLive: p.risk.noLive,
    noCashout: p.risk.noCashout,
    maxStake: p.risk.maxStake === null ? '' : (p.risk.maxStake / 100).toFixed(2),
    referralStake: p.risk.referralStake === null ? '' : (p.risk.referralStake / 100).toFixed(2),
    referralPayout: p.risk.referralPayout === null ? '' : (p.risk.referralPayout / 100).toFixed(2),
    betDelay: p.risk.betDelayMs === null ? '' : String(p.risk.betDelayMs / 1000),
    oddsPolicy: (p.risk.oddsPolicy ?? '') as OddsPolicy | '',
    reason: '',
  };
}

type RiskFields = ReturnType<typeof fieldsOf>;

/** The settings as the server takes them: money in minor units, the delay in milliseconds, no policy as null. */
function bodyOf(risk: RiskFields): Partial<ClientRisk> & { reason: string } {
  return {
    stakeFactor: Number(risk.stakeFactor.replace(',', '.')),
    label: risk.label,
    noLive: risk.noLive,
    noCashout: risk.noCashout,
    maxStake: minorOf(risk.maxStake),
    referralStake: minorOf(risk.referralStake),
    referralPayout: minorOf(risk.referralPayout),
    betDelayMs:
      risk.betDelay.trim() === '' ? null : Math.round(Number(risk.betDelay.replace(',', '.')) * 1000),
    oddsPolicy: risk.oddsPolicy === '' ? null : risk.oddsPolicy,
    reason: risk.reason,
  };
}

/** A client's risk settings (stake factor, label, block flags, own limits, referrals, delay, odds policy). */
export function RiskForm(props: {
  t: Texts;
  r: RiskTexts;
  me: Me;
  page: OpsClient360;
  onSaved: () => void;
  onError: (error: string | null) => void;
}) {
  const { t, r, me, page, onSaved, onError } = props;
  const canTrade = may(me, 'trade');
  const [risk, setRisk] = useState(() => fieldsOf(page));
  useEffect(() => setRisk(fieldsOf(page)), [page]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    onError(null);
    try {
      await call('PUT', `/ops/v1/clients/${page.client.id}/risk`, bodyOf(risk));
      onSaved();
    } catch (err) {
      onError(errorText(t, err));
    }
  };

  return (
    <section className="panel">
      <h3>{r.riskSettings}</h3>
      <form className="filters" onSubmit={save} data-testid="risk-form">
        <RiskLimitFields r={r} risk={risk} setRisk={setRisk} />
        <RiskPolicyFields r={r} risk={risk} setRisk={setRisk} />
        <button className="primary" type="submit" disabled={!canTrade}>
          {r.save}
        </button>
      </form>
    </section>
  );
}

type FieldsProps = { r: RiskTexts; risk: RiskFields; setRisk: (next: RiskFields) => void };

/** The stake factor, label, own limit, referral limits and bet delay. */
function RiskLimitFields({ r, risk, setRisk }: FieldsProps) {
  return (
    <>
      <label>
        {r.stakeFactor}
        <input
          name="stakeFactor"
          inputMode="decimal"
          value={risk.stakeFactor}
          onChange={(e) => setRisk({ ...risk, stakeFactor: e.target.value })}
        />
      </label>
      <label>
        {r.label}
        <select
          name="label"
          value={risk.label}
          onChange={(e) => setRisk({ ...risk, label: e.target.value as RiskLabel })}
        >
          {RISK_LABELS.map((l) => (
            <option key={l} value={l}>
              {r.labels[l]}
            </option>
          ))}
        </select>
      </label>
      {(
        [
          ['maxStake', r.ownLimit, r.none],
          ['referralStake', r.referralStake, r.brands],
          ['referralPayout', r.referralPayout, r.brands],
          ['betDelay', r.betDelay, r.brands],
        ] as const
      ).map(([key, label, placeholder]) => (
        <label key={key}>
          {label}
          <input
            name={key}
            inputMode="decimal"
            placeholder={placeholder}
            value={risk[key]}
            onChange={(e) => setRisk({ ...risk, [key]: e.target.value })}
          />
        </label>
      ))}
    </>
  );
}

/** The odds policy, the block flags and the reason for the change. */
function RiskPolicyFields({ r, risk, setRisk }: FieldsProps) {
  return (
    <>
      <label>
        {r.oddsPolicy}
        <select
          name="oddsPolicy"
          value={risk.oddsPolicy}
          onChange={(e) => setRisk({ ...risk, oddsPolicy: e.target.value as OddsPolicy | '' })}
        >
          {(['', ...ODDS_POLICIES] as const).map((p) => (
            <option key={p} value={p}>
              {r.oddsPolicies[p]}
            </option>
          ))}
        </select>
      </label>
      {(['noLive', 'noCashout'] as const).map((key) => (
        <label className="check" key={key}>
          <input
            type="checkbox"
            name={key}
            checked={risk[key]}
            onChange={(e) => setRisk({ ...risk, [key]: e.target.checked })}
          />
          {r[key]}
        </label>
      ))}
      <label className="wide">
        {r.why}
        <input
          name="reason"
          value={risk.reason}
          onChange={(e) => setRisk({ ...risk, reason: e.target.value })}
        />
      </label>
    </>
  );
}
