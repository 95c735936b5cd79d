import { useEffect, useState } from 'react';
import { call, type AuditRow } from './api';
import type { Texts } from './i18n';
import { errorText, isRetryable } from './app/error-text';
import { TableState, viewStateOf } from './components/view-state';

/** The audit log's filters, as they stand in the query string (`/backoffice/audit?outcome=refused`). */
export const AUDIT_FILTERS = { actor: '', action: '', outcome: '' };
type Filters = typeof AUDIT_FILTERS;

const short = (v: unknown) => (v == null ? '' : JSON.stringify(v, null, 1));

/** The audit log with filters (who, action, outcome), newest first, paging back. */
export function Audit({
  t,
  filters,
  onFilters,
}: {
  t: Texts;
  filters: Filters;
  onFilters: (next: Filters) => void;
}) {
  const { rows, loaded, error, retryable, load } = useAudit(t, filters);

  return (
    <section className="panel">
      <AuditFilters t={t} filters={filters} onFilters={onFilters} />
      {error && loaded && (
        <div className="error" role="alert">
          {error}
        </div>
      )}
      <table data-testid="audit">
        <thead>
          <tr>
            <th>{t.time}</th>
            <th>{t.actor}</th>
            <th>{t.action}</th>
            <th>{t.target}</th>
            <th>{t.outcome}</th>
            <th>{t.reason}</th>
            <th>{t.before}</th>
            <th>{t.after}</th>
          </tr>
        </thead>
        <tbody>
          <TableState
            colSpan={8}
            state={viewStateOf(loaded, rows.length, error)}
            loading={t.loading}
            empty={t.noAudit}
            outage={error}
            retry={t.retry}
            onRetry={retryable ? () => load() : undefined}
          />
          {loaded && rows.map((r) => <AuditLine key={r.id} t={t} r={r} />)}
        </tbody>
      </table>
      {loaded && rows.length > 0 && (
        <button onClick={() => load(rows[rows.length - 1]!.id)}>{t.loadMore}</button>
      )}
    </section>
  );
}

/** The audit rows of the filters, newest first; `load(before)` adds the page older than that row. */
function useAudit(t: Texts, filters: Filters) {
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(false);

  const load = (before?: number) => {
    const q = new URLSearchParams({ limit: '100' });
    if (filters.actor) q.set('actor', filters.actor);
    if (filters.action) q.set('action', filters.action);
    if (filters.outcome) q.set('outcome', filters.outcome);
    if (before) q.set('before', String(before));
    if (!before) setLoaded(false);
    call<AuditRow[]>('GET', `/ops/v1/audit?${q.toString()}`)
      .then((list) => {
        setError(null);
        setRows((prev) => (before ? [...prev, ...list] : list));
        setLoaded(true);
      })
      .catch((e: unknown) => {
        setError(errorText(t.lang, e));
        setRetryable(isRetryable(e));
      });
  };
  useEffect(() => load(), [filters]);
  return { rows, loaded, error, retryable, load };
}

/** The filters as typed, applied to the query string on submit (and reset when it changes). */
function AuditFilters({
  t,
  filters,
  onFilters,
}: {
  t: Texts;
  filters: Filters;
  onFilters: (next: Filters) => void;
}) {
  const [draft, setDraft] = useState<Filters>(filters);
  useEffect(() => setDraft(filters), [filters]);
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault();
        onFilters(draft);
      }}
    >
      <label>
        {t.actor}
        <input
          value={draft.actor}
          onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
          name="actor"
        />
      </label>
      <label>
        {t.action}
        <input
          value={draft.action}
          onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          name="action"
        />
      </label>
      <label>
        {t.outcome}
        <select
          name="outcome"
          value={draft.outcome}
          onChange={(e) => setDraft({ ...draft, outcome: e.target.value })}
        >
          <option value="">{t.all}</option>
          <option value="ok">{t.ok}</option>
          <option value="refused">{t.refused}</option>
        </select>
      </label>
      <button className="primary" type="submit">
        {t.apply}
      </button>
    </form>
  );
}

function AuditLine({ t, r }: { t: Texts; r: AuditRow }) {
  return (
    <tr>
      <td>{new Date(r.at).toLocaleString()}</td>
      <td>
        {r.actor} {r.role && <span className="tag">{r.role}</span>}
      </td>
      <td>{r.action}</td>
      <td>{r.target}</td>
      <td className={r.outcome === 'refused' ? 'neg' : ''}>
        {r.outcome === 'ok' ? t.ok : t.refused} ({r.status})
      </td>
      <td>{r.reason}</td>
      <td>
        <pre>{short(r.before)}</pre>
      </td>
      <td>
        <pre>{short(r.after)}</pre>
      </td>
    </tr>
  );
}
