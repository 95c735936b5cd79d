import './sports.css';
/**
 * The two letters a flag emoji spells (🇹🇷 → TR), or null for anything else (🌍). Regional-indicator
 * symbols start at U+1F1E6 for A.
 */
export function flagLetters(flag: string): string | null {
  const points = [...flag].map((c) => c.codePointAt(0) ?? 0);
  if (points.length !== 2 || points.some((p) => p < 0x1f1e6 || p > 0x1f1ff)) return null;
  return points.map((p) => String.fromCharCode(p - 0x1f1e6 + 65)).join('');
}

/**
 * A region's flag as a small letter badge (TR, GB; a globe for international regions). Letters read the
 * same on every phone, where flag emoji depend on the fonts installed.
 */
export function RegionFlag({ flag }: { flag: string }) {
  const letters = flagLetters(flag);
  return (
    <span className="region-flag" aria-hidden="true">
      {letters ?? (
        <svg width="14" height="14" viewBox="0 0 24 24">
          <path
            d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z M3 12h18 M12 3c3 3 3 15 0 18 M12 3c-3 3-3 15 0 18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      )}
    </span>
  );
}
