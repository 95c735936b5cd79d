import { useTranslation } from '@/lib/i18n';
import type { GameSession, SlotLayout } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { SlotPaytable } from './slot-paytable';
import { SlotSymbol } from './slot-symbol';
import { StakePicker } from './stake-picker';
import { useSlotSpin } from './use-slot-spin';

/** A slot: reels, stake, spin. The server decides and pays; the page only shows the round it answers. */
export function SlotGame({ session, layout }: { session: GameSession; layout: SlotLayout }) {
  const { t } = useTranslation();
  const { stake, setStake, shown, busy, message, money, spin } = useSlotSpin(session, layout);
  return (
    <div
      className="slot-game"
      style={{
        ['--game-bg' as string]: layout.theme.background,
        ['--game-accent' as string]: layout.theme.accent,
      }}
    >
      <div className={`slot-reels${busy && !shown.freeSpin ? ' is-spinning' : ''}`} data-testid="slot-reels">
        {shown.window.map((reel, r) => (
          <div className="slot-reel" key={r}>
            {reel.map((id, row) => (
              <SlotSymbol key={row} symbol={layout.symbols[id]!} highlight={shown.cells.has(`${r}:${row}`)} />
            ))}
          </div>
        ))}
      </div>
      <p
        className={`slot-message slot-message--${message?.kind ?? 'info'}`}
        role="status"
        aria-live="polite"
        data-testid="slot-message"
      >
        {shown.freeSpin
          ? t('casino.slot.free_spin', { n: shown.freeSpin.n, count: shown.freeSpin.count })
          : (message?.text ?? t('casino.slot.lines', { count: layout.lines.length }))}
      </p>
      <div className="slot-controls">
        <StakePicker
          stakes={session.stakes}
          value={stake}
          onChange={setStake}
          currency={session.currency}
          disabled={busy}
        />
        <Button className="slot-spin" onClick={() => void spin()} disabled={busy} data-testid="slot-spin">
          {busy ? t('casino.slot.spinning') : t('casino.slot.spin')}
        </Button>
      </div>
      <SlotPaytable layout={layout} stake={stake} money={money} />
    </div>
  );
}
