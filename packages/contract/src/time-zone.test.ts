import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, isTimeZone } from './time-zone';

describe('the time-zone check', () => {
  it('knows IANA zones and names them canonically', () => {
    expect(canonicalTimeZone('Europe/Istanbul')).toBe('Europe/Istanbul');
    expect(canonicalTimeZone('europe/istanbul')).toBe('Europe/Istanbul');
    expect(isTimeZone('UTC')).toBe(true);
  });

  it('refuses nothing, unknown zones and names over 64 characters', () => {
    expect(canonicalTimeZone(undefined)).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone(`Europe/${'x'.repeat(60)}`)).toBe(false);
  });
});
