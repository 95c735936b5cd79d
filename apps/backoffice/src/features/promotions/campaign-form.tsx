import { OPS_RISK_LABELS, type Campaign, type CampaignCreate } from '@sb/contract';
import type { Me } from '../../app/me';
import type { Lang } from '../../i18n';
import {
  ELIGIBILITIES,
  FIELDS_OF,
  FORM_KINDS,
  TERM_FIELDS,
  type Audience,
  type FormKind,
  type TermField,
} from './campaign-terms';
import type { PromotionsTexts } from './promotions-texts';
import { SelectionPicker, type PickedSelection } from './selection-picker';
import { useCampaignForm, type CampaignDraft } from './use-campaign-form';

export {
  campaignBody,
  ELIGIBILITIES,
  FIELDS_OF,
  FORM_KINDS,
  TERM_FIELDS,
  type Audience,
  type FormKind,
  type TermField,
} from './campaign-terms';

/** The kind's terms fields (an odds boost's selection picked by name), typed as text. */
function TermsFields(props: {
  pt: PromotionsTexts;
  lang: Lang;
  kind: FormKind;
  values: Record<TermField, string>;
  onValues: (next: Record<TermField, string>) => void;
  selection: PickedSelection | null;
  onSelection: (next: PickedSelection | null) => void;
  pickerKey: number;
}) {
  const { pt, lang, kind, values, onValues: setValues, selection, onSelection, pickerKey } = props;
  return (
    <>
      {FIELDS_OF[kind].map((f) =>
        f === 'oddId' ? (
          <SelectionPicker
            key={`${f}-${pickerKey}`}
            pt={pt}
            lang={lang}
            picked={selection}
            onPick={onSelection}
          />
        ) : (
          <label key={f}>
            {f === 'amount' ? pt.amountOf[kind] : pt.fields[f]}
            <input
              name={f}
              inputMode={TERM_FIELDS[f].type === 'int' ? 'numeric' : 'decimal'}
              value={values[f]}
              onChange={(e) =>
                setValues({
                  ...values,
                  [f]: TERM_FIELDS[f].type === 'int' ? e.target.value.replace(/\D/g, '') : e.target.value,
                })
              }
            />
          </label>
        ),
      )}
    </>
  );
}

/** Who gets a granted kind (by hand, new clients, opt-in) and, for the automatic ones, the segment. */
function AudienceFields(props: {
  pt: PromotionsTexts;
  kind: FormKind;
  audience: Audience;
  onAudience: (next: Audience) => void;
}) {
  const { pt, kind, audience, onAudience: setAudience } = props;
  return (
    <>
      {kind !== 'odds_boost' && (
        <label>
          {pt.audience}
          <select
            name="eligibility"
            value={audience.eligibility}
            onChange={(e) =>
              setAudience({ ...audience, eligibility: e.target.value as Audience['eligibility'] })
            }
          >
            {ELIGIBILITIES.map((x) => (
              <option key={x} value={x}>
                {pt.eligibilities[x]}
              </option>
            ))}
          </select>
        </label>
      )}
      {kind !== 'odds_boost' && audience.eligibility !== 'grant' && (
        <label>
          {pt.segment}
          <select
            name="segment"
            value={audience.segment}
            onChange={(e) => setAudience({ ...audience, segment: e.target.value as Audience['segment'] })}
          >
            <option value="">{pt.everySegment}</option>
            {OPS_RISK_LABELS.map((x) => (
              <option key={x} value={x}>
                {pt.segments[x]}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}

/** The campaign's window: its start and end, local date-times. */
function WindowFields({
  pt,
  form,
  setForm,
}: {
  pt: PromotionsTexts;
  form: CampaignDraft;
  setForm: (next: CampaignDraft) => void;
}) {
  return (
    <>
      <label>
        {pt.startsAt}
        <input
          type="datetime-local"
          name="startsAt"
          value={form.startsAt}
          onChange={(e) => setForm({ ...form, startsAt: e.target.value })}
        />
      </label>
      <label>
        {pt.endsAt}
        <input
          type="datetime-local"
          name="endsAt"
          value={form.endsAt}
          onChange={(e) => setForm({ ...form, endsAt: e.target.value })}
        />
      </label>
    </>
  );
}

/** The desk's texts, the operator (their brand, if any), and where a new campaign is sent. */
interface CampaignFormProps {
  pt: PromotionsTexts;
  lang: Lang;
  me: Me;
  busy: boolean;
  onCreate: (body: CampaignCreate) => Promise<Campaign | null>;
}

/** The create form: a kind, its terms fields, the campaign's window. `onCreate` answers the campaign made. */
export function CampaignForm({ pt, lang, me, busy, onCreate }: CampaignFormProps) {
  const f = useCampaignForm(me, onCreate);
  const { kind, setKind, form, setForm, selection, submit } = f;
  return (
    <form className="filters" onSubmit={submit} data-testid="promotion-form">
      <strong>{pt.create}</strong>
      <label>
        {pt.kind}
        <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as FormKind)}>
          {FORM_KINDS.map((k) => (
            <option key={k} value={k}>
              {pt.kinds[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {pt.brand}
        <input
          name="brandId"
          inputMode="numeric"
          value={form.brandId}
          disabled={me.brandId !== null}
          onChange={(e) => setForm({ ...form, brandId: e.target.value.replace(/\D/g, '') })}
        />
      </label>
      <label>
        {pt.name}
        <input name="name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      </label>
      <TermsFields
        pt={pt}
        lang={lang}
        kind={kind}
        values={f.values}
        onValues={f.setValues}
        selection={selection}
        onSelection={f.setSelection}
        pickerKey={f.pickerKey}
      />
      <AudienceFields pt={pt} kind={kind} audience={f.audience} onAudience={f.setAudience} />
      <WindowFields pt={pt} form={form} setForm={setForm} />
      <button
        type="submit"
        disabled={busy || !form.name.trim() || !form.brandId || (kind === 'odds_boost' && !selection)}
      >
        {pt.createButton}
      </button>
    </form>
  );
}
