import type { OpsEventView } from '@sb/contract';
import { formatOdds } from '@sb/betting';
import { money } from '../../api';
import type { EventDesk, Market, Selection } from './event-desk';

/** The event's markets and selections: prices, model prices, states, liability and (for traders) the ladder. */
export function EventMarkets({ desk, view }: { desk: EventDesk; view: OpsEventView }) {
  const { et, canTrade } = desk;
  return (
    <table className="events-markets">
      <thead>
        <tr>
          <th>{et.selection}</th>
          <th className="num">{et.price}</th>
          <th className="num">{et.modelPrice}</th>
          <th>{et.status}</th>
          <th className="num">{et.bets}</th>
          <th className="num">{et.stakes}</th>
          <th className="num">{et.payoutIfWins}</th>
          <th className="num">{et.net}</th>
          {canTrade && <th>{et.actions}</th>}
        </tr>
      </thead>
      {view.markets.map((m) => (
        <tbody key={m.id}>
          <MarketRow desk={desk} m={m} />
          {m.selections.map((s) => (
            <SelectionRow key={s.id} desk={desk} m={m} s={s} />
          ))}
        </tbody>
      ))}
    </table>
  );
}

function MarketRow({ desk, m }: { desk: EventDesk; m: Market }) {
  const { et, t, name, limitOf, liabilityOf } = desk;
  return (
    <tr className="events-market-row">
      <th colSpan={8}>
        {name(m.name)}{' '}
        {m.status !== 'open' && (
          <span className={`tag ${m.status === 'suspended' ? 'susp' : ''}`}>
            {et.statuses[m.status]}
            {m.suspendedBy ? ` · ${t.reasons[m.suspendedBy as keyof typeof t.reasons] ?? ''}` : ''}
          </span>
        )}
        {limitOf('market', m.id) && (
          <span className="tag">{et.maxStake(money(limitOf('market', m.id)!.amount))}</span>
        )}
        {liabilityOf('market', m.id) && (
          <span className="tag" data-testid="market-liability-limit">
            {et.maxLiability(money(liabilityOf('market', m.id)!.amount))}
          </span>
        )}
      </th>
      {desk.canTrade && <MarketActions desk={desk} m={m} />}
    </tr>
  );
}

function MarketActions({ desk, m }: { desk: EventDesk; m: Market }) {
  const { et, name, busy, marketSuspension } = desk;
  return (
    <th>
      {m.status === 'open' && (
        <button
          className="danger"
          disabled={busy}
          aria-label={et.suspendMarketOf(name(m.name))}
          onClick={() => marketSuspension(m, 'suspend')}
        >
          {et.suspendMarket}
        </button>
      )}
      {m.status === 'suspended' && (
        <button
          disabled={busy}
          aria-label={et.resumeMarketOf(name(m.name))}
          onClick={() => marketSuspension(m, 'resume')}
        >
          {et.resumeMarket}
        </button>
      )}{' '}
      <button
        disabled={busy}
        aria-label={et.limitOf(name(m.name))}
        onClick={() => desk.editLimit({ kind: 'stake', level: 'market', refId: m.id, label: name(m.name) })}
      >
        {et.limit}
      </button>
    </th>
  );
}

function SelectionRow({ desk, m, s }: { desk: EventDesk; m: Market; s: Selection }) {
  const { et, t, name, limitOf, canTrade } = desk;
  return (
    <tr
      tabIndex={canTrade ? 0 : undefined}
      aria-label={desk.pickName(m, s)}
      className="events-selection"
      onKeyDown={(e) => desk.onRowKey(e, m, s)}
    >
      <td>{name(s.name)}</td>
      <td className="num" data-testid="selection-price">
        {formatOdds(s.price)}
        {s.overrideUntil && <span className="tag">{et.overridden}</span>}
      </td>
      <td className="num">{formatOdds(s.modelPrice)}</td>
      <td data-testid="selection-status">
        {s.result ? (et.results[s.result] ?? s.result) : et.statuses[s.status]}
        {s.suspendedBy && (
          <span className="tag susp">
            {t.reasons[s.suspendedBy as keyof typeof t.reasons] ?? s.suspendedBy}
          </span>
        )}
        {limitOf('selection', s.id) && (
          <span className="tag">{et.maxStake(money(limitOf('selection', s.id)!.amount))}</span>
        )}
      </td>
      <td className="num">{s.liability.bets}</td>
      <td className="num">{money(s.liability.stakes)}</td>
      <td className="num">{money(s.liability.payoutIfWins)}</td>
      <td className={`num ${s.liability.net < 0 ? 'neg' : ''}`}>{money(s.liability.net)}</td>
      {canTrade && (
        <td className="events-ladder">
          {s.status !== 'closed' && s.status !== 'resulted' && <SelectionLadder desk={desk} m={m} s={s} />}
        </td>
      )}
    </tr>
  );
}

/** The selection's buttons: a tick up or down the ladder, the model's price back, suspend or resume, its limit. */
function SelectionLadder({ desk, m, s }: { desk: EventDesk; m: Market; s: Selection }) {
  const { et, busy, pickName, tickPrice } = desk;
  return (
    <>
      <button
        tabIndex={-1}
        disabled={busy}
        aria-label={et.tickUp(pickName(m, s))}
        onClick={() => tickPrice(m, s, 1)}
      >
        ▲
      </button>
      <button
        tabIndex={-1}
        disabled={busy}
        aria-label={et.tickDown(pickName(m, s))}
        onClick={() => tickPrice(m, s, -1)}
      >
        ▼
      </button>
      {s.overrideUntil && (
        <button
          tabIndex={-1}
          disabled={busy}
          aria-label={et.modelBack(pickName(m, s))}
          onClick={() => desk.modelPrice(m, s)}
        >
          M
        </button>
      )}
      <SelectionSuspension desk={desk} m={m} s={s} />
      <button
        tabIndex={-1}
        disabled={busy}
        aria-label={et.limitOf(pickName(m, s))}
        onClick={() =>
          desk.editLimit({ kind: 'stake', level: 'selection', refId: s.id, label: pickName(m, s) })
        }
      >
        {et.limitShort}
      </button>
    </>
  );
}

function SelectionSuspension({ desk, m, s }: { desk: EventDesk; m: Market; s: Selection }) {
  const { et, busy, pickName, selectionSuspension } = desk;
  return s.suspendedBy === null ? (
    <button
      tabIndex={-1}
      className="danger"
      disabled={busy || s.status !== 'open'}
      aria-label={et.suspendSelectionOf(pickName(m, s))}
      onClick={() => selectionSuspension(m, s, 'suspend')}
    >
      {et.suspendShort}
    </button>
  ) : (
    <button
      tabIndex={-1}
      disabled={busy}
      aria-label={et.resumeSelectionOf(pickName(m, s))}
      onClick={() => selectionSuspension(m, s, 'resume')}
    >
      {et.resumeShort}
    </button>
  );
}
