import { useEffect, useMemo, useState } from 'react';
import type uPlot from 'uplot';
import { call, money, percent } from './api';
import { TEXTS, type Lang } from './i18n';
import { errorText } from './app/error-text';
import { Loading, Outage } from './components/view-state';
import type { Dashboard as Figures } from './results-api';
import { RESULTS_TEXTS } from './results-texts';
import { UChart } from './UChart';
import { bars, formats, LOCALES } from './app/chart-formats';
import { connectTicker } from './ticker-socket';

/** Figures are fetched again when the operators' topic reports a bet, at most once per this interval… */
const PUSH_REFRESH_MS = 1_000;
/** …and on this slow clock for what no bet announces (settlements, live events, the minute buckets rolling). */
const CLOCK_REFRESH_MS = 30_000;
/**
 * Turnover, GGR and hold per day, sport and brand; bets per minute; live events; casino RTP. Live: a bet on the
 * operators' topic (`/ops/v1/ticker`, the brand's bets only) refreshes the figures (throttled), a slow clock the
 * rest — the figures are SQL sums, so the server computes them when something changed, not every few seconds.
 */
export function Dashboard({
  lang,
  days,
  onDays,
}: {
  lang: Lang;
  /** The window in days, as the URL holds it (`/backoffice/dashboard?days=30`). */
  days: number;
  onDays: (days: number) => void;
}) {
  const rt = RESULTS_TEXTS[lang];
  const fmt = useMemo(() => formats(lang), [lang]);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const [live, setLive] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), CLOCK_REFRESH_MS);
    let pending: ReturnType<typeof setTimeout> | null = null;
    const stop = connectTicker({
      onConnected: setLive,
      onBets: () => {
        pending ??= setTimeout(() => {
          pending = null;
          setTick((n) => n + 1);
        }, PUSH_REFRESH_MS);
      },
    });
    return () => {
      clearInterval(timer);
      if (pending) clearTimeout(pending);
      stop();
    };
  }, []);
  useEffect(() => {
    call<Figures>('GET', `/ops/v1/dashboard?days=${days}`)
      .then((f) => {
        setFigures(f);
        setError(null);
      })
      .catch((e: unknown) => setError(errorText(lang, e)));
  }, [days, tick, lang]);

  const perDay = useMemo(() => {
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
  }, [figures, days]);
  const perMinute = useMemo(() => {
    const list = figures?.betsPerMinute ?? [];
    const end = Math.floor(Date.parse(figures?.at ?? new Date().toISOString()) / 60_000) * 60;
    return [list.map((_, i) => end - (list.length - 1 - i) * 60), list] as uPlot.AlignedData;
  }, [figures]);
  const rtp = figures?.rtp ?? [];
  const rtpData = useMemo(
    () =>
      [
        rtp.map((_, i) => i),
        rtp.map((r) => (r.actualBp === null ? null : r.actualBp / 100)),
        rtp.map((r) => (r.theoreticalBp === null ? null : r.theoreticalBp / 100)),
      ] as uPlot.AlignedData,
    [rtp],
  );
  const families = rtp.map((r) => r.family).join('|');

  const dayOptions = useMemo(
    () => ({
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
    }),
    [rt, fmt],
  );
  const minuteOptions = useMemo(
    () => ({
      series: [
        { label: rt.minute, value: (_: uPlot, v: number | null) => (v === null ? '—' : fmt.minute(v)) },
        { label: rt.betsPerMinute, stroke: '#2f7de1', fill: 'rgba(47,125,225,0.15)' },
      ],
      axes: [{ values: (_: uPlot, ticks: number[]) => ticks.map(fmt.minute) }, { values: fmt.numbers }],
    }),
    [rt, fmt],
  );
  const rtpOptions = useMemo(() => {
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
  }, [rt, families, fmt]);

  const sportNames = new Map((figures?.sports ?? []).map((sp) => [sp.id, sp.name[lang]]));
  const total = (figures?.book ?? []).reduce(
    (s, r) => ({
      turnover: s.turnover + r.turnover,
      ggr: s.ggr + r.ggr,
      settled: s.settled + r.settledStakes,
    }),
    { turnover: 0, ggr: 0, settled: 0 },
  );
  return (
    <div className="dashboard" data-testid="dashboard">
      <section className="panel kpis">
        <label>
          {rt.days}
          <select value={days} onChange={(e) => onDays(Number(e.target.value))}>
            {[1, 7, 30].map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
        <div className="kpi" data-testid="kpi-live">
          <span>{rt.liveEvents}</span>
          <strong>{figures?.liveEvents ?? '—'}</strong>
        </div>
        <div className="kpi">
          <span>{rt.turnover}</span>
          <strong>{figures ? money(total.turnover) : '—'}</strong>
        </div>
        <div className="kpi">
          <span>{rt.ggr}</span>
          <strong>{figures ? money(total.ggr) : '—'}</strong>
        </div>
        <div className="kpi">
          <span>{rt.hold}</span>
          <strong>{total.settled ? percent(Math.round((total.ggr / total.settled) * 10_000)) : '—'}</strong>
        </div>
        {/* Loading, or the figures could not be fetched: said so, never zeros. */}
        {!figures && !error && <Loading label={TEXTS[lang].loading} />}
        {error && <Outage message={error} />}
        {figures && (
          <span className="status" data-testid="dashboard-updated">
            {live ? rt.pushed : rt.updated} {new Date(figures.at).toLocaleTimeString(LOCALES[lang])}
          </span>
        )}
      </section>
      <div className="charts">
        <section className="panel">
          <h2>{rt.perDay}</h2>
          <UChart options={dayOptions} data={perDay} label={rt.perDay} />
        </section>
        <section className="panel">
          <h2>{rt.betsPerMinute}</h2>
          <UChart options={minuteOptions} data={perMinute} label={rt.betsPerMinute} />
        </section>
        <section className="panel">
          <h2>{rt.rtp}</h2>
          {rtp.length === 0 ? (
            <p className="status">{rt.noRounds}</p>
          ) : (
            <UChart key={families} options={rtpOptions} data={rtpData} label={rt.rtp} />
          )}
          <table>
            <thead>
              <tr>
                <th>{rt.family}</th>
                <th className="num">{rt.rounds}</th>
                <th className="num">{rt.actual}</th>
                <th className="num">{rt.theoretical}</th>
              </tr>
            </thead>
            <tbody>
              {rtp.map((r) => (
                <tr key={r.family}>
                  <td>{r.family}</td>
                  <td className="num">{r.rounds}</td>
                  <td className="num">{percent(r.actualBp)}</td>
                  <td className="num">{percent(r.theoreticalBp)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="panel">
          <h2>
            {rt.day} × {rt.sport} × {rt.brand}
          </h2>
          <table data-testid="book">
            <thead>
              <tr>
                <th>{rt.day}</th>
                <th>{rt.brand}</th>
                <th>{rt.sport}</th>
                <th className="num">{rt.turnover}</th>
                <th className="num">{rt.ggr}</th>
                <th className="num">{rt.hold}</th>
              </tr>
            </thead>
            <tbody>
              {(figures?.book ?? []).map((r) => (
                <tr key={`${r.day}-${r.brandId}-${r.sportId}-${r.currency}`}>
                  <td>{fmt.date(Date.parse(`${r.day}T00:00:00Z`) / 1000)}</td>
                  <td>{r.brand}</td>
                  <td>{r.sportId === 0 ? rt.mixed : (sportNames.get(r.sportId) ?? r.sportId)}</td>
                  <td className="num">
                    {money(r.turnover)} {r.currency}
                  </td>
                  <td className={`num ${r.ggr < 0 ? 'neg' : ''}`}>{money(r.ggr)}</td>
                  <td className="num">{percent(r.holdBp)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}
