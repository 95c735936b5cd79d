import {
  brandTheme,
  contrastRatio,
  THEME_TEXT_PAIRS,
  WCAG_AA_TEXT_RATIO,
  type Theme,
  type ThemeChoice,
} from '@sb/contract';
import type { CSSProperties } from 'react';
import type { BrandsTexts } from './brands-texts';

/**
 * The player app's look in the colours being chosen, before saving: the theme the server will store (the same
 * `brandTheme`), drawn as a phone's header, a tile, a match with prices and the primary button, and each text
 * colour's contrast against WCAG AA (4.5:1), with a warning when one falls short.
 */
export function ThemePreview({ choice, name, bt }: { choice: ThemeChoice; name: string; bt: BrandsTexts }) {
  const theme = brandTheme(choice);
  const pairs = THEME_TEXT_PAIRS.map((p) => ({ ...p, ratio: contrastRatio(theme[p.text], theme[p.on]) }));
  const failing = pairs.filter((p) => p.ratio < WCAG_AA_TEXT_RATIO).length;
  return (
    <aside className="brand-preview" data-testid="brand-preview">
      <strong>{bt.preview}</strong>
      <small>{bt.previewNote}</small>
      <PreviewPhone theme={theme} name={name} bt={bt} />
      <table className="brand-contrast" data-testid="contrast">
        <caption>{bt.contrast}</caption>
        <tbody>
          {pairs.map((p) => (
            <tr key={p.pair} className={p.ratio < WCAG_AA_TEXT_RATIO ? 'neg' : ''}>
              <td>
                <span className="swatch" style={{ background: theme[p.on], color: theme[p.text] }}>
                  Aa
                </span>
              </td>
              <td>{bt.pairs[p.pair]}</td>
              <td className="num">
                {p.ratio.toFixed(2)}:1 {p.ratio < WCAG_AA_TEXT_RATIO ? '⚠' : '✓'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p
        className={failing ? 'error' : 'notice'}
        role={failing ? 'alert' : 'status'}
        data-testid="contrast-verdict"
      >
        {failing ? bt.contrastWarning(failing) : bt.contrastOk}
      </p>
    </aside>
  );
}

/** A phone's header, a tile, a match with prices and the primary button, in the theme's colours. */
function PreviewPhone({ theme, name, bt }: { theme: Theme; name: string; bt: BrandsTexts }) {
  const phone: CSSProperties = { background: theme.background, color: theme.text };
  return (
    <div className="brand-phone" style={phone} data-testid="preview-phone">
      <div className="brand-phone__header" style={{ background: theme.surface }}>
        <img src={theme.logoUrl} alt={name} height={24} />
      </div>
      <div className="brand-phone__tile" style={{ background: theme.surface, color: theme.accent }}>
        {bt.sampleTile}
      </div>
      <div className="brand-phone__match" style={{ background: theme.surface }}>
        <span>{bt.sampleMatch}</span>
        <span className="brand-phone__muted" style={{ color: theme.textMuted }}>
          20:45
        </span>
        <div className="brand-phone__odds">
          {['1.85', '3.40', '4.20'].map((o) => (
            <span key={o} style={{ borderColor: theme.accent }}>
              {o}
            </span>
          ))}
        </div>
      </div>
      <button
        type="button"
        tabIndex={-1}
        style={{ background: theme.primary, color: theme.primaryContrast, borderColor: theme.primary }}
      >
        {bt.sampleButton}
      </button>
    </div>
  );
}
