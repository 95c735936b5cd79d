import type { OpsBanner, OpsBannerCreate, OpsBannerPatch, OpsBrand } from '@sb/contract';
import { ApiError } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { createBrandBanner } from './api/create-brand-banner';
import { deleteBrandBanner } from './api/delete-brand-banner';
import { listBrandBanners } from './api/list-brand-banners';
import { updateBrandBanner } from './api/update-brand-banner';
import { BannerForm } from './banner-form';
import { BannerHead, BannerRow } from './banner-row';
import { SectionNotice } from './section-notice';
import { BRAND_BANNERS_TEXTS, type BrandBannersTexts } from './brand-banners-texts';
import { useBrandSection } from './use-brand-section';

/** A refusal as a sentence: the field named in words, else the desk's sentence. */
function sentence(lang: Lang, bt: BrandBannersTexts, e: unknown): string {
  if (e instanceof ApiError && e.status === 400 && e.field) {
    const name = bt.fields[e.field.split('.')[0]!];
    if (name) return bt.invalid(name);
  }
  return errorText(lang, e);
}

/**
 * A brand's banners (issue 35 §1): each page's banners in order with a preview, moved up or down, switched on or
 * off, deleted; and a form to add one. Each change is saved at once and the list read again (a move or a deletion
 * shifts the places around it). Times are shown and entered in the operator's time zone.
 */
export function BrandBanners({ lang, brand }: { lang: Lang; brand: OpsBrand }) {
  const bt = BRAND_BANNERS_TEXTS[lang];
  const {
    data: banners,
    error,
    notice,
    busy,
    change,
    setError,
  } = useBrandSection(
    brand.id,
    () => listBrandBanners(brand.id),
    (e) => sentence(lang, bt, e),
    lang,
  );
  const when = new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
  });

  const patch = (b: OpsBanner, body: OpsBannerPatch) =>
    change(bt.saved, () => updateBrandBanner(brand.id, b.id, body));
  const create = (body: OpsBannerCreate) => change(bt.created, () => createBrandBanner(brand.id, body));

  return (
    <section className="brand-banners" data-testid="brand-banners" aria-busy={busy}>
      <h2>{bt.title(brand.name)}</h2>
      <p className="hint">{bt.note}</p>
      <SectionNotice error={error} notice={notice} />
      {!banners && !error && <p>{bt.loading}</p>}
      {banners && banners.length === 0 && <p>{bt.none}</p>}
      {banners && banners.length > 0 && (
        <div className="table-scroll">
          <table data-testid="brand-banners-list">
            <BannerHead bt={bt} />
            <tbody>
              {banners.map((b) => (
                <BannerRow
                  key={b.id}
                  lang={lang}
                  bt={bt}
                  banner={b}
                  last={banners.filter((x) => x.placement === b.placement).length}
                  busy={busy}
                  when={when}
                  onPatch={(body) => void patch(b, body)}
                  onRemove={() => void change(bt.removed, () => deleteBrandBanner(brand.id, b.id))}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <BannerForm bt={bt} brand={brand} busy={busy} onSubmit={create} onProblem={setError} />
    </section>
  );
}
