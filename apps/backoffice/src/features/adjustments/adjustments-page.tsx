import type { Me } from '../../app/me';
import type { Lang } from '../../i18n';
import { Empty, Loading, Outage } from '../../components/view-state';
import { ADJUSTMENT_TEXTS } from './adjustments-texts';
import { may } from '../../app/may';
import { ApprovalsTable } from './approvals-table';
import { useAdjustmentQueue } from './use-adjustment-queue';

/** Who sees the approvals queue (the server's `adjust` permission; it refuses the rest). */
export const seesApprovals = (me: Pick<Me, 'permissions'>) => may(me, 'adjust');

/**
 * The approvals queue (issue 35 §2): every manual adjustment waiting for a second operator, oldest first, by the
 * client's and brand's names, with Approve (not offered to the one who asked) and Reject. Read again every few
 * seconds and after each decision: a decided adjustment leaves the list at once.
 */
export function AdjustmentsPage({ lang }: { lang: Lang }) {
  const at = ADJUSTMENT_TEXTS[lang];
  const { rows, error, message, busy, load, decide } = useAdjustmentQueue(lang);

  return (
    <section className="panel" data-testid="approvals">
      <h2>
        {at.title} {rows && <span className="tag">{rows.length}</span>}
      </h2>
      <p className="status">{at.hint}</p>
      {error && rows !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {message && (
        <p className="status" role="status" data-testid="approval-message">
          {message}
        </p>
      )}
      {rows === null && error === null && <Loading label={at.loading} />}
      {rows === null && error !== null && (
        <Outage message={error} retry={at.retry} onRetry={() => void load()} />
      )}
      {rows?.length === 0 && <Empty>{at.empty}</Empty>}
      {rows && rows.length > 0 && <ApprovalsTable lang={lang} rows={rows} busy={busy} onDecide={decide} />}
    </section>
  );
}
