import { useMemo } from 'react';
import type { Lang } from './i18n';
import { RESULTS_TEXTS } from './results-texts';
import { formats } from './app/chart-formats';
import { DashboardCharts } from './features/dashboard/dashboard-charts';
import { DashboardKpis } from './features/dashboard/dashboard-kpis';
import { useDashboardFigures } from './features/dashboard/use-dashboard-figures';

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
  const { figures, error, live } = useDashboardFigures(lang, days);
  return (
    <div className="dashboard" data-testid="dashboard">
      <DashboardKpis
        rt={rt}
        lang={lang}
        days={days}
        onDays={onDays}
        figures={figures}
        error={error}
        live={live}
      />
      <DashboardCharts rt={rt} lang={lang} fmt={fmt} days={days} figures={figures} />
    </div>
  );
}
