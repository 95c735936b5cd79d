import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { StakePopup } from './stake-popup';

const lira = { symbol: '₺', position: 'before' as const };

function renderPopup(betCount = 1) {
  const onSave = vi.fn();
  render(
    <StakePopup
      open
      onClose={() => {}}
      stake={{ perBet: 100, total: 100, edited: 'perBet' }}
      betCount={betCount}
      showPerBet={betCount > 1}
      currency={lira}
      onSave={onSave}
    />,
  );
  const popup = screen.getByRole('dialog');
  const done = () => fireEvent.click(within(popup).getByRole('button', { name: 'betslip.done' }));
  return { popup, onSave, done };
}

const paste = (text: string) => {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.assign(event, { clipboardData: { getData: () => text } });
  act(() => {
    document.dispatchEvent(event);
  });
};

describe('StakePopup', () => {
  it('takes digits, either decimal mark and Backspace from a keyboard, like the numpad', () => {
    const { popup, onSave, done } = renderPopup();
    for (const key of ['Backspace', '1', '2', '3', '4', '.', '5', '6', '7', 'x'])
      fireEvent.keyDown(document.activeElement ?? document.body, { key });
    expect(within(popup).getByTestId('stake-total')).toHaveTextContent('₺1,234.56');
    done();
    expect(onSave).toHaveBeenCalledWith({ perBet: 123456, total: 123456, edited: 'total' });
  });

  it('takes a pasted amount, and ignores a paste that is not one (negative, letters, too many digits)', () => {
    const { popup, onSave, done } = renderPopup(4);
    paste('₺1.250,50');
    expect(within(popup).getByTestId('stake-perBet')).toHaveTextContent('₺1,250.50');
    expect(within(popup).getByTestId('stake-total')).toHaveTextContent('₺5,002.00');
    for (const bad of ['-20', '(20)', 'twenty', '123456789', '0.005']) paste(bad);
    expect(within(popup).getByTestId('stake-perBet')).toHaveTextContent('₺1,250.50');
    done();
    expect(onSave).toHaveBeenCalledWith({ perBet: 125050, total: 500200, edited: 'perBet' });
  });

  it('replaces the preset with the first key after opening, then appends (§5, issue 33 item 3)', () => {
    const { popup, onSave, done } = renderPopup();
    const key = (k: string) => fireEvent.click(within(popup).getByRole('button', { name: k }));
    key('2');
    key('5');
    expect(within(popup).getByTestId('stake-total')).toHaveTextContent('₺25');
    done();
    expect(onSave).toHaveBeenCalledWith({ perBet: 2500, total: 2500, edited: 'total' });
  });

  it('replaces the preset of a field the player switches to, from the keyboard too', () => {
    const { popup } = renderPopup(4);
    fireEvent.click(within(popup).getByRole('button', { name: /betslip\.stake_total/ }));
    fireEvent.keyDown(document.body, { key: '8' });
    expect(within(popup).getByTestId('stake-total')).toHaveTextContent('₺8');
    expect(within(popup).getByTestId('stake-perBet')).toHaveTextContent('₺2.00');
  });

  it('leaves keys with a modifier alone', () => {
    const { popup } = renderPopup();
    fireEvent.keyDown(document.body, { key: '5', ctrlKey: true });
    expect(within(popup).getByTestId('stake-total')).toHaveTextContent('₺1');
  });
});
