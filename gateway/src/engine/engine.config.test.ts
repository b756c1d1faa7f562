import { describe, expect, it } from 'vitest';
import { EngineConfigError, loadEngineConfig } from './engine.config';

describe('loadEngineConfig', () => {
  it('defaults to group commit without linger, batches of at most 5000 events and 100,000 queued, cut in Asia/Shanghai', () => {
    expect(loadEngineConfig({})).toEqual({
      timeZone: 'Asia/Shanghai',
      pipeline: { lingerMs: 0, maxBatch: 5000, maxQueued: 100_000 },
    });
  });

  it('reads the pipeline variables', () => {
    expect(
      loadEngineConfig({
        DMS_FEED_BUFFER_MS: '150',
        DMS_FEED_MAX_BATCH: '2000',
        DMS_FEED_MAX_QUEUED: '50000',
        DMS_TZ: 'UTC',
      }),
    ).toEqual({ timeZone: 'UTC', pipeline: { lingerMs: 150, maxBatch: 2000, maxQueued: 50_000 } });
  });

  it('names each bad variable', () => {
    try {
      loadEngineConfig({ DMS_FEED_MAX_BATCH: '0', DMS_FEED_MAX_QUEUED: 'lots', DMS_TZ: 'Mars/Olympus' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EngineConfigError);
      for (const v of ['DMS_FEED_MAX_BATCH', 'DMS_FEED_MAX_QUEUED', 'DMS_TZ'])
        expect((err as Error).message).toContain(v);
    }
  });
});
