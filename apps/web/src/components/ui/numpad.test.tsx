import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Numpad, numpadInput, type NumpadKey } from './numpad';

const type = (keys: NumpadKey[], from = '') => keys.reduce(numpadInput, from);

describe('numpadInput', () => {
  it.each<[NumpadKey[], string, string]>([
    [['1', '2'], '', '12'],
    [['1', ',', '5'], '', '1,5'],
    [[',', '5'], '', '0,5'],
    [['1', ',', ','], '', '1,'],
    [['1', ',', '2', '5', '9'], '', '1,25'],
    [['0', '7'], '', '7'],
    [['0', ',', '0', '5'], '', '0,05'],
    [['delete'], '12,5', '12,'],
    [['delete', 'delete'], '12,5', '12'],
    [['delete'], '', ''],
    [['9'], '12345678', '12345678'],
    [['9'], '12345678,1', '12345678,19'],
  ])('%j on %j gives %j', (keys, from, expected) => {
    expect(type(keys, from)).toBe(expected);
  });
});

describe('Numpad', () => {
  it('reports digits, the comma and delete', () => {
    const onKey = vi.fn();
    render(<Numpad onKey={onKey} deleteLabel="Delete" />);
    fireEvent.click(screen.getByRole('button', { name: '7' }));
    fireEvent.click(screen.getByRole('button', { name: ',' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onKey.mock.calls).toEqual([['7'], [','], ['delete']]);
    expect(screen.getAllByRole('button')).toHaveLength(12);
  });
});
