import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/DATABASE_URL/);
    }
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

describe('feed and bus configuration', () => {
  it('defaults to the in-process bus with the documented feed limits', () => {
    const config = loadConfig({});
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.REDIS_CHANNEL_PREFIX).toBe('sb:');
    expect(config.FEED_HEARTBEAT_MS).toBe(5_000);
    expect(config.FEED_CONFLATE_MS).toBe(50);
  });

  it('rejects a conflation window past 1 s and a non-Redis URL', () => {
    expect(() => loadConfig({ FEED_CONFLATE_MS: '5000' })).toThrowError(/FEED_CONFLATE_MS/);
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrowError(/REDIS_URL/);
  });
});
