import type { FormEvent } from 'react';
import type { OpsPickLists } from '@sb/contract';
import type { Me } from '../../app/me';
import { BrandSelect } from '../../components/brand-select';
import type { Texts } from '../../i18n';
import { LIMIT_LEVELS, type Limit, type LimitLevel } from '../../risk-api';
import type { RiskTexts } from '../../risk-texts';

/** The limit form's fields as typed: ids and the amount as text ('' = none; a brand's operator has their brand). */
export type LimitDraft = {
  kind: Limit['kind'];
  level: LimitLevel;
  brandId: string;
  refId: string;
  amount: string;
  reason: string;
};

/** An empty limit form for the operator: a brand's operator sets their own brand's limits only. */
export const limitFormOf = (me: Me): LimitDraft => ({
  kind: 'stake',
  level: 'market',
  brandId: me.brandId === null ? '' : String(me.brandId),
  refId: '',
  amount: '',
  reason: '',
});

/** The limit form's state and where its fields' changes and submit go. */
interface LimitFormProps {
  t: Texts;
  r: RiskTexts;
  me: Me;
  picks: OpsPickLists;
  canTrade: boolean;
  form: LimitDraft;
  onForm: (next: LimitDraft) => void;
  onSubmit: (e: FormEvent) => void;
}

/** The limit's target below the brand: a sport by name, or the id of an event, market… (none for platform, brand). */
function TargetField({ t, r, picks, form: limitForm, onForm: setLimitForm }: LimitFormProps) {
  if (limitForm.level === 'sport')
    return (
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
    );
  if (limitForm.level === 'platform' || limitForm.level === 'brand') return null;
  return (
    <label title={r.refHint}>
      {r.refId}
      <input
        name="refId"
        inputMode="numeric"
        value={limitForm.refId}
        onChange={(e) => setLimitForm({ ...limitForm, refId: e.target.value })}
      />
    </label>
  );
}

/**
 * The limit's kind and level; a new level clears the target (an id of another level). Stake and liability limits both
 * have every level (a liability limit's most specific level names the market).
 */
function KindLevelFields({ r, form: limitForm, onForm: setLimitForm }: LimitFormProps) {
  return (
    <>
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
          {LIMIT_LEVELS.map((l) => (
            <option key={l} value={l}>
              {r.levels[l]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** A limit's kind, level, brand, target, amount and reason. */
export function LimitForm(props: LimitFormProps) {
  const { t, r, me, picks, canTrade, form: limitForm, onForm: setLimitForm, onSubmit } = props;
  return (
    <form className="filters" onSubmit={onSubmit} data-testid="limit-form">
      <KindLevelFields {...props} />
      <BrandSelect
        label={t.brand}
        name="brandId"
        value={limitForm.brandId}
        brands={picks.brands}
        every={r.everyBrand}
        disabled={me.brandId !== null}
        onChange={(brandId) => setLimitForm({ ...limitForm, brandId })}
      />
      <TargetField {...props} />
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
  );
}
