import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from './confirm-dialog';
import { Popup } from './popup';
import { Tabs } from './tabs';

describe('Popup', () => {
  it('renders nothing while closed and its title, content and close button while open', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Popup open={false} title="Filter" onClose={onClose} closeLabel="Close">
        body
      </Popup>,
    );
    expect(screen.queryByText('body')).toBeNull();
    rerender(
      <Popup open title="Filter" onClose={onClose} closeLabel="Close">
        body
      </Popup>,
    );
    expect(screen.getByRole('dialog', { name: 'Filter' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('gives the focus back to the element that opened it when it closes', () => {
    function Harness({ open }: { open: boolean }) {
      return (
        <>
          <button type="button">Opener</button>
          <Popup open={open} title="Filter" onClose={() => {}} closeLabel="Close">
            <button type="button">Inside</button>
          </Popup>
        </>
      );
    }
    const { rerender } = render(<Harness open={false} />);
    screen.getByRole('button', { name: 'Opener' }).focus();
    rerender(<Harness open />);
    screen.getByRole('button', { name: 'Inside' }).focus();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    rerender(<Harness open={false} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Opener' }));
  });

  it('confirm dialog answers yes and no', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Are you sure?"
        text="It cannot be reverted."
        confirmLabel="Yes"
        cancelLabel="Not sure"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Not sure' })[1]!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('Tabs', () => {
  it('marks the active tab and reports taps, also on the active one', () => {
    const onSelect = vi.fn();
    render(
      <Tabs
        label="Bets"
        active={1}
        onSelect={onSelect}
        items={[
          { key: 1, label: 'Open' },
          { key: 2, label: 'All' },
          { key: 3, label: 'Lineups', disabled: true },
        ]}
      />,
    );
    expect(screen.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Open' }));
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(onSelect.mock.calls).toEqual([[1], [2]]);
    expect(screen.getByRole('tab', { name: 'Lineups' })).toBeDisabled();
  });
});
