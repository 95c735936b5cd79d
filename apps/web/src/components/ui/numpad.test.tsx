import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Numpad, numpadInput, numpadKeyOf, pastedNumpadText, type NumpadKey } from './numpad';

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

describe('typed and pasted amounts', () => {
  it.each<[string, NumpadKey | null]>([
    ['7', '7'],
    [',', ','],
    ['.', ','],
    ['Backspace', 'delete'],
    ['Delete', 'delete'],
    ['e', null],
    ['-', null],
    ['Enter', null],
  ])('key %j is numpad key %j', (key, expected) => {
    expect(numpadKeyOf(key)).toBe(expected);
  });

  it.each<[string, string | null]>([
    ['12', '12'],
    ['12,5', '12,5'],
    ['12.50', '12,50'],
    ['₺1.234,56', '1234,56'],
    ['1,234.56 TRY', '1234,56'],
    ['12.345.678', '12345678'],
    ['1,234', '1234'],
    [',5', '0,5'],
    ['007', '7'],
    ['0', '0'],
    ['  42  ', '42'],
    ['-5', null],
    ['(20)', null],
    ['abc', null],
    ['1e5', null],
    ['12,345', '12345'],
    ['0.005', null],
    ['1234.567', null],
    ['123456789', null],
    ['99999999,99', '99999999,99'],
    ['', null],
    ['.', null],
  ])('pasted %j reads %j', (pasted, expected) => {
    expect(pastedNumpadText(pasted)).toBe(expected);
  });
});

describe('Numpad', () => {
  it('reports digits, the decimal key and delete; the decimal key shows the decimal mark asked for', () => {
    const onKey = vi.fn();
    render(<Numpad onKey={onKey} deleteLabel="Delete" decimalLabel="Decimal point" decimalMark="." />);
    fireEvent.click(screen.getByRole('button', { name: '7' }));
    expect(screen.getByRole('button', { name: 'Decimal point' })).toHaveTextContent('.');
    fireEvent.click(screen.getByRole('button', { name: 'Decimal point' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onKey.mock.calls).toEqual([['7'], [','], ['delete']]);
    expect(screen.getAllByRole('button')).toHaveLength(12);
  });
});
