import { useEffect, useState } from 'react';
import type { OpsBrand } from '@sb/contract';
import { ApiError } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { createBrand } from './api/create-brand';
import { listBrands } from './api/list-brands';
import { updateBrand } from './api/update-brand';
import { bodyOf, type BrandForm } from './brand-form-state';
import type { BrandsTexts } from './brands-texts';

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

/** The brands list, read once, and a brand's save (a new one when none is selected) with its notice or refusal. */
export function useBrands(lang: Lang, bt: BrandsTexts) {
  const [brands, setBrands] = useState<OpsBrand[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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

  async function save(form: BrandForm, selected: OpsBrand | null, onBrand: (id: number) => void) {
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

  return { brands, setBrands, error, notice, busy, save };
}
