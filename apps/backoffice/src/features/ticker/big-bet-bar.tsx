import { useState } from 'react';
import { chime, type BigBetSetting } from './big-bet';
import type { TickerTexts } from './ticker-texts';

/** The big-bet threshold (saved when the field is left) and tone, and how many bets the list shows. */
export function BigBetBar({
  tt,
  big,
  onBig,
  shown,
}: {
  tt: TickerTexts;
  big: BigBetSetting;
  onBig: (next: BigBetSetting) => void;
  /** The bets listed, once the first page has loaded. */
  shown: number | null;
}) {
  const [bigText, setBigText] = useState(() => (big.threshold ? String(big.threshold / 100) : ''));
  return (
    <div className="filters big-bet" title={tt.bigBetHint}>
      <label>
        {tt.bigBet}
        <input
          name="bigBet"
          inputMode="decimal"
          value={bigText}
          onChange={(e) => setBigText(e.target.value)}
          onBlur={() => {
            const major = Number(bigText.replace(',', '.'));
            onBig({
              ...big,
              threshold: Number.isFinite(major) && major > 0 ? Math.round(major * 100) : 0,
            });
          }}
        />
      </label>
      <label>
        {tt.sound}
        <input
          name="bigBetSound"
          type="checkbox"
          checked={big.sound}
          onChange={(e) => {
            onBig({ ...big, sound: e.target.checked });
            if (e.target.checked) chime();
          }}
        />
      </label>
      {shown !== null && <span className="status">{tt.shown(shown)}</span>}
    </div>
  );
}
