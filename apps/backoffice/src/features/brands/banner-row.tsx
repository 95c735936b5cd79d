import type { OpsBanner, OpsBannerPatch } from '@sb/contract';
import type { Lang } from '../../i18n';
import type { BrandBannersTexts } from './brand-banners-texts';

/** The banner list's column heads. */
export function BannerHead({ bt }: { bt: BrandBannersTexts }) {
  return (
    <thead>
      <tr>
        {[bt.preview, bt.page, bt.place, bt.language, bt.link, bt.window, bt.live, bt.shown, bt.actions].map(
          (c) => (
            <th key={c}>{c}</th>
          ),
        )}
      </tr>
    </thead>
  );
}

/**
 * One banner of the list: its preview, page, place (of `last` on its page), language, link, window and state, with
 * its switch, moves and deletion (each saved at once by the list).
 */
export function BannerRow(props: {
  lang: Lang;
  bt: BrandBannersTexts;
  banner: OpsBanner;
  last: number;
  busy: boolean;
  when: Intl.DateTimeFormat;
  onPatch: (body: OpsBannerPatch) => void;
  onRemove: () => void;
}) {
  const { lang, bt, banner: b, last, busy, when, onPatch, onRemove } = props;
  const n = b.position;
  return (
    <tr data-testid="brand-banner">
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
          onChange={(e) => onPatch({ enabled: e.target.checked })}
        />
      </td>
      <td className="brand-banners__actions">
        <button
          type="button"
          aria-label={bt.moveUp(n)}
          disabled={busy || n === 1}
          onClick={() => onPatch({ position: n - 1 })}
        >
          ↑
        </button>
        <button
          type="button"
          aria-label={bt.moveDown(n)}
          disabled={busy || n === last}
          onClick={() => onPatch({ position: n + 1 })}
        >
          ↓
        </button>
        <button type="button" aria-label={bt.removeLabel(n)} disabled={busy} onClick={onRemove}>
          {bt.remove}
        </button>
      </td>
    </tr>
  );
}
