import { OPS_REPORT_GROUPS, OPS_REPORTS, type OpsReportName } from '@sb/contract';
import { reportUrl, type ReportsTexts } from './report-columns';
import type { useReport } from './use-report';

/** The report, its days and breakdown; Show reads it, the CSV link downloads the same. */
export function ReportForm({ rt, state }: { rt: ReportsTexts; state: ReturnType<typeof useReport> }) {
  const { name, setName, from, setFrom, to, setTo, groups, toggle, loading, show } = state;
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault();
        void show();
      }}
    >
      <label>
        {rt.report}{' '}
        <select
          value={name}
          onChange={(e) => setName(e.target.value as OpsReportName)}
          data-testid="report-name"
        >
          {OPS_REPORTS.map((n) => (
            <option key={n} value={n}>
              {rt.names[n]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {rt.from} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
      </label>
      <label>
        {rt.to} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
      </label>
      {OPS_REPORT_GROUPS[name].allowed.length > 0 && (
        <fieldset className="report-groups">
          <legend>{rt.groupBy}</legend>
          {OPS_REPORT_GROUPS[name].allowed.map((g) => (
            <label key={g} className="check">
              <input type="checkbox" checked={groups.includes(g)} onChange={() => toggle(g)} /> {rt.groups[g]}
            </label>
          ))}
        </fieldset>
      )}
      <button type="submit" disabled={loading}>
        {rt.show}
      </button>
      <a href={reportUrl(name, from, to, groups, 'csv')} download data-testid="report-csv">
        {rt.csv}
      </a>
    </form>
  );
}
