import type { OpsBuilderLeg } from '@sb/contract';
import type { Lang } from '../i18n';
import { BET_TEXTS } from '../features/bets/bet-texts';

/**
 * A bet builder's selections (issue 37) under its leg, on the ticker, the bet page and the liability: each by
 * market and selection name with its result so far (open until decided).
 */
export function BuilderLegs({ legs, lang }: { legs: OpsBuilderLeg[] | null | undefined; lang: Lang }) {
  if (!legs?.length) return null;
  const bt = BET_TEXTS[lang];
  return (
    <ul className="builder-legs" data-testid="builder-legs">
      {legs.map((l) => (
        <li key={l.selectionId} data-result={l.result ?? 'open'}>
          <span data-market>{l.market[lang]}</span> · <strong>{l.selection[lang]}</strong>{' '}
          <span className="status">{l.result ? (bt.results[l.result] ?? l.result) : bt.legOpen}</span>
        </li>
      ))}
    </ul>
  );
}
