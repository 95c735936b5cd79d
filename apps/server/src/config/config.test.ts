import { describe, expect, it } from 'vitest';
import { assertOutcomeSeedAllowed, ConfigError, loadConfig, testConfig } from './config';

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

describe('the test-only outcome seed (issue 31 item 1)', () => {
  it('is refused with NODE_ENV=production, by the config and by the composition root', () => {
    expect(() => loadConfig({ OUTCOME_TEST_SEED: '7' })).toThrowError(/OUTCOME_TEST_SEED/);
    expect(() => loadConfig({ NODE_ENV: 'production', OUTCOME_TEST_SEED: '7' })).toThrowError(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production' }).OUTCOME_TEST_SEED).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', OUTCOME_TEST_SEED: '7' }).OUTCOME_TEST_SEED).toBe(7);
    expect(() => assertOutcomeSeedAllowed({ NODE_ENV: 'production', OUTCOME_TEST_SEED: 7 })).toThrowError(
      /OUTCOME_TEST_SEED/,
    );
  });

  it('is the catalogue seed in tests unless the test runs as production or chooses the CSPRNG', () => {
    expect(testConfig().OUTCOME_TEST_SEED).toBe(testConfig().CATALOGUE_SEED);
    expect(testConfig({ NODE_ENV: 'production' }).OUTCOME_TEST_SEED).toBeUndefined();
    expect(testConfig({ OUTCOME_TEST_SEED: undefined }).OUTCOME_TEST_SEED).toBeUndefined();
  });
});
