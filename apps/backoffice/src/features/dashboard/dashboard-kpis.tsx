import { money, percent } from '../../api';
import { LOCALES } from '../../app/chart-formats';
import { Loading, Outage } from '../../components/view-state';
import { TEXTS, type Lang } from '../../i18n';
import type { Dashboard as Figures } from '../../results-api';
import type { ResultsTexts } from '../../results-texts';
import { totalOf } from './dashboard-series';

/** The window's picker and the headline figures: live events, turnover, GGR, hold, and when they were read. */
export function DashboardKpis(props: {
  rt: ResultsTexts;
  lang: Lang;
  days: number;
  onDays: (days: number) => void;
  figures: Figures | null;
  error: string | null;
  live: boolean;
}) {
  const { rt, lang, days, onDays, figures, error, live } = props;
  const total = totalOf(figures?.book ?? []);
  return (
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
  );
}
