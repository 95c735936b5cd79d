import { useState } from 'react';
import {
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_TYPES,
  BANNER_PLACEMENTS,
  type BannerImageType,
  type BannerPlacement,
  type Locale,
  type OpsBannerCreate,
  type OpsBrand,
} from '@sb/contract';
import type { BrandBannersTexts } from './brand-banners-texts';

const DAY_MS = 86_400_000;

/** A `datetime-local` value of an instant, in the operator's own zone. */
const localInput = (ms: number) =>
  new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** A picture file as the upload's type and base64 bytes, and a data address to preview it. */
function readPicture(file: File): Promise<{ type: BannerImageType; data: string; preview: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const preview = String(reader.result);
      resolve({ type: file.type as BannerImageType, data: preview.slice(preview.indexOf(',') + 1), preview });
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

interface Draft {
  placement: BannerPlacement;
  locale: Locale | '';
  picture: { type: BannerImageType; data: string; preview: string } | null;
  link: string;
  alt: Partial<Record<Locale, string>>;
  startsAt: string;
  endsAt: string;
  position: string;
}

const emptyDraft = (): Draft => ({
  placement: 'home',
  locale: '',
  picture: null,
  link: '/casino',
  alt: {},
  startsAt: localInput(Date.now()),
  endsAt: localInput(Date.now() + 30 * DAY_MS),
  position: '',
});

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
    set('picture', await readPicture(file));
  }

  async function submit() {
    if (!draft.picture) return onProblem(bt.noImage);
    const alt = Object.fromEntries(
      altLocales.map((l) => [l, draft.alt[l] ?? '']).filter(([, t]) => t !== ''),
    );
    const ok = await onSubmit({
      placement: draft.placement,
      locale: draft.locale || null,
      image: { type: draft.picture.type, data: draft.picture.data },
      link: draft.link.trim(),
      alt,
      startsAt: new Date(draft.startsAt).toISOString(),
      endsAt: new Date(draft.endsAt).toISOString(),
      ...(draft.position ? { position: Number(draft.position) } : {}),
    });
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
        <input
          key={round}
          type="file"
          name="image"
          accept={BANNER_IMAGE_TYPES.join(',')}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </label>
      {draft.picture && <img className="banner-form__preview" src={draft.picture.preview} alt="" />}
      <label>
        {bt.page}
        <select
          name="placement"
          value={draft.placement}
          onChange={(e) => set('placement', e.target.value as BannerPlacement)}
        >
          {BANNER_PLACEMENTS.map((p) => (
            <option key={p} value={p}>
              {bt.placements[p]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {bt.language}
        <select
          name="locale"
          value={draft.locale}
          onChange={(e) => set('locale', e.target.value as Locale | '')}
        >
          <option value="">{bt.allLanguages}</option>
          {brand.locales.map((l) => (
            <option key={l} value={l}>
              {bt.languages[l]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {bt.link}
        <input name="link" value={draft.link} onChange={(e) => set('link', e.target.value)} />
        <small className="hint">{bt.linkHint}</small>
      </label>
      {altLocales.map((l) => (
        <label key={l}>
          {bt.alt(bt.languages[l])}
          <input
            name={`alt-${l}`}
            value={draft.alt[l] ?? ''}
            maxLength={200}
            onChange={(e) => set('alt', { ...draft.alt, [l]: e.target.value })}
          />
        </label>
      ))}
      <label>
        {bt.startsAt}
        <input
          type="datetime-local"
          name="startsAt"
          value={draft.startsAt}
          onChange={(e) => set('startsAt', e.target.value)}
        />
      </label>
      <label>
        {bt.endsAt}
        <input
          type="datetime-local"
          name="endsAt"
          value={draft.endsAt}
          onChange={(e) => set('endsAt', e.target.value)}
        />
      </label>
      <label>
        {bt.position}
        <input
          type="number"
          name="position"
          min={1}
          value={draft.position}
          onChange={(e) => set('position', e.target.value)}
        />
      </label>
      <p className="hint banner-form__zone">{bt.zone(zone)}</p>
      <button type="submit" disabled={busy}>
        {bt.save}
      </button>
    </form>
  );
}
