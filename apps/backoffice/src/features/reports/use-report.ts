import { useState } from 'react';
import { OPS_REPORT_GROUPS, OPS_REPORTS, type OpsReportName, type OpsReportResponse } from '@sb/contract';
import { call } from '../../api';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { localDay, reportUrl } from './report-columns';

type Report = OpsReportResponse['result'];

/**
 * The report chosen, its days (the last seven by default) and breakdown, and the report shown: read when the
 * operator asks, with its loading state or refusal.
 */
export function useReport(lang: Lang) {
  const [name, setName] = useState<OpsReportName>('book');
  const [from, setFrom] = useState(() => localDay(6));
  const [to, setTo] = useState(() => localDay());
  // Each report keeps its own breakdown while the operator switches between them.
  const [groupsOf, setGroupsOf] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(OPS_REPORTS.map((n) => [n, OPS_REPORT_GROUPS[n].default])),
  );
  const groups = groupsOf[name] ?? [];
  const [report, setReport] = useState<Report | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const show = async () => {
    setLoading(true);
    setError(null);
    try {
      setReport(await call<Report>('GET', reportUrl(name, from, to, groups, 'json')));
    } catch (e) {
      setReport(null);
      setError(errorText(lang, e));
    } finally {
      setLoading(false);
    }
  };
  // A breakdown keeps at least one group: unticking the last one does nothing.
  const toggle = (g: string) =>
    setGroupsOf((all) => {
      const gs = all[name] ?? [];
      return {
        ...all,
        [name]: gs.includes(g) ? (gs.length > 1 ? gs.filter((x) => x !== g) : gs) : [...gs, g],
      };
    });

  return { name, setName, from, setFrom, to, setTo, groups, toggle, report, loading, error, show };
}
