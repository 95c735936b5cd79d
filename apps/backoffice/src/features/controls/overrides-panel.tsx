import { useState, type FormEvent } from 'react';
import { formatOdds } from '@sb/betting';
import { call } from '../../api';
import { dateTime } from '../../app/format';
import type { Texts } from '../../i18n';
import type { Override } from '../../risk-api';
import type { RiskTexts } from '../../risk-texts';

const EXPIRIES = [5, 15, 60, 240, 1440];

/** What the overrides panel shows and may do: only a platform trader overrides prices. */
interface OverridesPanelProps {
  t: Texts;
  r: RiskTexts;
  overrides: Override[];
  platform: boolean;
  run: (action: () => Promise<unknown>) => Promise<void>;
}

/** A selection's new odd, how long it holds and why. */
function OverrideForm({ r, platform, run }: OverridesPanelProps) {
  const [form, setForm] = useState({ selectionId: '', odd: '', minutes: '60', reason: '' });
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
  return (
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
  );
}

/** The overrides in force: the model's odd beside the new one, the expiry, and End now. */
function OverridesTable({ t, r, overrides, platform, run }: OverridesPanelProps) {
  return (
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
                onClick={() => void run(() => call('DELETE', `/ops/v1/selections/${o.selectionId}/override`))}
              >
                {r.endNow}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Price overrides with an expiry: the form that sets one and the table of those in force. */
export function OverridesPanel(props: OverridesPanelProps) {
  return (
    <section className="panel">
      <h2>{props.r.overrides}</h2>
      <OverrideForm {...props} />
      <OverridesTable {...props} />
    </section>
  );
}
