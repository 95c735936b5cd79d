import { useMemo, useState } from 'react';
import type { FixtureEvent } from '@sb/contract';
import { MARKET_CATEGORY } from '@sb/contract/constants';
import { useTranslation } from '@/lib/i18n';
import { useAppContext } from '@/lib/app-context';
import { visibleMarkets } from '@/lib/fixtures/display-rules';
import { useMarketName } from '@/lib/fixtures/slip-pick';
import { toggleSelection, useSlipStore } from '@/lib/slip-store';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { groupMarkets } from '../market-groups';
import { useBuilderCompatible, useBuilderPrice } from './api-builder';
import { builderPickOf, legIndexOf } from './builder-legs';

/** The price call waits this long after the last pick (the compatible call answers at once). */
const PRICE_DEBOUNCE_MS = 250;
const MAX_LEGS = 10;

/** The Bet Builder's state: the markets offered, the legs picked, which others can still join, the legs' price. */
export function useBuilder(main: FixtureEvent, extra: FixtureEvent | undefined) {
  const { t } = useTranslation();
  const marketName = useMarketName();
  const { markets: definitionList } = useAppContext();
  const definitions = useMemo(() => new Map(definitionList.map((d) => [d.id, d])), [definitionList]);
  // The event's markets and its sub-event's (player markets: anytime, first, last scorer, 2 or more).
  const event = useMemo(
    () => (extra ? { ...main, markets: [...main.markets, ...extra.markets] } : main),
    [main, extra],
  );
  const [legs, setLegs] = useState<number[]>([]);
  const offered = useBuilderCompatible(event.id, []);
  const compatible = useBuilderCompatible(event.id, legs);
  const settled = useDebouncedValue(legs, PRICE_DEBOUNCE_MS);
  const price = useBuilderPrice(event.id, settled);
  const inSlip = useSlipStore((s) => s.bets.some((b) => b.builder && b.eventId === event.id));
  const offeredIds = useMemo(() => new Set(offered.data ?? []), [offered.data]);
  const open = useMemo(() => new Set(compatible.data ?? []), [compatible.data]);
  const groups = useMemo(
    () =>
      groupMarkets(
        visibleMarkets(event).filter((m) => m.selections.some((s) => offeredIds.has(s.id))),
        MARKET_CATEGORY.all,
        definitions,
      ),
    [event, offeredIds, definitions],
  );
  const byId = useMemo(() => legIndexOf(event.markets), [event.markets]);
  const toggle = (id: number) =>
    setLegs((now) =>
      now.includes(id) ? now.filter((x) => x !== id) : now.length < MAX_LEGS ? [...now, id] : now,
    );
  // The shown price belongs to the legs picked now (the debounced answer may be one pick behind).
  const quote = legs.length >= 2 && settled === legs ? price.data : undefined;
  const add = () => {
    if (quote?.kind !== 'price') return;
    toggleSelection(builderPickOf(event, byId, legs, quote, marketName, t));
    setLegs([]);
  };
  // Greyed: a selection that can no longer win with the legs (once the compatible call answered).
  const greyed = (id: number) => !legs.includes(id) && compatible.data !== undefined && !open.has(id);
  const clear = () => setLegs([]);
  return {
    unavailable: offered.isError,
    groups,
    offeredIds,
    legs,
    greyed,
    toggle,
    quote,
    add,
    clear,
    inSlip,
  };
}
