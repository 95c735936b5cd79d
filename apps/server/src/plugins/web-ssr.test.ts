import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cookieValue, isServerRenderedPath, splitAtRoot, wantsServerRender } from './web-ssr';

const withCookie = (cookie?: string) =>
  ({ headers: cookie === undefined ? {} : { cookie } }) as FastifyRequest;

describe('server rendering: which pages, for whom', () => {
  it('renders home, sports lists, events, the casino lobby and the slip under a locale; nothing else', () => {
    for (const path of [
      '/en/',
      '/tr',
      '/en/sports/1/2/3',
      '/en/live/1/42',
      '/tr/3hours/1',
      '/en/casino',
      '/tr/betslip',
    ])
      expect(isServerRenderedPath(path), path).toBe(true);
    for (const path of [
      '/',
      '/de/',
      '/en/betslip/x',
      '/en/account',
      '/en/login',
      '/en/casino/x',
      '/en/play/1',
    ])
      expect(isServerRenderedPath(path), path).toBe(false);
  });

  it('a device that says it holds a login gets the plain shell', () => {
    expect(wantsServerRender(withCookie(), '/en/')).toBe(true);
    expect(wantsServerRender(withCookie('sb_tz=Europe%2FIstanbul; sb_signed_in=1'), '/en/')).toBe(false);
    expect(wantsServerRender(withCookie('sb_signed_in='), '/en/')).toBe(true);
    expect(wantsServerRender(withCookie('sb_signed_in=1'), '/en/betslip')).toBe(false);
  });

  it('a device whose slip holds selections gets the slip page as the plain shell, and only that page', () => {
    expect(wantsServerRender(withCookie(), '/en/betslip')).toBe(true);
    expect(wantsServerRender(withCookie('sb_slip='), '/tr/betslip/')).toBe(true);
    expect(wantsServerRender(withCookie('sb_tz=UTC; sb_slip=1'), '/en/betslip')).toBe(false);
    expect(wantsServerRender(withCookie('sb_slip=1'), '/en/')).toBe(true);
  });

  it('reads one cookie, decoded; a malformed one is absent', () => {
    expect(cookieValue(withCookie('a=1; sb_tz=Europe%2FIstanbul'), 'sb_tz')).toBe('Europe/Istanbul');
    expect(cookieValue(withCookie('sb_tz=%E0%A4%A'), 'sb_tz')).toBeUndefined();
    expect(cookieValue(withCookie(), 'sb_tz')).toBeUndefined();
  });

  it('splits the shell at its root element', () => {
    const parts = splitAtRoot(
      '<html><body><div id="root"><header></header></div><script></script></body></html>',
    );
    expect(parts).toEqual({
      head: '<html><body><div id="root">',
      tail: '</div><script></script></body></html>',
    });
    expect(splitAtRoot('<html><body></body></html>')).toBeNull();
  });

  it('moves the start-up data from the head to after the markup (the first view is parsed before it)', () => {
    const boot = '<script>window.__SB_BOOT__={"a":"$&"};</script>';
    const parts = splitAtRoot(
      `<html><head>${boot}<style></style></head><body><div id="root"><i></i></div><script></script></body></html>`,
    );
    expect(parts).toEqual({
      head: '<html><head><style></style></head><body><div id="root">',
      tail: `</div>${boot}<script></script></body></html>`,
    });
  });
});
