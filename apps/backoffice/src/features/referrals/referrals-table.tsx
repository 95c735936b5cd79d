import type { OpsReferral } from '@sb/contract';
import { formatOdds } from '@sb/betting';
import { money } from '../../api';
import type { Lang } from '../../i18n';
import type { ReferralTexts } from './referrals-texts';

/** The queue's rows, the chosen one, and the clock the seconds left are counted on. */
interface ReferralsTableProps {
  rt: ReferralTexts;
  lang: Lang;
  rows: OpsReferral[];
  selected: number | null;
  now: number;
  onSelect: (betId: number) => void;
}

/** One referral: the bet (a link to its page), client, legs, stake, payout, why referred, state and time left. */
function ReferralRow({
  rt,
  lang,
  r,
  selected,
  now,
  onSelect,
}: Omit<ReferralsTableProps, 'rows'> & { r: OpsReferral }) {
  const left = Math.max(0, Math.ceil((Date.parse(r.dueAt) - now) / 1000));
  return (
    <tr
      className={r.betId === selected ? 'selected' : ''}
      aria-selected={r.betId === selected}
      onClick={() => onSelect(r.betId)}
      data-testid={`referral-${r.betId}`}
    >
      <td>
        <a href={`/backoffice/bets/${r.betId}`}>#{r.betId}</a> · {r.type}
      </td>
      <td>
        {r.client.username}
        <br />
        <small>{r.brand.name}</small>
      </td>
      <td>
        {r.legs.map((l, i) => (
          <div key={i}>
            {l.event.isLive && <span className="tag live">LIVE</span>} {l.event.home} – {l.event.away}
            <br />
            <small>
              {l.market.name[lang]} · <strong>{l.selection.name[lang]}</strong> @ {formatOdds(l.odds)}
            </small>
          </div>
        ))}
      </td>
      <td className="num">
        {money(r.stake)} {r.currency}
      </td>
      <td className="num">
        {money(r.potentialPayout)} {r.currency}
      </td>
      <td>{rt.reasons[r.reason]}</td>
      <td>
        {rt.states[r.state]}
        {r.offerStake !== null && (
          <>
            <br />
            <small>{rt.offerOf(`${money(r.offerStake)} ${r.currency}`)}</small>
          </>
        )}
      </td>
      <td className={`num ${left <= 10 ? 'neg' : ''}`}>{rt.seconds(left)}</td>
    </tr>
  );
}

/** The referral queue, soonest due first; a click chooses a row. */
export function ReferralsTable(props: ReferralsTableProps) {
  const { rt, rows } = props;
  return (
    <table>
      <thead>
        <tr>
          <th>{rt.bet}</th>
          <th>{rt.client}</th>
          <th>{rt.selections}</th>
          <th className="num">{rt.stake}</th>
          <th className="num">{rt.payout}</th>
          <th>{rt.why}</th>
          <th>{rt.state}</th>
          <th className="num">{rt.timeLeft}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <ReferralRow key={r.betId} {...props} r={r} />
        ))}
      </tbody>
    </table>
  );
}
