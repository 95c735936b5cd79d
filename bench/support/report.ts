// Shared output of every benchmark: a table where each figure stands beside its ratio to the
// baseline measured in the same run (machines are shared and noisy; absolute numbers drift).

import { readFileSync } from 'node:fs';

/**
 * Microseconds some task waited for a CPU since boot (Linux PSI), or null where /proc has no pressure file: a
 * run's share of waiting shows how much other work on the machine weighed on its figures.
 */
export function cpuPressureUs(): number | null {
  try {
    return Number(/some .*total=(\d+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? NaN);
  } catch {
    return null;
  }
}

export interface Row {
  name: string;
  /** The figure, in `unit`. */
  value: number;
  unit: string;
}

/** Prints rows as a table, each with `value / baseline.value` (× baseline). */
export function printTable(title: string, baseline: Row, rows: Row[]): void {
  const all = [baseline, ...rows];
  const width = Math.max(...all.map((r) => r.name.length), 10);
  console.log(`\n${title}`);
  console.log(`${'case'.padEnd(width)}  ${'value'.padStart(14)}  unit        ratio to baseline`);
  for (const row of all) {
    const ratio = baseline.value === 0 ? NaN : row.value / baseline.value;
    const note = row === baseline ? '(baseline)' : `${ratio.toFixed(3)}×`;
    console.log(
      `${row.name.padEnd(width)}  ${row.value.toFixed(2).padStart(14)}  ${row.unit.padEnd(10)}  ${note}`,
    );
  }
}

/** The q-quantile (0..1) of a list of numbers. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** Prints a markdown table of `rows` under `header`, each column as wide as its widest cell. */
export function printColumns(rows: string[][], header: string[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of rows) console.log(fmt(l));
}
