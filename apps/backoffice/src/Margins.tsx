import { useState, type FormEvent } from 'react';
import type { Me } from './app/me';
import type { Lang, Texts } from './i18n';
import { MARGIN_TEXTS } from './margins-texts';
import type { RiskTexts } from './risk-texts';
import { usePickLists } from './components/brand-select';
import { may } from './app/may';
import { bpOf, MarginForm, type MarginDraft } from './features/margins/margin-form';
import { MarginsTable } from './features/margins/margins-table';
import { useMargins } from './features/margins/use-margins';

/** Brand margins per sport and market family: set, list, remove (trader; a brand's trader, its own brand). */
export function Margins({ t, r, me, lang }: { t: Texts; r: RiskTexts; me: Me; lang: Lang }) {
  const m = MARGIN_TEXTS[lang];
  const canTrade = may(me, 'trade');
  const picks = usePickLists();
  const { view, error, notice, save } = useMargins(t, r);
  const [form, setForm] = useState<MarginDraft>({
    brandId: me.brandId === null ? '' : String(me.brandId),
    sportId: '',
    family: '',
    percent: '',
    reason: '',
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = {
      brandId: Number(form.brandId),
      sportId: form.sportId === '' ? null : Number(form.sportId),
      family: form.family === '' ? null : form.family,
    };
    void save(key, bpOf(form.percent), form.reason);
  };
  const familyName = (f: string | null) => (f === null ? m.every : (m.families[f] ?? f));
  const shared = { m, r, lang, canTrade, picks, view, familyName };

  return (
    <section className="panel" data-testid="margins">
      <h2>{m.margins}</h2>
      <p className="hint">{m.marginsHelp}</p>
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? notice}
        </div>
      )}
      <MarginForm {...shared} me={me} form={form} setForm={setForm} onSubmit={submit} />
      <MarginsTable {...shared} onRemove={(row) => void save(row, null, form.reason)} />
    </section>
  );
}
