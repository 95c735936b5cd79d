import type { Lang } from '../../i18n';
import { Empty, Loading, Outage } from '../../components/view-state';
import { REPORTS_TEXTS } from './reports-texts';
import { daysOf, ReportChart } from './report-chart';
import { zone, type Row } from './report-columns';
import { ReportForm } from './report-form';
import { ReportTable } from './report-table';
import { useReport } from './use-report';

/**
 * The reports (issue 35 §4): the book (turnover, GGR, bonus cost, NGR, hold) by day, brand, sport and bet type, and
 * the cash-outs and voids, over days in the operator's time zone; a totals line per currency; the same as a CSV
 * download (the session's cookie authenticates the link). The operator's brand only, unless they see every brand.
 */
export function ReportsPage({ lang }: { lang: Lang }) {
  const rt = REPORTS_TEXTS[lang];
  const state = useReport(lang);
  const { name, report, loading, error } = state;
  const rows = (report?.rows ?? []) as Row[];

  return (
    <section className="panel" data-testid="reports">
      <h2>{rt.title}</h2>
      <ReportForm rt={rt} state={state} />
      <p className="status">{rt.zone(zone())}</p>
      {name === 'clients' && <p className="status">{rt.clientsNote}</p>}
      {loading && <Loading label={rt.loading} />}
      {error && <Outage message={error} />}
      {report && !loading && rows.length === 0 && <Empty>{rt.empty}</Empty>}
      {report && rows.length > 0 && report.groupBy.includes('day') && (
        <ReportChart lang={lang} name={report.name} rows={rows} days={daysOf(report.from, report.to)} />
      )}
      {report && rows.length > 0 && <ReportTable rt={rt} lang={lang} name={report.name} rows={rows} />}
    </section>
  );
}
