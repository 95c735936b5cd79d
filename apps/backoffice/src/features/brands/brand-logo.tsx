import { useEffect, useState } from 'react';
import {
  BRAND_LOGO_MAX_BYTES,
  BRAND_LOGO_PATH_PREFIX,
  BRAND_LOGO_TYPES,
  DRAWN_LOGO_PREFIX,
  type BrandLogoType,
  type OpsBrand,
} from '@sb/contract';
import { ApiError } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { deleteBrandLogo } from './api/delete-brand-logo';
import { uploadBrandLogo } from './api/upload-brand-logo';
import { BRAND_LOGO_TEXTS, type BrandLogoTexts } from './brand-logo-texts';
import { PictureInput } from './picture-input';
import { readPicture, type PictureFile } from './read-picture';

/** A refusal as a sentence of the desk: the picture's type or its bytes, else the desk's sentence. */
function sentence(lang: Lang, lt: BrandLogoTexts, e: unknown): string {
  if (e instanceof ApiError && e.status === 400 && e.field === 'type') return lt.badType;
  if (e instanceof ApiError && e.status === 400 && e.field === 'data') return lt.badFile;
  if (e instanceof ApiError && e.status === 413) return lt.tooLarge;
  return errorText(lang, e);
}

type LogoKind = 'uploaded' | 'drawn' | 'address';

function kindOf(logoUrl: string): LogoKind {
  if (logoUrl.startsWith(BRAND_LOGO_PATH_PREFIX)) return 'uploaded';
  return logoUrl.startsWith(DRAWN_LOGO_PREFIX) ? 'drawn' : 'address';
}

/** The logo's state on the form: the chosen file, the refusal or notice, and the two actions. */
function useBrandLogo(lang: Lang, brand: OpsBrand, onChanged: (brand: OpsBrand) => void) {
  const lt = BRAND_LOGO_TEXTS[lang];
  const [picture, setPicture] = useState<PictureFile<BrandLogoType> | null>(null);
  // A refusal is kept as it came and said in the desk's language at each render.
  const [failure, setFailure] = useState<{ raw: unknown } | { text: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A file input cannot be emptied by its value: a new one is drawn after each upload.
  const [round, setRound] = useState(0);
  const error = failure === null ? null : 'text' in failure ? failure.text : sentence(lang, lt, failure.raw);
  useEffect(() => setNotice(null), [lang]);

  async function choose(file: File | undefined) {
    setFailure(null);
    setNotice(null);
    setPicture(null);
    if (!file) return;
    if (!(BRAND_LOGO_TYPES as readonly string[]).includes(file.type)) return setFailure({ text: lt.badType });
    if (file.size > BRAND_LOGO_MAX_BYTES) return setFailure({ text: lt.tooLarge });
    setPicture(await readPicture<BrandLogoType>(file));
  }

  async function act(done: string, request: () => Promise<OpsBrand>) {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      onChanged(await request());
      setNotice(done);
      setPicture(null);
      setRound((r) => r + 1);
    } catch (e) {
      setFailure({ raw: e });
    } finally {
      setBusy(false);
    }
  }

  const upload = () =>
    picture
      ? act(lt.uploaded, () => uploadBrandLogo(brand.id, { type: picture.type, data: picture.data }))
      : setFailure({ text: lt.noFile });
  const remove = () => act(lt.removed, () => deleteBrandLogo(brand.id));
  return { lt, picture, error, notice, busy, round, choose, upload, remove };
}

/** The current logo, and beside it the file chosen to replace it. */
function LogoPictures({
  lt,
  logoUrl,
  picture,
}: {
  lt: BrandLogoTexts;
  logoUrl: string;
  picture: PictureFile<BrandLogoType> | null;
}) {
  return (
    <div className="brand-logo__pictures">
      <figure>
        <img src={logoUrl} alt={lt.current} height={30} data-testid="brand-logo-current" />
        <figcaption>
          {lt.current}: {lt.kinds[kindOf(logoUrl)]}
        </figcaption>
      </figure>
      {picture && (
        <figure>
          <img src={picture.preview} alt={lt.chosen} height={30} />
          <figcaption>{lt.chosen}</figcaption>
        </figure>
      )}
    </div>
  );
}

/**
 * A brand's logo on its form (issue 35 §1): the current one, a file to upload in its place (PNG, JPEG or WebP,
 * ≤ 100 KB, checked here first and by the server), and a way back to the logo drawn from the name and colours.
 * Each is saved at once, apart from the rest of the form; `onChanged` gets the brand as the server answered it.
 */
export function BrandLogo({
  lang,
  brand,
  onChanged,
}: {
  lang: Lang;
  brand: OpsBrand;
  onChanged: (brand: OpsBrand) => void;
}) {
  const { lt, picture, error, notice, busy, round, choose, upload, remove } = useBrandLogo(
    lang,
    brand,
    onChanged,
  );
  return (
    <div className="brand-logo" data-testid="brand-logo" aria-busy={busy}>
      <LogoPictures lt={lt} logoUrl={brand.theme.logoUrl} picture={picture} />
      <label>
        {lt.logo}
        <PictureInput
          key={round}
          name="logo"
          types={BRAND_LOGO_TYPES}
          describedBy="brand-logo-hint"
          onFile={(f) => void choose(f)}
        />
      </label>
      <small id="brand-logo-hint">{lt.hint}</small>
      <div className="brand-logo__actions">
        <button type="button" onClick={() => void upload()} disabled={busy || !picture}>
          {lt.upload}
        </button>
        <button
          type="button"
          onClick={() => void remove()}
          disabled={busy || kindOf(brand.theme.logoUrl) === 'drawn'}
        >
          {lt.remove}
        </button>
      </div>
      {(error || notice) && (
        <p className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? notice}
        </p>
      )}
    </div>
  );
}
