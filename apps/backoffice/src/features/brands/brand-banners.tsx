import type { OpsBanner, OpsBannerCreate, OpsBannerPatch, OpsBrand } from '@sb/contract';
import { ApiError } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { createBrandBanner } from './api/create-brand-banner';
import { deleteBrandBanner } from './api/delete-brand-banner';
import { listBrandBanners } from './api/list-brand-banners';
import { updateBrandBanner } from './api/update-brand-banner';
import { BannerForm } from './banner-form';
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
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? notice}
        </div>
      )}
      {!banners && !error && <p>{bt.loading}</p>}
      {banners && banners.length === 0 && <p>{bt.none}</p>}
      {banners && banners.length > 0 && (
        <div className="table-scroll">
          <table data-testid="brand-banners-list">
            <thead>
              <tr>
                {[
                  bt.preview,
                  bt.page,
                  bt.place,
                  bt.language,
                  bt.link,
                  bt.window,
                  bt.live,
                  bt.shown,
                  bt.actions,
                ].map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {banners.map((b) => {
                const last = banners.filter((x) => x.placement === b.placement).length;
                const n = b.position;
                return (
                  <tr key={b.id} data-testid="brand-banner">
                    <td>
                      <img className="brand-banners__preview" src={b.imageUrl} alt={b.alt[lang] ?? ''} />
                    </td>
                    <td>{bt.placements[b.placement]}</td>
                    <td>{n}</td>
                    <td>{b.locale ? bt.languages[b.locale] : bt.allLanguages}</td>
                    <td className="brand-banners__link">{b.link}</td>
                    <td>
                      {when.format(new Date(b.startsAt))} – {when.format(new Date(b.endsAt))}
                    </td>
                    <td>{b.live ? bt.liveYes : bt.liveNo}</td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={bt.show(n)}
                        checked={b.enabled}
                        disabled={busy}
                        onChange={(e) => void patch(b, { enabled: e.target.checked })}
                      />
                    </td>
                    <td className="brand-banners__actions">
                      <button
                        type="button"
                        aria-label={bt.moveUp(n)}
                        disabled={busy || n === 1}
                        onClick={() => void patch(b, { position: n - 1 })}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        aria-label={bt.moveDown(n)}
                        disabled={busy || n === last}
                        onClick={() => void patch(b, { position: n + 1 })}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        aria-label={bt.removeLabel(n)}
                        disabled={busy}
                        onClick={() => void change(bt.removed, () => deleteBrandBanner(brand.id, b.id))}
                      >
                        {bt.remove}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <BannerForm bt={bt} brand={brand} busy={busy} onSubmit={create} onProblem={setError} />
    </section>
  );
}
