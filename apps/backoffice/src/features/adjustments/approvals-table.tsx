import { Link } from 'react-router';
import type { OpsAdjustmentQueueRow } from '@sb/contract';
import { money } from '../../api';
import { dateTime } from '../../app/format';
import type { Lang } from '../../i18n';
import { ADJUSTMENT_TEXTS } from './adjustments-texts';

/** The adjustments waiting, with Approve (not offered to the one who asked) and Reject; disabled while one is sent. */
export function ApprovalsTable(props: {
  lang: Lang;
  rows: OpsAdjustmentQueueRow[];
  busy: number | null;
  onDecide: (row: OpsAdjustmentQueueRow, approve: boolean) => Promise<void>;
}) {
  const { lang, rows, busy } = props;
  const at = ADJUSTMENT_TEXTS[lang];
  return (
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
          <ApprovalRow key={r.id} lang={lang} r={r} busy={busy} onDecide={props.onDecide} />
        ))}
      </tbody>
    </table>
  );
}

function ApprovalRow(props: {
  lang: Lang;
  r: OpsAdjustmentQueueRow;
  busy: number | null;
  onDecide: (row: OpsAdjustmentQueueRow, approve: boolean) => Promise<void>;
}) {
  const { lang, r, busy } = props;
  const at = ADJUSTMENT_TEXTS[lang];
  const decide = props.onDecide;
  return (
    <tr data-adjustment={r.id}>
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
  );
}
