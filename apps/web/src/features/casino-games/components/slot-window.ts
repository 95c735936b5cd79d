import type { SlotLayout, SlotSpin } from '@sb/contract';

/** A resting window before the first spin: every regular symbol shown once or twice. */
export function restingWindow(layout: SlotLayout): number[][] {
  const regular = layout.symbols.filter((s) => s.kind === 'regular').map((s) => s.id);
  return Array.from({ length: layout.reels }, (_, r) =>
    Array.from({ length: layout.rows }, (_, row) => regular[(r * 2 + row * 3) % regular.length]!),
  );
}

/** Cells (reel:row) that make up the spin's wins: the paying run of each line, and every paying scatter. */
export function winningCells(layout: SlotLayout, spin: SlotSpin): Set<string> {
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
