import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InlineStartupData, StartupData } from '@sb/contract';
import { TEST_APP } from '@/test/render';
import { pageStartupData } from './startup-data';

const WHOLE: StartupData = {
  host: 'localhost',
  app: TEST_APP,
  locale: 'en',
  translations: { 'route.home': 'Home' },
  markets: [],
  client: { client_id: 'c', client_secret: 's' },
};
const { translations, markets, ...rest } = WHOLE;
const INLINE: InlineStartupData = { ...rest, tail: '/startup/en-0123456789abcdef.json' };

describe('the start-up data made whole from the page and its tail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the whole form as it is, and none as none', async () => {
    expect(await pageStartupData(WHOLE, undefined)).toBe(WHOLE);
    expect(await pageStartupData(undefined, undefined)).toBeUndefined();
  });

  it("adds the tail the page's loader asked for, with no request of its own", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await pageStartupData(INLINE, Promise.resolve({ translations, markets }))).toEqual(WHOLE);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for the tail itself when the loader did not, and gives up (the calls are made) when it fails', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ translations, markets })));
    vi.stubGlobal('fetch', fetch);
    expect(await pageStartupData(INLINE, undefined)).toEqual(WHOLE);
    expect(fetch).toHaveBeenCalledWith(INLINE.tail);
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
    expect(await pageStartupData(INLINE, undefined)).toBeUndefined();
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('offline')));
    expect(await pageStartupData(INLINE, undefined)).toBeUndefined();
    expect(await pageStartupData(INLINE, Promise.resolve(null))).toBeUndefined();
  });
});
