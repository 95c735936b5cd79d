import { useEffect, useState } from 'react';
import type { OpsBrand } from '@sb/contract';
import { ApiError } from '../../api';
import type { Me } from '../../app/me';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { createBrand } from './api/create-brand';
import { listBrands } from './api/list-brands';
import { updateBrand } from './api/update-brand';
import { bodyOf, formOf, type BrandForm } from './brand-form-state';
import { BrandFormView } from './brand-form';
import { BrandCasino } from './brand-casino';
import { BrandBanners } from './brand-banners';
import { BRANDS_TEXTS, type BrandsTexts } from './brands-texts';
import { may } from '../../app/may';

/** A refusal as a sentence of this desk: a taken host name, a field named in words, else the desk's sentence. */
function sentence(lang: Lang, bt: BrandsTexts, e: unknown): string {
  if (e instanceof ApiError && e.status === 409 && e.field === 'hostnames')
    return bt.hostTaken(/host (\S+)/.exec(e.message)?.[1] ?? '');
  if (e instanceof ApiError && e.status === 400 && e.field) {
    if (e.field === 'defaultLocale') return bt.defaultNotOffered;
    const parts = e.field.split('.').filter((p) => !/^\d+$/.test(p));
    const name = [...parts]
      .reverse()
      .map((p) => bt.fields[p])
      .find(Boolean);
    if (name) return bt.invalid(name);
  }
  return errorText(lang, e);
}

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
  const [brands, setBrands] = useState<OpsBrand[] | null>(null);
  const [form, setForm] = useState<BrandForm>(() => formOf(null));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canCreate = me.brandId === null && may(me, 'brands');
  const selected = brands?.find((b) => b.id === brandId) ?? null;

  const reload = async () => {
    try {
      setBrands(await listBrands());
    } catch (e) {
      setError(sentence(lang, bt, e));
    }
  };
  useEffect(() => void reload(), []);
  // A notice or refusal is the last save's, in the language it was made in: a switch of language drops it.
  useEffect(() => {
    setNotice(null);
    setError(null);
  }, [lang]);
  // The form follows the brand in the URL (a new brand's when none is chosen); what is typed stays while the list
  // loads or reloads.
  useEffect(() => setForm(formOf(selected)), [selected?.id]);

  async function save() {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const body = bodyOf(form);
      const saved = selected ? await updateBrand(selected.id, body) : await createBrand(body);
      setNotice(selected ? bt.saved(saved.name) : bt.created(saved.name));
      await reload();
      onBrand(saved.id);
    } catch (e) {
      setError(sentence(lang, bt, e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel brands" data-testid="brands-desk">
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? notice}
        </div>
      )}
      <div className="brands__list">
        <h2>{bt.brands}</h2>
        {canCreate && (
          <button type="button" onClick={() => onBrand(null)} aria-pressed={brandId === null}>
            + {bt.newBrand}
          </button>
        )}
        {brands?.length === 0 && <p>{bt.none}</p>}
        <table data-testid="brands-table">
          <thead>
            <tr>
              <th>{bt.columns.name}</th>
              <th>{bt.columns.host}</th>
              <th>{bt.columns.languages}</th>
              <th>{bt.columns.colours}</th>
            </tr>
          </thead>
          <tbody>
            {(brands ?? []).map((b) => (
              <tr key={b.id} className={b.id === brandId ? 'selected' : ''}>
                <td>
                  <a
                    className="link"
                    href={`/backoffice/brands/${b.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      onBrand(b.id);
                    }}
                  >
                    {b.name}
                  </a>
                </td>
                <td>{b.hostnames[0]}</td>
                <td>{b.locales.map((l) => (l === b.defaultLocale ? `${l.toUpperCase()}*` : l)).join(' ')}</td>
                <td>
                  <span className="swatch" style={{ background: b.theme.primary }} title={b.theme.primary} />
                  <span className="swatch" style={{ background: b.theme.accent }} title={b.theme.accent} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(selected || (brandId === null && canCreate)) && (
        <BrandFormView
          bt={bt}
          form={form}
          onForm={setForm}
          onSubmit={() => void save()}
          onCancel={() => setForm(formOf(selected))}
          busy={busy}
          creating={!selected}
        />
      )}
      {selected && may(me, 'brands') && <BrandBanners key={`b${selected.id}`} lang={lang} brand={selected} />}
      {selected && may(me, 'brands') && <BrandCasino key={selected.id} lang={lang} brand={selected} />}
    </section>
  );
}
