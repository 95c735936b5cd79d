import type { ReactNode } from 'react';
import type { Bonus, Currency } from '@sb/contract';
import { Button } from '@/components/ui/button';
import './reward-offer.css';

/** What a reward picker of the slip is given: the reward chosen for this bet, else the one to offer. */
export type RewardPickerProps = {
  chosen: Bonus | null;
  offer: Bonus | null;
  currency: Pick<Currency, 'symbol' | 'position'>;
};

/** A button of the section: its words and what it does. */
type RewardAction = { label: string; onClick: () => void };

/**
 * One reward in the slip, in the same section whatever its kind (free bet, acca insurance, profit boost): on offer
 * (badge, what it gives, `use`) or chosen for this bet (what it does, `remove`). The button is a 44 px touch target
 * (reward-offer.css).
 */
export function RewardOffer(props: {
  testId: string;
  /** The reward's kind, for tests and styles; absent where the section holds one kind only. */
  kind?: string;
  chosen: boolean;
  text: ReactNode;
  use: RewardAction;
  remove: RewardAction;
}) {
  const { chosen } = props;
  const action = chosen ? props.remove : props.use;
  return (
    <section
      className={`slip-note reward-offer${chosen ? ' reward-offer--chosen' : ''}`}
      data-testid={props.testId}
      data-kind={props.kind}
      data-chosen={chosen ? 'true' : 'false'}
    >
      <p>
        {!chosen && (
          <span className="reward-offer__badge" aria-hidden="true">
            %
          </span>
        )}
        {props.text}
      </p>
      <Button variant={chosen ? 'ghost' : 'secondary'} onClick={action.onClick}>
        {action.label}
      </Button>
    </section>
  );
}
