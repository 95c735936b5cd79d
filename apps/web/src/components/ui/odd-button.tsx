import { useEffect, useRef, useState } from 'react';
import { ODD_HIGHLIGHT_MS, oddDirection, type OddDirection } from '@sb/betting';
import { useTranslation } from '@/lib/i18n';
import { useFormatOdds } from '@/lib/odds-format';
import { toggleSelection, useInSlip, type SlipPick } from '@/lib/slip-store';
import { Icon } from './icon';
import './odd-button.css';

/**
 * The odds boost's badge: "Boost" (tr "Oran artışı"); a narrow button (a list row's column) says it shorter
 * ("Boost", tr "Artış") so the word is never cut (odd-button.css picks one by the button's width).
 */
export function BoostBadge() {
  const { t } = useTranslation();
  return (
    <span className="odd-button__boost" data-testid="boost-badge">
      <span className="odd-button__boost-long">{t('odds.boost')}</span>
      <span className="odd-button__boost-short" aria-hidden="true">
        {t('odds.boost_short')}
      </span>
    </span>
  );
}

/** The size step of an odd's text: six characters (100.00) and seven (1000.00) each step down. */
function valueSize(oddText: string): string {
  if (oddText.length > 6) return ' odd-button__value--long odd-button__value--xlong';
  return oddText.length > 5 ? ' odd-button__value--long' : '';
}

/**
 * The last odd shown for each selection anywhere in the app, so a button that mounts (a row scrolled in, the
 * event page opened from a list) shows the arrow when the odd moved since the player last saw it (spec §4).
 */
const lastSeen = new Map<number, number>();

export { ODD_HIGHLIGHT_MS, oddDirection, type OddDirection };

function useOddArrow(selectionId: number, odd: number): OddDirection {
  const [direction, setDirection] = useState<OddDirection>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const moved = oddDirection(lastSeen.get(selectionId), odd);
    lastSeen.set(selectionId, odd);
    if (!moved) return;
    setDirection(moved);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setDirection(null), ODD_HIGHLIGHT_MS);
  }, [selectionId, odd]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return direction;
}

export interface OddButtonProps {
  selectionId: number;
  /** The outcome as the player reads it (1, X, Over 2.5, a player's name). */
  label: string;
  /** Decimal odd; shown in the player's odds format. */
  odd: number;
  /** Spec §4 selection activity: a padlock, no value, cannot be picked. */
  locked: boolean;
  /** What goes on the slip; built only when tapped. */
  pick: () => SlipPick;
  /** Show the outcome label inside the button (rows do; tables with headed columns may not). */
  showLabel?: boolean;
  /**
   * An odds boost's price on this selection (the fixture's `boostedOdd`, issue 36): shown instead of `odd`, which
   * is struck through beside it, with a "Boost" badge.
   */
  boostedOdd?: number;
}

/**
 * An odd (spec §4): tapping toggles it on the bet slip; selected while on the slip; a padlock when locked;
 * an up or down arrow for 2 s whenever it changes (and on mount when it changed since last shown). Neither
 * the button nor its label and value boxes change size or place with their content (odd-button.css), so ticking
 * or locking odds cannot shift the layout.
 */
export function OddButton({
  selectionId,
  label,
  odd,
  locked,
  pick,
  showLabel = true,
  boostedOdd,
}: OddButtonProps) {
  const { t } = useTranslation();
  const formatOdds = useFormatOdds();
  // A locked selection shows no boost (the server sends none for one off sale either).
  const boosted = !locked && boostedOdd !== undefined && boostedOdd > odd;
  const shown = boosted ? boostedOdd : odd;
  const oddText = formatOdds(shown);
  const normalText = formatOdds(odd);
  const inSlip = useInSlip(selectionId);
  const direction = useOddArrow(selectionId, shown);
  const state = [inSlip && 'is-selected', direction && `is-${direction}`, boosted && 'odd-button--boosted']
    .filter(Boolean)
    .join(' ');
  const spoken = locked
    ? t('odds.locked')
    : boosted
      ? t('odds.boosted_from', { odd: oddText, was: normalText })
      : oddText;
  return (
    <button
      type="button"
      className={`odd-button ${state}`}
      data-odd-id={selectionId}
      data-boosted={boosted || undefined}
      aria-pressed={inSlip}
      disabled={locked}
      aria-label={`${label} ${spoken}`}
      onClick={() => locked || toggleSelection(pick())}
    >
      {boosted ? (
        // The outcome (cut with an ellipsis when long) and the normal price struck through (never cut).
        <span className="odd-button__label odd-button__label--boosted">
          {showLabel && <span className="odd-button__outcome">{label}</span>}
          <s className="odd-button__was" data-testid="odd-was">
            {normalText}
          </s>
        </span>
      ) : (
        showLabel && <span className="odd-button__label">{label}</span>
      )}
      <span className={`odd-button__value${valueSize(oddText)}`}>
        {locked ? <Icon name="lock" size={16} /> : oddText}
      </span>
      {boosted && <BoostBadge />}
      {direction && !locked && (
        <span
          className={`odd-button__arrow odd-button__arrow--${direction}`}
          data-arrow={direction}
          aria-hidden="true"
        />
      )}
    </button>
  );
}
