import { useEffect, useState } from 'react';
import type { OpsBrand } from '@sb/contract';
import type { Me } from '../../app/me';
import type { Lang } from '../../i18n';
import { formOf, type BrandForm } from './brand-form-state';
import { BrandFormView } from './brand-form';
import { BrandCasino } from './brand-casino';
import { BrandBanners } from './brand-banners';
import { BrandLogo } from './brand-logo';
import { SectionNotice } from './section-notice';
import { BRAND_LOGO_TEXTS } from './brand-logo-texts';
import { BRANDS_TEXTS } from './brands-texts';
import { BrandsList } from './brands-list';
import { useBrands } from './use-brands';
import { may } from '../../app/may';

/**
 * The brands desk (issue 35 §1): every brand the operator may run, a new one (all-brands operators), and a brand's
 * settings with a preview of its theme. `/backoffice/brands/{id}` opens a brand, `/backoffice/brands` the list
 * with the new brand's form.
 */
export function BrandsPage({
  lang,
  me,
  brandId,
  onBrand,
}: {
  lang: Lang;
  me: Me;
  brandId: number | null;
  onBrand: (id: number | null) => void;
}) {
  const bt = BRANDS_TEXTS[lang];
  const { brands, setBrands, error, notice, busy, save } = useBrands(lang, bt);
  const [form, setForm] = useState<BrandForm>(() => formOf(null));
  const canCreate = me.brandId === null && may(me, 'brands');
  const selected = brands?.find((b) => b.id === brandId) ?? null;

  // The form follows the brand in the URL (a new brand's when none is chosen); what is typed stays while the list
  // loads or reloads.
  useEffect(() => setForm(formOf(selected)), [selected?.id]);

  /** A logo saved on its own: the brand as answered, and the form's logo address with it (a later save keeps it). */
  const logoChanged = (saved: OpsBrand) => {
    setBrands((list) => list?.map((b) => (b.id === saved.id ? saved : b)) ?? null);
    setForm((f) => ({ ...f, logoUrl: formOf(saved).logoUrl }));
  };

  return (
    <section className="panel brands" data-testid="brands-desk">
      <SectionNotice error={error} notice={notice} />
      <BrandsList bt={bt} brands={brands} brandId={brandId} canCreate={canCreate} onBrand={onBrand} />
      {(selected || (brandId === null && canCreate)) && (
        <BrandFormView
          bt={bt}
          form={form}
          onForm={setForm}
          onSubmit={() => void save(form, selected, onBrand)}
          onCancel={() => setForm(formOf(selected))}
          busy={busy}
          creating={!selected}
          logo={
            selected ? (
              <BrandLogo lang={lang} brand={selected} onChanged={logoChanged} />
            ) : (
              <small>{BRAND_LOGO_TEXTS[lang].createFirst}</small>
            )
          }
        />
      )}
      {selected && may(me, 'brands') && <BrandBanners key={`b${selected.id}`} lang={lang} brand={selected} />}
      {selected && may(me, 'brands') && <BrandCasino key={selected.id} lang={lang} brand={selected} />}
    </section>
  );
}
