import { describe, expect, it } from 'vitest';
import { FeedConfigError, loadFeedConfig } from './feed.config';

describe('loadFeedConfig', () => {
  it('defaults to the simulator with 60 days of history, 3000 players, speed 1 and no ingest', () => {
    const c = loadFeedConfig({});
    expect(c.source).toBe('sim');
    expect(c.timeZone).toBe('Asia/Shanghai');
    expect(c.ingestSecret).toBeUndefined();
    expect(c.sim).toEqual({ seed: 'dms', players: 3000, historyDays: 60, speed: 1, truthFile: undefined });
  });

  it('reads the simulator, poller and ingest variables', () => {
    const c = loadFeedConfig({
      DMS_FEED: 'poll',
      DMS_POLL_URL: 'https://platform.example/events',
      DMS_POLL_INTERVAL_MS: '500',
      DMS_SIM_SPEED: '2.5',
      DMS_SIM_PLAYERS: '500',
      DMS_SIM_SEED: 'abc',
      DMS_SIM_HISTORY_DAYS: '7',
      DMS_SIM_TRUTH_FILE: '/tmp/truth.json',
      DMS_INGEST_SECRET: 'sixteen-chars-at-least',
      DMS_TZ: 'Asia/Kolkata',
    });
    expect(c).toMatchObject({
      source: 'poll',
      timeZone: 'Asia/Kolkata',
      ingestSecret: 'sixteen-chars-at-least',
      poll: { url: 'https://platform.example/events', intervalMs: 500 },
      sim: { seed: 'abc', players: 500, historyDays: 7, speed: 2.5, truthFile: '/tmp/truth.json' },
    });
  });

  it('names each bad variable', () => {
    try {
      loadFeedConfig({
        DMS_FEED: 'kafka',
        DMS_SIM_PLAYERS: 'many',
        DMS_INGEST_SECRET: 'short',
        DMS_TZ: 'Mars/Olympus',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(FeedConfigError);
      const text = (err as Error).message;
      for (const v of ['DMS_FEED', 'DMS_SIM_PLAYERS', 'DMS_INGEST_SECRET', 'DMS_TZ'])
        expect(text).toContain(v);
    }
  });

  it('needs DMS_POLL_URL with DMS_FEED=poll', () => {
    expect(() => loadFeedConfig({ DMS_FEED: 'poll' })).toThrow(/DMS_POLL_URL/);
  });
});
