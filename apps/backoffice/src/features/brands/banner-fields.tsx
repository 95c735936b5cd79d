import { BANNER_PLACEMENTS, type BannerPlacement, type Locale, type OpsBrand } from '@sb/contract';
import type { BrandBannersTexts } from './brand-banners-texts';
import type { Draft, SetDraft } from './banner-draft';

/** Where the banner shows: its page, language (all of the brand's when none), link and alt text per language. */
export function BannerWhereFields(props: {
  bt: BrandBannersTexts;
  brand: OpsBrand;
  draft: Draft;
  set: SetDraft;
}) {
  const { bt, brand, draft, set } = props;
  const altLocales = draft.locale ? [draft.locale] : brand.locales;
  return (
    <>
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
    </>
  );
}

/** When and where in the list: start and end in the operator's time zone, and place (last when empty). */
export function BannerWhenFields(props: { bt: BrandBannersTexts; draft: Draft; set: SetDraft }) {
  const { bt, draft, set } = props;
  return (
    <>
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
    </>
  );
}
