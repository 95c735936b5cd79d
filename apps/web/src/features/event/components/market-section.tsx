import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { FixtureEvent } from '@sb/contract';
import { MARKET_CATEGORY } from '@sb/contract/constants';
import { Tabs } from '@/components/ui/tabs';
import { useAppContext } from '@/lib/app-context';
import { visibleMarkets } from '@/lib/fixtures/display-rules';
import { useMarketName } from '@/lib/fixtures/slip-pick';
import { categoryTabs, groupMarkets } from '../market-groups';
import { MarketBlock } from './market-block';

/**
 * The event's markets (spec §2, §9): category tabs for football, every market type under its name with its
 * lines, sub-event markets appended. `error` (the event's odds are disabled) shows a notice instead.
 */
export function MarketSection({
  event,
  extra,
  error,
}: {
  event: FixtureEvent;
  extra: FixtureEvent | undefined;
  error: boolean;
}) {
  const { t } = useTranslation();
  const { markets: definitionList } = useAppContext();
  const marketName = useMarketName();
  // Market type ids are unique across sports: one map serves every event.
  const definitions = useMemo(() => new Map(definitionList.map((d) => [d.id, d])), [definitionList]);
  // The sub-event answers with the same event id: its markets join the event's own, under the event's state.
  const merged = useMemo(
    () => (extra ? { ...event, markets: [...event.markets, ...extra.markets] } : event),
    [event, extra],
  );
  const all = useMemo(() => visibleMarkets(merged), [merged]);
  const tabs = categoryTabs(event.sport.id, all, definitions);
  const [chosen, setChosen] = useState<number>(tabs[0] ?? MARKET_CATEGORY.all);
  const category = tabs.includes(chosen) ? chosen : (tabs[0] ?? MARKET_CATEGORY.all);
  if (error)
    return (
      <p className="event-markets__note" role="status">
        {t('event.odds_disabled')}
      </p>
    );
  if (all.length === 0) return <p className="event-markets__note">{t('event.no_markets')}</p>;
  return (
    <section className="event-markets" aria-label={t('event.markets')}>
      {tabs.length > 1 && (
        <Tabs
          label={t('event.market_categories')}
          active={category}
          onSelect={setChosen}
          items={tabs.map((c) => ({ key: c, label: t(`markets.category.${c}`) }))}
        />
      )}
      {groupMarkets(all, category, definitions).map((group) => (
        <MarketBlock key={group.t} event={merged} group={group} name={marketName(group.t)} />
      ))}
    </section>
  );
}
