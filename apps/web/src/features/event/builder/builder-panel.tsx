import type { FixtureEvent } from '@sb/contract';
import { useTranslation } from '@/lib/i18n';
import { BuilderBar } from './builder-bar';
import { BuilderMarkets } from './builder-markets';
import { useBuilder } from './use-builder';
import './builder.css';

/**
 * The Bet Builder tab (issue 37; football): pick legs from the event's goal markets and its sub-event's player
 * markets (anytime, first, last scorer, 2 or more), the selections that can no
 * longer win with them greyed (the compatible call), the price of the legs (debounced price call), then one
 * slip entry of the event holding them. Loaded on demand: its code never weighs on the other pages.
 */
export function BuilderPanel({ event: main, extra }: { event: FixtureEvent; extra?: FixtureEvent }) {
  const { t } = useTranslation();
  const builder = useBuilder(main, extra);
  if (builder.unavailable) return <p className="event-frame__note">{t('builder.unavailable')}</p>;
  return (
    <div className="builder" data-testid="bet-builder">
      <p className="builder__hint">{t('builder.hint')}</p>
      <BuilderMarkets builder={builder} />
      <BuilderBar builder={builder} />
      {builder.inSlip && <p className="builder__note">{t('builder.added')}</p>}
    </div>
  );
}
