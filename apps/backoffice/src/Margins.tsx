import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { OpsMargins } from '@sb/contract';
import { call, percentNumber } from './api';
import type { Me } from './app/me';
import { errorText } from './Controls';
import { Field } from './Field';
import type { Lang, Texts } from './i18n';
import { MARGIN_TEXTS } from './margins-texts';
import type { RiskTexts } from './risk-texts';
import { formatOdds } from '@sb/betting';
import { dateTime } from './app/format';
import { BrandSelect, usePickLists } from './components/brand-select';
import { may } from './app/may';

type MarginsView = OpsMargins;

/** The brand's odd for a shared odd, as the server computes it (integers: thousandths and basis points). */
const exampleOdd = (odd: number, bp: number) =>
  bp === 0 ? odd : Math.floor((Math.round(odd * 1000) * 10_000) / ((10_000 + bp) * 10)) / 100;
const bpOf = (percent: string) => Math.round(Number(percent.replace(',', '.')) * 100);

/** Brand margins per sport and market family: set, list, remove (trader; a brand's trader, its own brand). */
export function Margins({ t, r, me, lang }: { t: Texts; r: RiskTexts; me: Me; lang: Lang }) {
  const m = MARGIN_TEXTS[lang];
  const canTrade = may(me, 'trade');
  const picks = usePickLists();
  const [view, setView] = useState<MarginsView>({ margins: [], families: [], sports: [] });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [form, setForm] = useState({
    brandId: me.brandId === null ? '' : String(me.brandId),
    sportId: '',
    family: '',
    percent: '',
    reason: '',
  });

  const load = useCallback(async () => setView(await call<MarginsView>('GET', '/ops/v1/margins')), []);
  useEffect(() => {
    load().catch((e: unknown) => setError(errorText(t, e)));
  }, [load, t]);

  async function save(
    key: { brandId: number; sportId: number | null; family: string | null },
    bp: number | null,
  ) {
    setError(null);
    setNotice(null);
    try {
      await call('PUT', '/ops/v1/margins', { ...key, marginBp: bp, reason: form.reason });
      setNotice(r.saved);
      await load();
    } catch (e) {
      setError(errorText(t, e));
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = {
      brandId: Number(form.brandId),
      sportId: form.sportId === '' ? null : Number(form.sportId),
      family: form.family === '' ? null : form.family,
    };
    void save(key, bpOf(form.percent));
  };
  const sportName = (id: number | null) =>
    id === null ? m.every : (view.sports.find((s) => s.id === id)?.name[lang] ?? String(id));
  const familyName = (f: string | null) => (f === null ? m.every : (m.families[f] ?? f));
  const bp = bpOf(form.percent);

  return (
    <section className="panel" data-testid="margins">
      <h2>{m.margins}</h2>
      <p className="hint">{m.marginsHelp}</p>
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? notice}
        </div>
      )}
      <form className="filters" onSubmit={submit} data-testid="margin-form">
        <BrandSelect
          label={m.brand}
          name="marginBrand"
          value={form.brandId}
          brands={picks.brands}
          disabled={me.brandId !== null}
          onChange={(brandId) => setForm({ ...form, brandId })}
        />
        <label>
          {m.sport}
          <select
            name="marginSport"
            value={form.sportId}
            onChange={(e) => setForm({ ...form, sportId: e.target.value })}
          >
            <option value="">{m.every}</option>
            {view.sports.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name[lang]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {m.family}
          <select
            name="marginFamily"
            value={form.family}
            onChange={(e) => setForm({ ...form, family: e.target.value })}
          >
            <option value="">{m.every}</option>
            {view.families.map((f) => (
              <option key={f} value={f}>
                {familyName(f)}
              </option>
            ))}
          </select>
        </label>
        <Field
          label={m.margin}
          name="marginPercent"
          inputMode="decimal"
          value={form.percent}
          onChange={(percent) => setForm({ ...form, percent })}
        />
        <Field
          label={r.why}
          name="marginReason"
          wide
          value={form.reason}
          onChange={(reason) => setForm({ ...form, reason })}
        />
        <button className="primary" type="submit" disabled={!canTrade}>
          {r.set}
        </button>
        {Number.isFinite(bp) && bp > -10_000 && (
          <span className="hint">{m.example('2.00', formatOdds(exampleOdd(2, bp)))}</span>
        )}
      </form>
      <table>
        <thead>
          <tr>
            <th>{m.brand}</th>
            <th>{m.sport}</th>
            <th>{m.family}</th>
            <th className="num">{m.margin}</th>
            <th>{m.updated}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {view.margins.length === 0 && (
            <tr>
              <td colSpan={6}>{m.noMargins}</td>
            </tr>
          )}
          {view.margins.map((row) => (
            <tr key={`${row.brandId}:${row.sportId}:${row.family}`}>
              <td>{picks.brands.find((b) => b.id === row.brandId)?.name ?? '…'}</td>
              <td>{sportName(row.sportId)}</td>
              <td>{familyName(row.family)}</td>
              <td className="num">{percentNumber(row.marginBp)}</td>
              <td>{dateTime(lang, row.updatedAt)}</td>
              <td className="num">
                <button disabled={!canTrade} onClick={() => void save(row, null)}>
                  {r.remove}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
