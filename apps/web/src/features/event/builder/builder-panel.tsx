import { useMemo, useState } from 'react';
import type { FixtureEvent, Selection } from '@sb/contract';
import { MARKET_CATEGORY } from '@sb/contract/constants';
import { useTranslation } from '@/lib/i18n';
import { useAppContext } from '@/lib/app-context';
import { visibleMarkets } from '@/lib/fixtures/display-rules';
import { outcomeLabel } from '@/lib/fixtures/outcome-label';
import { slipPick, useMarketName } from '@/lib/fixtures/slip-pick';
import { useFormatOdds } from '@/lib/odds-format';
import { toggleSelection, useSlipStore } from '@/lib/slip-store';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { groupMarkets } from '../market-groups';
import { useBuilderCompatible, useBuilderPrice } from './api-builder';
import './builder.css';

/** The price call waits this long after the last pick (the compatible call answers at once). */
const PRICE_DEBOUNCE_MS = 250;
const MAX_LEGS = 10;

/**
 * The Bet Builder tab (issue 37; football): pick legs from the event's goal markets and its sub-event's player
 * markets (anytime, first, last scorer, 2 or more), the selections that can no
 * longer win with them greyed (the compatible call), the price of the legs (debounced price call), then one
 * slip entry of the event holding them. Loaded on demand: its code never weighs on the other pages.
 */
export function BuilderPanel({ event: main, extra }: { event: FixtureEvent; extra?: FixtureEvent }) {
  const { t } = useTranslation();
  const formatOdd = useFormatOdds();
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
  const byId = useMemo(() => {
    const out = new Map<number, { selection: Selection; market: FixtureEvent['markets'][number] }>();
    for (const m of event.markets) for (const s of m.selections) out.set(s.id, { selection: s, market: m });
    return out;
  }, [event.markets]);
  const label = (id: number) => {
    const found = byId.get(id);
    return found ? outcomeLabel(found.selection.outcome, found.selection.name, found.market.s, t) : '';
  };
  const caption = (id: number) => {
    const found = byId.get(id);
    if (!found) return '';
    const { selection, market } = found;
    return `${marketName(market.t)}: ${outcomeLabel(selection.outcome, selection.name, market.s, t)}`;
  };
  const toggle = (id: number) =>
    setLegs((now) =>
      now.includes(id) ? now.filter((x) => x !== id) : now.length < MAX_LEGS ? [...now, id] : now,
    );
  // The shown price belongs to the legs picked now (the debounced answer may be one pick behind).
  const quote = legs.length >= 2 && settled === legs ? price.data : undefined;
  const add = () => {
    if (quote?.kind !== 'price') return;
    const first = byId.get(legs[0]!)!;
    const legCaptions = legs.map(caption);
    const pick = slipPick(event, first.market, first.selection, {
      market: t('builder.name'),
      outcome: legs.map(label).join(' + '),
    });
    toggleSelection({
      ...pick,
      oddId: quote.id,
      odd: quote.odd,
      oddType: 0,
      exc: 0,
      specialValue: '',
      active: true,
      maxStake: quote.maxStake,
      builder: { oddIds: [...legs], legs: legCaptions },
    });
    setLegs([]);
  };
  if (offered.isError) return <p className="event-frame__note">{t('builder.unavailable')}</p>;
  return (
    <div className="builder" data-testid="bet-builder">
      <p className="builder__hint">{t('builder.hint')}</p>
      {groups.map((group) => (
        <section key={group.t} className="builder__market" data-market-type={group.t}>
          <h4 className="builder__title">{marketName(group.t)}</h4>
          {group.markets.map((m) => (
            <div key={m.id} className="builder__line">
              {m.selections
                .filter((s) => offeredIds.has(s.id))
                .map((s) => {
                  const picked = legs.includes(s.id);
                  const greyed = !picked && compatible.data !== undefined && !open.has(s.id);
                  return (
                    <button
                      key={s.id}
                      type="button"
                      className="builder__pick"
                      data-testid="builder-pick"
                      data-leg-id={s.id}
                      aria-pressed={picked}
                      disabled={greyed}
                      onClick={() => toggle(s.id)}
                    >
                      {outcomeLabel(s.outcome, s.name, m.s, t)}
                    </button>
                  );
                })}
            </div>
          ))}
        </section>
      ))}
      <div className="builder__bar" data-testid="builder-bar">
        {/* One line at 360 px in every brand and language: the label gives way, never the odd or the buttons. */}
        <span className="builder__price" data-testid="builder-price">
          {legs.length >= 2 && quote?.kind === 'price' ? (
            <>
              <span className="builder__label">{t('builder.price')}</span>{' '}
              <strong className="builder__odd">{formatOdd(quote.odd)}</strong>
            </>
          ) : (
            <span className="builder__label builder__label--note">
              {legs.length < 2 ? t('builder.pick_more') : quote ? t(`builder.${quote.kind}`) : '…'}
            </span>
          )}
        </span>
        {legs.length > 0 && (
          <button type="button" className="builder__clear" onClick={() => setLegs([])}>
            {t('builder.clear')}
          </button>
        )}
        <button
          type="button"
          className="ui-button ui-button--primary builder__add"
          data-testid="builder-add"
          disabled={quote?.kind !== 'price'}
          onClick={add}
        >
          {t('builder.add')}
        </button>
      </div>
      {inSlip && <p className="builder__note">{t('builder.added')}</p>}
    </div>
  );
}
