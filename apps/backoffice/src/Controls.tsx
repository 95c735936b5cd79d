import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { call, money } from './api';
import { errorText as sentenceOf } from './app/error-text';
import type { Me } from './app/me';
import type { Texts } from './i18n';
import {
  DEFAULT_LIABILITY_LIMIT,
  LIMIT_LEVELS,
  minorOf,
  type Limit,
  type LimitLevel,
  type Override,
} from './risk-api';
import type { RiskTexts } from './risk-texts';
import './risk.css';
import { formatOdds } from '@sb/betting';
import { dateTime } from './app/format';
import { BrandSelect, usePickLists } from './components/brand-select';
import { may } from './app/may';

const EXPIRIES = [5, 15, 60, 240, 1440];

/** Why a call was refused, as a sentence in the desk's language (app/error-text.ts). */
export const errorText = (t: Texts, e: unknown) => sentenceOf(t.lang, e);

/** Price overrides with an expiry, and the stake and liability limits of every level. */
export function Controls({ t, r, me }: { t: Texts; r: RiskTexts; me: Me }) {
  const canTrade = may(me, 'trade');
  const platform = canTrade && me.brandId === null;
  const picks = usePickLists();
  const [overrides, setOverrides] = useState<Override[]>([]);
  const [limits, setLimits] = useState<Limit[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [form, setForm] = useState({ selectionId: '', odd: '', minutes: '60', reason: '' });
  const [limitForm, setLimitForm] = useState({
    kind: 'stake' as Limit['kind'],
    level: 'market' as LimitLevel,
    brandId: me.brandId === null ? '' : String(me.brandId),
    refId: '',
    amount: '',
    reason: '',
  });

  const load = useCallback(async () => {
    const [o, stake, liability] = await Promise.all([
      call<Override[]>('GET', '/ops/v1/overrides'),
      call<Limit[]>('GET', '/ops/v1/limits?kind=stake'),
      call<Limit[]>('GET', '/ops/v1/limits?kind=liability'),
    ]);
    setOverrides(o);
    setLimits([...stake, ...liability]);
  }, []);
  useEffect(() => {
    load().catch((e: unknown) => setError(errorText(t, e)));
  }, [load, t]);

  async function run(action: () => Promise<unknown>) {
    setError(null);
    setNotice(null);
    try {
      await action();
      setNotice(r.saved);
      await load();
    } catch (e) {
      setError(errorText(t, e));
    }
  }

  const submitOverride = (e: FormEvent) => {
    e.preventDefault();
    const expiresAt = new Date(Date.now() + Number(form.minutes) * 60_000).toISOString();
    void run(() =>
      call('POST', `/ops/v1/selections/${form.selectionId}/override`, {
        odd: Number(form.odd.replace(',', '.')),
        expiresAt,
        reason: form.reason,
      }),
    );
  };
  const submitLimit = (e: { preventDefault(): void }, amount: number | null, key = limitForm) => {
    e.preventDefault();
    void run(() =>
      call('PUT', '/ops/v1/limits', {
        kind: key.kind,
        level: key.level,
        brandId: key.brandId === '' ? null : Number(key.brandId),
        refId: key.refId === '' ? null : Number(key.refId),
        amount,
        reason: limitForm.reason,
      }),
    );
  };
  const removeLimit = (e: { preventDefault(): void }, l: Limit) =>
    submitLimit(e, null, {
      ...limitForm,
      kind: l.kind,
      level: l.level,
      brandId: l.brandId === null ? '' : String(l.brandId),
      refId: l.refId === null ? '' : String(l.refId),
    });
  // Stake and liability limits both have every level (a liability limit's most specific level names the market).
  const levels = LIMIT_LEVELS;

  const limitTable = (kind: Limit['kind']) => {
    const rows = limits.filter((l) => l.kind === kind);
    return (
      <table data-testid={`limits-${kind}`}>
        <thead>
          <tr>
            <th>{r.level}</th>
            <th>{t.brand}</th>
            <th>{r.target}</th>
            <th className="num">{r.amount}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {kind === 'liability' && !rows.some((l) => l.level === 'platform') && (
            <tr className="muted">
              <td>{r.levels.platform}</td>
              <td>{r.everyBrand}</td>
              <td>{r.defaultLiability}</td>
              <td className="num">{money(DEFAULT_LIABILITY_LIMIT)}</td>
              <td />
            </tr>
          )}
          {rows.length === 0 && kind === 'stake' && (
            <tr>
              <td colSpan={5}>{r.noLimits}</td>
            </tr>
          )}
          {rows.map((l) => (
            <tr key={`${l.level}:${l.brandId}:${l.refId}`}>
              <td>{r.levels[l.level]}</td>
              <td>{l.brandId === null ? r.everyBrand : (l.brandName ?? l.brandId)}</td>
              <td>{l.target?.[t.lang] ?? l.refId ?? '—'}</td>
              <td className="num">{money(l.amount)}</td>
              <td className="num">
                <button disabled={!canTrade || !limitForm.reason} onClick={(e) => removeLimit(e, l)}>
                  {r.remove}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  };

  return (
    <div className="controls">
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? notice}
        </div>
      )}
      <section className="panel">
        <h2>{r.overrides}</h2>
        <form className="filters" onSubmit={submitOverride} data-testid="override-form">
          <label>
            {r.selectionId}
            <input
              name="selectionId"
              inputMode="numeric"
              value={form.selectionId}
              onChange={(e) => setForm({ ...form, selectionId: e.target.value })}
            />
          </label>
          <label>
            {r.newOdd}
            <input
              name="odd"
              inputMode="decimal"
              value={form.odd}
              onChange={(e) => setForm({ ...form, odd: e.target.value })}
            />
          </label>
          <label>
            {r.expires}
            <select value={form.minutes} onChange={(e) => setForm({ ...form, minutes: e.target.value })}>
              {EXPIRIES.map((m) => (
                <option key={m} value={m}>
                  {m < 60 ? r.minutes(m) : r.hours(m / 60)}
                </option>
              ))}
            </select>
          </label>
          <label className="wide">
            {r.why}
            <input
              name="reason"
              value={form.reason}
              onChange={(e) => setForm({ ...form, reason: e.target.value })}
            />
          </label>
          <button className="primary" type="submit" disabled={!platform}>
            {r.override}
          </button>
        </form>
        <table data-testid="overrides">
          <thead>
            <tr>
              <th>{t.event}</th>
              <th>{t.selection}</th>
              <th className="num">{r.newOdd}</th>
              <th className="num">{r.modelOdd}</th>
              <th>{r.expires}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {overrides.length === 0 && (
              <tr>
                <td colSpan={6}>{r.noOverrides}</td>
              </tr>
            )}
            {overrides.map((o) => (
              <tr key={o.selectionId} data-selection={o.selectionId}>
                <td>{o.market?.[t.lang] ?? o.eventId}</td>
                <td>{o.name}</td>
                <td className="num">{formatOdds(o.odd)}</td>
                <td className="num">
                  {o.modelOdd === null || o.modelOdd === undefined ? '—' : formatOdds(o.modelOdd)}
                </td>
                <td>{o.overrideUntil ? dateTime(t.lang, o.overrideUntil) : '—'}</td>
                <td className="num">
                  <button
                    disabled={!platform}
                    onClick={() =>
                      void run(() => call('DELETE', `/ops/v1/selections/${o.selectionId}/override`))
                    }
                  >
                    {r.endNow}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="panel">
        <h2>{r.limits}</h2>
        <form
          className="filters"
          onSubmit={(e) => submitLimit(e, minorOf(limitForm.amount))}
          data-testid="limit-form"
        >
          <label>
            {r.kind}
            <select
              value={limitForm.kind}
              onChange={(e) => setLimitForm({ ...limitForm, kind: e.target.value as Limit['kind'] })}
            >
              {(['stake', 'liability'] as const).map((k) => (
                <option key={k} value={k}>
                  {r.kinds[k]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {r.level}
            <select
              value={limitForm.level}
              onChange={(e) => setLimitForm({ ...limitForm, level: e.target.value as LimitLevel, refId: '' })}
            >
              {levels.map((l) => (
                <option key={l} value={l}>
                  {r.levels[l]}
                </option>
              ))}
            </select>
          </label>
          <BrandSelect
            label={t.brand}
            name="brandId"
            value={limitForm.brandId}
            brands={picks.brands}
            every={r.everyBrand}
            disabled={me.brandId !== null}
            onChange={(brandId) => setLimitForm({ ...limitForm, brandId })}
          />
          {limitForm.level === 'sport' ? (
            <label>
              {t.sport}
              <select
                name="refId"
                value={limitForm.refId}
                onChange={(e) => setLimitForm({ ...limitForm, refId: e.target.value })}
              >
                <option value="" disabled />
                {picks.sports.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name[t.lang]}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            limitForm.level !== 'platform' &&
            limitForm.level !== 'brand' && (
              <label title={r.refHint}>
                {r.refId}
                <input
                  name="refId"
                  inputMode="numeric"
                  value={limitForm.refId}
                  onChange={(e) => setLimitForm({ ...limitForm, refId: e.target.value })}
                />
              </label>
            )
          )}
          <label>
            {r.amount}
            <input
              name="amount"
              inputMode="decimal"
              value={limitForm.amount}
              onChange={(e) => setLimitForm({ ...limitForm, amount: e.target.value })}
            />
          </label>
          <label className="wide">
            {r.why}
            <input
              name="limitReason"
              value={limitForm.reason}
              onChange={(e) => setLimitForm({ ...limitForm, reason: e.target.value })}
            />
          </label>
          <button className="primary" type="submit" disabled={!canTrade}>
            {r.set}
          </button>
        </form>
        <div className="two">
          <div>
            <h3>{r.stakeLimits}</h3>
            {limitTable('stake')}
          </div>
          <div>
            <h3>{r.liabilityLimits}</h3>
            {limitTable('liability')}
          </div>
        </div>
      </section>
    </div>
  );
}
