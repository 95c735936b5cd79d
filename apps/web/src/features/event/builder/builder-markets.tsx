import type { useBuilder } from './use-builder';
import { useTranslation } from '@/lib/i18n';
import { outcomeLabel } from '@/lib/fixtures/outcome-label';
import { useMarketName } from '@/lib/fixtures/slip-pick';

/** The builder's markets by type, each selection a pick button (pressed when a leg, disabled when greyed). */
export function BuilderMarkets({ builder }: { builder: ReturnType<typeof useBuilder> }) {
  const { t } = useTranslation();
  const marketName = useMarketName();
  const { groups, offeredIds, legs, greyed, toggle } = builder;
  return (
    <>
      {groups.map((group) => (
        <section key={group.t} className="builder__market" data-market-type={group.t}>
          <h4 className="builder__title">{marketName(group.t)}</h4>
          {group.markets.map((m) => (
            <div key={m.id} className="builder__line">
              {m.selections
                .filter((s) => offeredIds.has(s.id))
                .map((s) => (
                  <button
                    key={s.id}
                    type="button"
                    className="builder__pick"
                    data-testid="builder-pick"
                    data-leg-id={s.id}
                    aria-pressed={legs.includes(s.id)}
                    disabled={greyed(s.id)}
                    onClick={() => toggle(s.id)}
                  >
                    {outcomeLabel(s.outcome, s.name, m.s, t)}
                  </button>
                ))}
            </div>
          ))}
        </section>
      ))}
    </>
  );
}
