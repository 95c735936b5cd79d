import { useState, type FormEvent } from 'react';
import type { Campaign, CampaignCreate } from '@sb/contract';
import type { Me } from '../../app/me';
import { campaignBody, initialTerms, type Audience, type FormKind } from './campaign-terms';
import type { PickedSelection } from './selection-picker';

const DAY_MS = 86_400_000;
/** A `datetime-local` value of an instant, in the operator's own zone. */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/** The campaign's brand, name and window as typed (a brand's operator creates for their brand only). */
export type CampaignDraft = { brandId: string; name: string; startsAt: string; endsAt: string };

/**
 * The create form's state: kind, brand, name and window (from now, 30 days), terms, an odds boost's selection and
 * the audience; a campaign made starts the form afresh.
 */
export function useCampaignForm(me: Me, onCreate: (body: CampaignCreate) => Promise<Campaign | null>) {
  const blank = (): CampaignDraft => ({
    brandId: me.brandId === null ? '' : String(me.brandId),
    name: '',
    startsAt: localInput(Date.now()),
    endsAt: localInput(Date.now() + 30 * DAY_MS),
  });
  const [kind, setKind] = useState<FormKind>('free_bet');
  const [form, setForm] = useState(blank);
  const [values, setValues] = useState(initialTerms);
  const [selection, setSelection] = useState<PickedSelection | null>(null);
  const [audience, setAudience] = useState<Audience>({ eligibility: 'grant', segment: '' });
  // A new form picks its selection anew (the picker starts empty).
  const [pickerKey, setPickerKey] = useState(0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = campaignBody(kind, Number(form.brandId), form.name, values, form, selection, audience);
    void onCreate(body).then((made) => {
      if (made) {
        setForm(blank());
        setValues(initialTerms());
        setSelection(null);
        setAudience({ eligibility: 'grant', segment: '' });
        setPickerKey((k) => k + 1);
      }
    });
  };
  return {
    kind,
    setKind,
    form,
    setForm,
    values,
    setValues,
    selection,
    setSelection,
    audience,
    setAudience,
    pickerKey,
    submit,
  };
}
