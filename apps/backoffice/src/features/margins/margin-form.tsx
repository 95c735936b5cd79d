import type { FormEvent } from 'react';
import type { OpsMargins, OpsPickLists } from '@sb/contract';
import { formatOdds } from '@sb/betting';
import type { Me } from '../../app/me';
import { BrandSelect } from '../../components/brand-select';
import { Field } from '../../Field';
import type { Lang } from '../../i18n';
import type { MarginTexts } from '../../margins-texts';
import type { RiskTexts } from '../../risk-texts';

/** The margin form's fields as typed: ids as text ('' = every), the margin in percent, the reason. */
export type MarginDraft = {
  brandId: string;
  sportId: string;
  family: string;
  percent: string;
  reason: string;
};

/** The brand's odd for a shared odd, as the server computes it (integers: thousandths and basis points). */
const exampleOdd = (odd: number, bp: number) =>
  bp === 0 ? odd : Math.floor((Math.round(odd * 1000) * 10_000) / ((10_000 + bp) * 10)) / 100;
/** A typed percentage (a comma is a decimal point too) in basis points. */
export const bpOf = (percent: string) => Math.round(Number(percent.replace(',', '.')) * 100);

/** What the form shows and where its changes go. */
interface MarginFormProps {
  m: MarginTexts;
  r: RiskTexts;
  lang: Lang;
  me: Me;
  canTrade: boolean;
  picks: OpsPickLists;
  view: OpsMargins;
  familyName: (f: string | null) => string;
  form: MarginDraft;
  setForm: (next: MarginDraft) => void;
  onSubmit: (e: FormEvent) => void;
}

/** The sport and market family selects ('' = every). */
function ScopeFields({ m, lang, view, familyName, form, setForm }: MarginFormProps) {
  return (
    <>
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
    </>
  );
}

/** A margin to set: brand, sport, family, percent and reason, with what a 2.00 becomes at that margin. */
export function MarginForm(props: MarginFormProps) {
  const { m, r, me, canTrade, picks, form, setForm, onSubmit } = props;
  const bp = bpOf(form.percent);
  return (
    <form className="filters" onSubmit={onSubmit} data-testid="margin-form">
      <BrandSelect
        label={m.brand}
        name="marginBrand"
        value={form.brandId}
        brands={picks.brands}
        disabled={me.brandId !== null}
        onChange={(brandId) => setForm({ ...form, brandId })}
      />
      <ScopeFields {...props} />
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
  );
}
