import type uPlot from 'uplot';
import { bars, type formats } from '../../app/chart-formats';
import type { Dashboard as Figures } from '../../results-api';
import type { ResultsTexts } from '../../results-texts';

type Formats = ReturnType<typeof formats>;

/** The book's sums over the window (minor units): turnover, GGR and the settled stakes hold is taken over. */
export function totalOf(book: Figures['book']) {
  return book.reduce(
    (s, r) => ({
      turnover: s.turnover + r.turnover,
      ggr: s.ggr + r.ggr,
      settled: s.settled + r.settledStakes,
    }),
    { turnover: 0, ggr: 0, settled: 0 },
  );
}

/** Turnover and GGR (major units) and hold (%) per day of the window, for the per-day chart. */
export function perDayData(figures: Figures | null, days: number): uPlot.AlignedData {
  const byDay = new Map<string, { turnover: number; ggr: number; settled: number }>();
  for (const r of figures?.book ?? []) {
    const d = byDay.get(r.day) ?? { turnover: 0, ggr: 0, settled: 0 };
    byDay.set(r.day, {
      turnover: d.turnover + r.turnover,
      ggr: d.ggr + r.ggr,
      settled: d.settled + r.settledStakes,
    });
  }
  // Every day of the window, zero when nothing happened (one bar alone would leave the time axis unscaled).
  const first = Date.parse(figures?.from ?? new Date().toISOString());
  for (let d = 0; d < days; d++) {
    const key = new Date(first + d * 86_400_000).toISOString().slice(0, 10);
    if (!byDay.has(key)) byDay.set(key, { turnover: 0, ggr: 0, settled: 0 });
  }
  const list = [...byDay].sort(([a], [b]) => a.localeCompare(b));
  return [
    list.map(([d]) => Date.parse(`${d}T00:00:00Z`) / 1000),
    list.map(([, v]) => v.turnover / 100),
    list.map(([, v]) => v.ggr / 100),
    list.map(([, v]) => (v.settled ? (v.ggr / v.settled) * 100 : null)),
  ] as uPlot.AlignedData;
}

/** Bets per minute, each at its minute (seconds), the last at the figures' time. */
export function perMinuteData(figures: Figures | null): uPlot.AlignedData {
  const list = figures?.betsPerMinute ?? [];
  const end = Math.floor(Date.parse(figures?.at ?? new Date().toISOString()) / 60_000) * 60;
  return [list.map((_, i) => end - (list.length - 1 - i) * 60), list] as uPlot.AlignedData;
}

/** Each casino family's actual and theoretical RTP (%), one per x position. */
export function rtpData(rtp: Figures['rtp']): uPlot.AlignedData {
  return [
    rtp.map((_, i) => i),
    rtp.map((r) => (r.actualBp === null ? null : r.actualBp / 100)),
    rtp.map((r) => (r.theoreticalBp === null ? null : r.theoreticalBp / 100)),
  ] as uPlot.AlignedData;
}

/** The per-day chart's series and axes: turnover bars, GGR line, hold on its own % scale. */
export const dayOptions = (rt: ResultsTexts, fmt: Formats) => ({
  series: [
    { label: rt.day, value: (_: uPlot, v: number | null) => (v === null ? '—' : fmt.longDay(v)) },
    { label: rt.turnover, stroke: '#2f7de1', fill: 'rgba(47,125,225,0.25)', paths: bars },
    { label: rt.ggr, stroke: '#1f9d55', width: 2 },
    { label: rt.hold, stroke: '#d97706', scale: '%', dash: [4, 4] },
  ],
  axes: [
    { values: (_: uPlot, ticks: number[]) => ticks.map(fmt.day) },
    { values: fmt.numbers },
    { scale: '%', side: 1, grid: { show: false }, values: fmt.numbers },
  ],
});

/** The bets-per-minute chart's series and axes. */
export const minuteOptions = (rt: ResultsTexts, fmt: Formats) => ({
  series: [
    { label: rt.minute, value: (_: uPlot, v: number | null) => (v === null ? '—' : fmt.minute(v)) },
    { label: rt.betsPerMinute, stroke: '#2f7de1', fill: 'rgba(47,125,225,0.15)' },
  ],
  axes: [{ values: (_: uPlot, ticks: number[]) => ticks.map(fmt.minute) }, { values: fmt.numbers }],
});

/** The RTP chart's series and axes: families by name on x (`families` joined with "|"), actual bars, theory points. */
export const rtpOptions = (rt: ResultsTexts, families: string, fmt: Formats) => {
  const names = families.split('|');
  return {
    scales: { x: { time: false } },
    series: [
      { label: rt.family, value: (_: uPlot, i: number | null) => (i === null ? '—' : (names[i] ?? '')) },
      { label: rt.actual, stroke: '#2f7de1', fill: 'rgba(47,125,225,0.5)', paths: bars },
      { label: rt.theoretical, stroke: '#d97706', width: 2, points: { size: 8 } },
    ],
    axes: [
      { values: (_: uPlot, ticks: number[]) => ticks.map((i) => names[i] ?? '') },
      { values: fmt.numbers },
    ],
  };
};
