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
    const body: Partial<ClientRisk> & { reason: string } = {
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
    try {
      await call('PUT', `/ops/v1/clients/${page.client.id}/risk`, body);
      onSaved();
    } catch (err) {
      onError(errorText(t, err));
    }
  };

  return (
    <section className="panel">
      <h3>{r.riskSettings}</h3>
      <form className="filters" onSubmit={save} data-testid="risk-form">
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
        <label>
          {r.ownLimit}
          <input
            name="maxStake"
            inputMode="decimal"
            placeholder={r.none}
            value={risk.maxStake}
            onChange={(e) => setRisk({ ...risk, maxStake: e.target.value })}
          />
        </label>
        <label>
          {r.referralStake}
          <input
            name="referralStake"
            inputMode="decimal"
            placeholder={r.brands}
            value={risk.referralStake}
            onChange={(e) => setRisk({ ...risk, referralStake: e.target.value })}
          />
        </label>
        <label>
          {r.referralPayout}
          <input
            name="referralPayout"
            inputMode="decimal"
            placeholder={r.brands}
            value={risk.referralPayout}
            onChange={(e) => setRisk({ ...risk, referralPayout: e.target.value })}
          />
        </label>
        <label>
          {r.betDelay}
          <input
            name="betDelay"
            inputMode="decimal"
            placeholder={r.brands}
            value={risk.betDelay}
            onChange={(e) => setRisk({ ...risk, betDelay: e.target.value })}
          />
        </label>
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
        <label className="check">
          <input
            type="checkbox"
            name="noLive"
            checked={risk.noLive}
            onChange={(e) => setRisk({ ...risk, noLive: e.target.checked })}
          />
          {r.noLive}
        </label>
        <label className="check">
          <input
            type="checkbox"
            name="noCashout"
            checked={risk.noCashout}
            onChange={(e) => setRisk({ ...risk, noCashout: e.target.checked })}
          />
          {r.noCashout}
        </label>
        <label className="wide">
          {r.why}
          <input
            name="reason"
            value={risk.reason}
            onChange={(e) => setRisk({ ...risk, reason: e.target.value })}
          />
        </label>
        <button className="primary" type="submit" disabled={!canTrade}>
          {r.save}
        </button>
      </form>
    </section>
  );
}
