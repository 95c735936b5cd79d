import { useTranslation } from '@/lib/i18n';
import type { EventMarket, FixtureEvent, Selection } from '@sb/contract';
import { OddButton } from '@/components/ui/odd-button';
import { selectionLocked } from '@/lib/fixtures/display-rules';
import { outcomeLabel } from '@/lib/fixtures/outcome-label';
import { slipPick } from '@/lib/fixtures/slip-pick';
import { bundles, usesColumns, type MarketGroup } from '../market-groups';

function Odd({
  event,
  market,
  selection,
  marketName,
}: {
  event: FixtureEvent;
  market: EventMarket;
  selection: Selection;
  marketName: string;
}) {
  const { t } = useTranslation();
  const label = outcomeLabel(selection.outcome, selection.name, market.s, t);
  return (
    <OddButton
      selectionId={selection.id}
      label={label}
      odd={selection.odd}
      boostedOdd={selection.boostedOdd}
      locked={selectionLocked(selection, market, event)}
      pick={() => slipPick(event, market, selection, { market: marketName, outcome: label })}
    />
  );
}

/** One line of a market: up to 3 odds side by side, more in columns (spec §9), goal scorers by team. */
function MarketLine({
  event,
  market,
  marketName,
}: {
  event: FixtureEvent;
  market: EventMarket;
  marketName: string;
}) {
  const split = bundles(market.selections);
  const odd = (s: Selection) => (
    <Odd key={s.id} event={event} market={market} selection={s} marketName={marketName} />
  );
  if (split) {
    return (
      <div className="market-line market-line--bundles">
        <div className="market-line__column">{split.home.map(odd)}</div>
        <div className="market-line__column">{split.away.map(odd)}</div>
      </div>
    );
  }
  const columns = usesColumns(market) ? 3 : market.selections.length;
  return (
    <div className="market-line" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {market.selections.map(odd)}
    </div>
  );
}

/** A market type with all its lines under its name. */
export function MarketBlock({
  event,
  group,
  name,
}: {
  event: FixtureEvent;
  group: MarketGroup;
  name: string;
}) {
  return (
    <section className="market-block" data-market-type={group.t}>
      <h3 className="market-block__title">{name}</h3>
      {group.markets.map((m) => (
        <MarketLine key={m.id} event={event} market={m} marketName={name} />
      ))}
    </section>
  );
}
