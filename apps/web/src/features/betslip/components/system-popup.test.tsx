import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { COUPON_TYPE } from '@sb/betting';
import { renderScreen } from '@/test/render';
import { SystemPopup } from './system-popup';

// Issue 33 item 2: the popup listed every subset to count them (2^25 for a 25-pick slip: the tab froze).
describe('SystemPopup', () => {
  it('counts the systems of 25 picks and shows only the first 25 combinations', async () => {
    const picks = Array.from({ length: 25 }, (_, i) => ({ eventId: i + 1, banker: false }));
    await renderScreen(
      <SystemPopup
        open
        coupon={{ type: COUPON_TYPE.system, systems: [12] }}
        picks={picks}
        onToggle={() => {}}
        onClose={() => {}}
      />,
    );
    const popup = screen.getByRole('dialog');
    expect(within(popup).getAllByRole('checkbox')).toHaveLength(24);
    expect(within(popup).getByTestId('system-combinations').querySelectorAll('li')).toHaveLength(25);
    expect(popup.querySelector('.system-combos__more')).toHaveTextContent('betslip.combinations_more');
    expect(popup.querySelector('input[data-k="12"]')).toBeChecked();
  });
});
