import { useState } from 'react';
import {
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_TYPES,
  type BannerImageType,
  type Locale,
  type OpsBannerCreate,
  type OpsBrand,
} from '@sb/contract';
import type { BrandBannersTexts } from './brand-banners-texts';
import { PictureInput } from './picture-input';
import { readPicture, type PictureFile } from './read-picture';
import { emptyDraft, type Draft } from './banner-draft';
import { BannerWhenFields, BannerWhereFields } from './banner-fields';

/** The new banner as the server takes it: the times as instants, the alt texts of the languages shown. */
function bodyOf(draft: Draft, picture: PictureFile<BannerImageType>, altLocales: Locale[]): OpsBannerCreate {
  const alt = Object.fromEntries(altLocales.map((l) => [l, draft.alt[l] ?? '']).filter(([, t]) => t !== ''));
  return {
    placement: draft.placement,
    locale: draft.locale || null,
    image: { type: picture.type, data: picture.data },
    link: draft.link.trim(),
    alt,
    startsAt: new Date(draft.startsAt).toISOString(),
    endsAt: new Date(draft.endsAt).toISOString(),
    ...(draft.position ? { position: Number(draft.position) } : {}),
  };
}

/**
 * The form of a new banner: its picture (read here, sent in base64), page, language, link, alt text per language
 * of the brand, start and end in the operator's time zone, and place. A refusal is shown by the section.
 */
export function BannerForm({
  bt,
  brand,
  busy,
  onSubmit,
  onProblem,
}: {
  bt: BrandBannersTexts;
  brand: OpsBrand;
  busy: boolean;
  onSubmit: (body: OpsBannerCreate) => Promise<boolean>;
  onProblem: (text: string) => void;
}) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  // A file input cannot be emptied by its value: a new one is drawn after each banner added.
  const [round, setRound] = useState(0);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const altLocales = draft.locale ? [draft.locale] : brand.locales;

  async function choose(file: File | undefined) {
    if (!file) return set('picture', null);
    if (!(BANNER_IMAGE_TYPES as readonly string[]).includes(file.type)) return onProblem(bt.badType);
    if (file.size > BANNER_IMAGE_MAX_BYTES) return onProblem(bt.tooLarge);
    set('picture', await readPicture<BannerImageType>(file));
  }

  async function submit() {
    if (!draft.picture) return onProblem(bt.noImage);
    const ok = await onSubmit(bodyOf(draft, draft.picture, altLocales));
    if (ok) {
      setDraft(emptyDraft());
      setRound((r) => r + 1);
    }
  }

  return (
    <form
      className="banner-form"
      data-testid="banner-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3>{bt.add}</h3>
      <label>
        {bt.image}
        <PictureInput key={round} name="image" types={BANNER_IMAGE_TYPES} onFile={(f) => void choose(f)} />
      </label>
      {draft.picture && <img className="banner-form__preview" src={draft.picture.preview} alt="" />}
      <BannerWhereFields bt={bt} brand={brand} draft={draft} set={set} />
      <BannerWhenFields bt={bt} draft={draft} set={set} />
      <p className="hint banner-form__zone">{bt.zone(zone)}</p>
      <button type="submit" disabled={busy}>
        {bt.save}
      </button>
    </form>
  );
}
