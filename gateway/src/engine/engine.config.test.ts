import { describe, expect, it } from 'vitest';
import { EngineConfigError, loadEngineConfig } from './engine.config';

describe('loadEngineConfig', () => {
  it('defaults to group commit without linger, batches of at most 5000 events and 100,000 queued, cut in Asia/Shanghai', () => {
    expect(loadEngineConfig({})).toEqual({
      timeZone: 'Asia/Shanghai',
      pipeline: { lingerMs: 0, maxBatch: 5000, maxQueued: 100_000 },
      risk: {
        leaseMs: 15_000,
        renewMs: 5_000,
        pollMs: 1000,
        chunkSize: 500,
        snapshotEvery: 20_000,
        snapshotMs: 60_000,
      },
      riskThread: 'worker',
    });
  });

  it("runs the risk engine on the gateway's thread with DMS_RISK_THREAD=main", () => {
    expect(loadEngineConfig({ DMS_RISK_THREAD: 'main' }).riskThread).toBe('main');
    expect(loadEngineConfig({ DMS_RISK_THREAD: ' ' }).riskThread).toBe('worker');
  });

  it('reads the risk runner variables, renewing the lease three times per lease', () => {
    expect(
      loadEngineConfig({
        DMS_RISK_LEASE_MS: '6000',
        DMS_RISK_POLL_MS: '200',
        DMS_RISK_CHUNK: '100',
        DMS_RISK_SNAPSHOT_EVERY: '1000',
        DMS_RISK_SNAPSHOT_MS: '5000',
      }).risk,
    ).toEqual({
      leaseMs: 6000,
      renewMs: 2000,
      pollMs: 200,
      chunkSize: 100,
      snapshotEvery: 1000,
      snapshotMs: 5000,
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
    ).toMatchObject({ timeZone: 'UTC', pipeline: { lingerMs: 150, maxBatch: 2000, maxQueued: 50_000 } });
  });

  it('names each bad variable', () => {
    try {
      loadEngineConfig({
        DMS_FEED_MAX_BATCH: '0',
        DMS_FEED_MAX_QUEUED: 'lots',
        DMS_TZ: 'Mars/Olympus',
        DMS_RISK_LEASE_MS: '10',
        DMS_RISK_THREAD: 'both',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EngineConfigError);
      for (const v of ['DMS_FEED_MAX_BATCH', 'DMS_FEED_MAX_QUEUED', 'DMS_TZ', 'DMS_RISK_LEASE_MS'])
        expect((err as Error).message).toContain(v);
      expect((err as Error).message).toContain('DMS_RISK_THREAD: must be main or worker');
    }
  });
});
