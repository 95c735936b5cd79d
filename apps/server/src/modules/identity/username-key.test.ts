import { describe, expect, it } from 'vitest';
import { usernameKey } from './username-key';

describe('usernameKey', () => {
  it('folds case, compatibility forms and Turkish i variants onto one key', () => {
    expect(usernameKey('Demo')).toBe('demo');
    expect(usernameKey('DEMO')).toBe('demo');
    expect(usernameKey('ｄｅｍｏ')).toBe('demo');
    expect(usernameKey('demİ')).toBe('demi');
    expect(usernameKey('DEMI')).toBe('demi');
    expect(usernameKey('demı')).toBe('demi');
    expect(usernameKey('demi\u0307')).toBe('demi');
  });

  it('keeps different names apart', () => {
    expect(usernameKey('demo')).not.toBe(usernameKey('dem0'));
    expect(usernameKey('a.b')).not.toBe(usernameKey('a-b'));
  });
});
