import type { OpsBetDetail } from '@sb/contract';
import { formatOdds } from '@sb/betting';
import { money } from '../../api';
import { BuilderLegs } from '../../components/builder-legs';
import type { Lang } from '../../i18n';
import { deviceOf } from './bet-format';
import type { BetTexts } from './bet-texts';

/** What each part of the bet's page is drawn from. */
interface BetPartProps {
  bt: BetTexts;
  lang: Lang;
  bet: OpsBetDetail;
  when: (iso: string | null) => string;
}

/** The bet's title and status, its money and moments, where it was placed from, and its timeline. */
export function BetSummary({ bt, bet, when }: BetPartProps) {
  return (
    <>
      <h2 data-testid="bet-title">
        #{bet.id} · {bet.client.username} · {bet.brand.name}{' '}
        <span className={`tag ${bet.status === 'cancelled' ? 'susp' : ''}`}>
          {bt.statuses[bet.status] ?? bet.status}
        </span>
      </h2>
      <p>
        {bt.stake}: {money(bet.stake)} {bet.currency} · {bt.paid}: {money(bet.paid)} · {bt.cashedOut}:{' '}
        {money(bet.cashedOut)} · {bt.placed}: {when(bet.placedAt)}
        {bet.acceptAt ? ` · ${bt.accepted}: ${when(bet.acceptAt)}` : ''} · {bt.settled}: {when(bet.settledAt)}
      </p>
      <p data-testid="bet-origin">
        {bt.origin}: {bt.ip} {bet.origin.ip ?? bt.unknownOrigin} · {bt.device}{' '}
        <span title={bet.origin.userAgent ?? ''}>{deviceOf(bet.origin.userAgent) ?? bt.unknownOrigin}</span>
      </p>
      <h3>{bt.timeline}</h3>
      <ol className="timeline" data-testid="bet-timeline">
        {bet.timeline.map((s, i) => (
          <li key={i} data-step={s.step}>
            {when(s.at)} · {bt.steps[s.step] ?? s.step}
            {s.step === 'accepted' && s.delayMs !== null
              ? ` (${s.delayMs > 0 ? bt.afterDelay((s.delayMs / 1000).toFixed(1)) : bt.atOnce})`
              : ''}
          </li>
        ))}
      </ol>
    </>
  );
}

/** The bet's legs: event (with its score), market, selection, odds taken and now, result. */
export function BetLegsTable({ bt, lang, bet }: BetPartProps) {
  return (
    <table>
      <thead>
        <tr>
          <th>{bt.event}</th>
          <th>{bt.market}</th>
          <th>{bt.selection}</th>
          <th className="num">{bt.oddsTaken}</th>
          <th className="num">{bt.oddsNow}</th>
          <th>{bt.result}</th>
        </tr>
      </thead>
      <tbody>
        {bet.legs.map((l) => (
          <tr key={l.idx}>
            <td>
              {l.event.home} – {l.event.away}
              {l.event.score ? ` (${l.event.score.home}:${l.event.score.away})` : ''}
            </td>
            <td>{l.market.name[lang]}</td>
            <td>
              {l.selection.name[lang]}
              <BuilderLegs legs={l.builder} lang={lang} />
            </td>
            <td className="num">{formatOdds(l.oddsTaken)}</td>
            <td className="num">{l.oddsNow === null ? '—' : formatOdds(l.oddsNow)}</td>
            <td>{l.result ? (bt.results[l.result] ?? l.result) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The bet's money movements, and the desk's actions on it (who, when, why) when there were any. */
export function BetMoney({ bt, bet, when, reasons }: BetPartProps & { reasons: Record<string, string> }) {
  return (
    <>
      <h3>{bt.money}</h3>
      <table>
        <tbody>
          {bet.movements.map((m, i) => (
            <tr key={i}>
              <td>{when(m.at)}</td>
              <td>{bt.kinds[m.kind] ?? m.kind}</td>
              <td className={`num ${m.amount < 0 ? 'neg' : 'pos'}`}>{money(m.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {bet.actions.length > 0 && (
        <>
          <h3>{bt.actions}</h3>
          <ul>
            {bet.actions.map((a, i) => (
              <li key={i}>
                {when(a.at)} · {a.actor} · {a.reason ? (reasons[a.reason] ?? '') : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
