import { afterEach, describe, expect, it } from 'vitest';
import { keepDeviceHints } from './device-hints';
import { clearSlip, updateSlip, type SlipEntry } from './slip-store';
import { SLIP_STORAGE_KEY } from './slip-count';

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** Only the count of a slip matters to the hint. */
const oneSelection = [{ oddId: 1, eventId: 1001 }] as SlipEntry[];

describe('device hints for the server render', () => {
  afterEach(() => clearSlip());

  it('tells whether the slip holds selections, as it changes here and in another tab', () => {
    keepDeviceHints();
    expect(cookie('sb_slip')).toBeUndefined();
    expect(cookie('sb_tz')).toBeTruthy();

    updateSlip(() => ({ bets: oneSelection }));
    expect(cookie('sb_slip')).toBe('1');
    clearSlip();
    expect(cookie('sb_slip')).toBeUndefined();

    // Another tab filled the slip: the storage event says so.
    localStorage.setItem(SLIP_STORAGE_KEY, JSON.stringify({ state: { bets: [{ oddId: 9 }] }, version: 1 }));
    window.dispatchEvent(new StorageEvent('storage', { key: SLIP_STORAGE_KEY }));
    expect(cookie('sb_slip')).toBe('1');
    localStorage.removeItem(SLIP_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(cookie('sb_slip')).toBeUndefined();
  });
});
