import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { GameSession, SlotLayout, SlotRound, SlotSpin } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { formatUserMoney } from '@/lib/money';
import { newRoundKey, useSpin } from '../api/spin';
import { playErrorText } from './play-error';
import { SlotPaytable } from './slot-paytable';
import { SlotSymbol } from './slot-symbol';
import { StakePicker } from './stake-picker';

/** The reels turn at least this long, and each free spin stays this long on screen. */
const SPIN_MS = 650;
const FREE_SPIN_MS = 900;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A resting window before the first spin: every regular symbol shown once or twice. */
function restingWindow(layout: SlotLayout): number[][] {
  const regular = layout.symbols.filter((s) => s.kind === 'regular').map((s) => s.id);
  return Array.from({ length: layout.reels }, (_, r) =>
    Array.from({ length: layout.rows }, (_, row) => regular[(r * 2 + row * 3) % regular.length]!),
  );
}

/** Cells (reel:row) that make up the spin's wins: the paying run of each line, and every paying scatter. */
function winningCells(layout: SlotLayout, spin: SlotSpin): Set<string> {
  const cells = new Set<string>();
  for (const win of spin.lineWins) {
    const line = layout.lines[win.line]!;
    for (let r = 0; r < win.count; r++) cells.add(`${r}:${line[r]}`);
  }
  if (spin.scatter.amount > 0)
    spin.window.forEach((reel, r) =>
      reel.forEach((id, row) => {
        if (layout.symbols[id]?.kind === 'scatter') cells.add(`${r}:${row}`);
      }),
    );
  return cells;
}

interface Shown {
  window: number[][];
  cells: Set<string>;
  freeSpin: { n: number; count: number } | null;
}

/** A slot: reels, stake, spin. The server decides and pays; the page only shows the round it answers. */
export function SlotGame({ session, layout }: { session: GameSession; layout: SlotLayout }) {
  const { t } = useTranslation();
  const spinMutation = useSpin(session.id);
  const [stake, setStake] = useState(session.defaultStake);
  const [shown, setShown] = useState<Shown>(() => ({
    window: restingWindow(layout),
    cells: new Set(),
    freeSpin: null,
  }));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; kind: 'win' | 'info' | 'error' } | null>(null);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);
  const money = (n: number) => formatUserMoney(n, session.currency);

  async function show(round: SlotRound): Promise<void> {
    for (const [i, spin] of round.spins.entries()) {
      if (!alive.current) return;
      setShown({
        window: spin.window,
        cells: winningCells(layout, spin),
        freeSpin: i === 0 ? null : { n: i, count: round.freeSpinsAwarded },
      });
      if (i === 0 && round.freeSpinsAwarded > 0)
        setMessage({
          kind: 'win',
          text: t('casino.slot.free_spins_won', {
            count: round.freeSpinsAwarded,
            multiplier: layout.freeSpins.multiplier,
          }),
        });
      if (i < round.spins.length - 1) await wait(FREE_SPIN_MS);
    }
    setMessage(
      round.win > 0
        ? { kind: 'win', text: t('casino.slot.win', { amount: money(round.win) }) }
        : { kind: 'info', text: t('casino.slot.no_win') },
    );
  }

  async function onSpin(): Promise<void> {
    setBusy(true);
    setMessage(null);
    try {
      const [result] = await Promise.all([
        spinMutation.mutateAsync({ stake, roundKey: newRoundKey() }),
        wait(SPIN_MS),
      ]);
      await show(result.round);
    } catch (error) {
      setMessage({ kind: 'error', text: playErrorText(error, t) });
    } finally {
      if (alive.current) setBusy(false);
    }
  }

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
        <Button className="slot-spin" onClick={() => void onSpin()} disabled={busy} data-testid="slot-spin">
          {busy ? t('casino.slot.spinning') : t('casino.slot.spin')}
        </Button>
      </div>
      <SlotPaytable layout={layout} stake={stake} money={money} />
    </div>
  );
}
