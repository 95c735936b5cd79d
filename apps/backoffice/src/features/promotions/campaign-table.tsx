import type { Campaign, CampaignStatusId } from '@sb/contract';
import { money } from '../../api';
import type { PromotionsTexts } from './promotions-texts';

/** The campaigns, the one open, and whether this operator may run them. */
interface CampaignTableProps {
  pt: PromotionsTexts;
  campaigns: Campaign[] | null;
  canRun: boolean;
  busy: boolean;
  selectedId: number | null;
  onOpen: (id: number) => void;
  onStatus: (c: Campaign, status: CampaignStatusId) => void;
}

/** Pause an active campaign, resume a paused one, end any not ended. */
function StatusButtons({ pt, busy, onStatus, c }: CampaignTableProps & { c: Campaign }) {
  return (
    <td>
      {c.status === 'active' && (
        <button disabled={busy} onClick={() => onStatus(c, 'paused')}>
          {pt.pause}
        </button>
      )}
      {c.status === 'paused' && (
        <button disabled={busy} onClick={() => onStatus(c, 'active')}>
          {pt.resume}
        </button>
      )}
      {c.status !== 'ended' && (
        <button disabled={busy} onClick={() => onStatus(c, 'ended')}>
          {pt.end}
        </button>
      )}
    </td>
  );
}

/** One campaign: its name (a link that opens it), brand, kind, terms, status, uptake, cost, turnover and NGR. */
function CampaignRow(props: CampaignTableProps & { c: Campaign }) {
  const { pt, c } = props;
  return (
    <tr data-testid="promotion-row" data-campaign-id={c.id} aria-selected={c.id === props.selectedId}>
      <td>
        <a
          href={`/backoffice/promotions/${c.id}`}
          onClick={(e) => {
            e.preventDefault();
            props.onOpen(c.id);
          }}
        >
          {c.name}
        </a>
      </td>
      <td>{c.brand}</td>
      <td>{pt.kinds[c.kind] ?? c.kind}</td>
      <td>
        {pt.termsLine(c.kind, c.terms, money)}
        {c.kind === 'bonus' && (
          <>
            <br />
            <small data-testid="bonus-uptake">
              {pt.bonusUptake(c.uptake.available, c.uptake.used, c.uptake.expired, money(c.cost))}
            </small>
          </>
        )}
      </td>
      <td data-testid="promotion-status">{pt.statuses[c.status]}</td>
      <td data-testid="promotion-granted">{c.uptake.granted}</td>
      <td>{c.uptake.reserved}</td>
      <td>{c.uptake.used}</td>
      <td>{c.uptake.expired}</td>
      <td>{money(c.cost)}</td>
      <td data-testid="promotion-turnover" title={pt.betsOf(c.bets)}>
        {money(c.turnover)}
      </td>
      {/* What it takes off NGR; nothing paid yet is 0.00, not −0.00. */}
      <td data-testid="promotion-ngr">{money(c.cost === 0 ? 0 : -c.cost)}</td>
      {props.canRun && <StatusButtons {...props} />}
    </tr>
  );
}

/** Every campaign's terms, status, uptake and cost, with its status actions for those who may run campaigns. */
export function CampaignTable(props: CampaignTableProps) {
  const { pt, campaigns } = props;
  if (campaigns === null) return null;
  if (campaigns.length === 0) return <p className="status">{pt.none}</p>;
  return (
    <div className="scroll">
      <table data-testid="promotions-table">
        <thead>
          <tr>
            <th>{pt.name}</th>
            <th>{pt.brand}</th>
            <th>{pt.kind}</th>
            <th>{pt.terms}</th>
            <th>{pt.status}</th>
            <th>{pt.granted}</th>
            <th>{pt.open}</th>
            <th>{pt.used}</th>
            <th>{pt.expired}</th>
            <th>{pt.cost}</th>
            <th>{pt.turnover}</th>
            <th>{pt.ngrEffect}</th>
            {props.canRun && <th>{pt.actions}</th>}
          </tr>
        </thead>
        <tbody>
          {campaigns.map((c) => (
            <CampaignRow key={c.id} {...props} c={c} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
