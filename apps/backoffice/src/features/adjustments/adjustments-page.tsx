import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { OpsAdjustmentQueueRow } from '@sb/contract';
import { ApiError, money } from '../../api';
import type { Me } from '../../app/me';
import { errorText } from '../../app/error-text';
import { dateTime } from '../../app/format';
import type { Lang } from '../../i18n';
import { Empty, Loading, Outage } from '../../components/view-state';
import { decideAdjustment } from '../clients/api/clients-api';
import { CLIENT_TEXTS } from '../clients/clients-texts';
import { getAdjustmentQueue } from './api/get-adjustment-queue';
import { ADJUSTMENT_TEXTS } from './adjustments-texts';
import { may } from '../../app/may';

/** How often the queue is read again: another operator's request or decision shows within this. */
const REFRESH_MS = 10_000;

/** Who sees the approvals queue (the server's `adjust` permission; it refuses the rest). */
export const seesApprovals = (me: Pick<Me, 'permissions'>) => may(me, 'adjust');

/** A refusal as a sentence: the clients screen's words for the adjustment codes, else the desk's general ones. */
function sentence(lang: Lang, e: unknown): string {
  const words = CLIENT_TEXTS[lang].errors;
  return e instanceof ApiError && words[e.code] ? words[e.code]! : errorText(lang, e);
}

/**
 * The approvals queue (issue 35 §2): every manual adjustment waiting for a second operator, oldest first, by the
 * client's and brand's names, with Approve (not offered to the one who asked) and Reject. Read again every few
 * seconds and after each decision: a decided adjustment leaves the list at once.
 */
export function AdjustmentsPage({ lang }: { lang: Lang }) {
  const at = ADJUSTMENT_TEXTS[lang];
  const [rows, setRows] = useState<OpsAdjustmentQueueRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setRows(await getAdjustmentQueue());
      setError(null);
    } catch (e) {
      setError(sentence(lang, e));
    }
  }, [lang]);

  useEffect(() => {
    void load();
    const refresh = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(refresh);
  }, [load]);

  const decide = async (row: OpsAdjustmentQueueRow, approve: boolean) => {
    setBusy(row.id);
    setMessage(null);
    setError(null);
    try {
      await decideAdjustment(row.clientId, row.id, approve);
      setRows((list) => list?.filter((r) => r.id !== row.id) ?? null);
      setMessage(approve ? at.approved(row.client.username) : at.rejected(row.client.username));
    } catch (e) {
      setError(sentence(lang, e));
    }
    // The list as the server has it now (a 409: another operator decided it meanwhile, and it is gone).
    await load();
    setBusy(null);
  };

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
      {rows && rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>{at.asked}</th>
              <th>{at.client}</th>
              <th>{at.brand}</th>
              <th className="num">{at.amount}</th>
              <th>{at.reason}</th>
              <th>{at.askedBy}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-adjustment={r.id}>
                <td>{dateTime(lang, r.createdAt)}</td>
                <td>
                  <Link to={`/clients/${r.client.id}`}>{r.client.username}</Link>
                  {r.client.name && (
                    <>
                      <br />
                      <small>{r.client.name}</small>
                    </>
                  )}
                </td>
                <td>{r.brand.name}</td>
                <td className={`num ${r.amount < 0 ? 'neg' : 'pos'}`}>
                  {r.amount > 0 ? '+' : ''}
                  {money(r.amount)} {r.currency}
                </td>
                <td>{r.reason}</td>
                <td>{r.requestedByYou ? at.you(r.requestedBy) : r.requestedBy}</td>
                <td className="actions">
                  {r.requestedByYou ? (
                    <small title={at.yours}>{at.yours}</small>
                  ) : (
                    <button
                      type="button"
                      className="primary"
                      disabled={busy !== null}
                      onClick={() => void decide(r, true)}
                    >
                      {at.approve}
                    </button>
                  )}{' '}
                  <button type="button" disabled={busy !== null} onClick={() => void decide(r, false)}>
                    {at.reject}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
