import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertPayload, fakeLiveEvents } from '@/testing/fakeLiveSocket';
import { monitorBatches } from './monitorStreams';
import type { MonitorEvent } from './state/monitorModel';

const started = {
  v: 1,
  providers: [1001],
  roundId: 'r1',
  gameId: 1,
  tableId: 'BAC-1',
  shoeId: 'S1',
  startedAt: 1_764_000_000_000,
};

describe('monitor streams', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  let t: ReturnType<typeof fakeLiveEvents>;
  beforeEach(() => {
    vi.useFakeTimers();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = fakeLiveEvents();
  });
  afterEach(() => {
    t.dispose();
    vi.useRealTimers();
    warn.mockRestore();
  });

  it("passes payloads that match the contract and drops the others, counted by the connection's LiveEvents", () => {
    const batches: MonitorEvent[][] = [];
    const sub = monitorBatches(t.events, 200).subscribe((b) => batches.push(b));
    t.emit('round:started', started);
    t.emit('round:started', { ...started, gameId: 7 });
    t.emit('round:started', { ...started, v: 2 });
    vi.advanceTimersByTime(200);
    sub.unsubscribe();
    expect(batches).toEqual([[{ type: 'round:started', payload: started }]]);
    expect(t.events.invalidCounts).toEqual({ version: 1, schema: 1 });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('gathers the events of a window into one tagged batch in arrival order, and emits nothing for a quiet window', () => {
    const batches: MonitorEvent[][] = [];
    const sub = monitorBatches(t.events, 200).subscribe((b) => batches.push(b));
    t.emit('round:started', started);
    t.emit('alert:raised', alertPayload(3));
    t.emit('round:started', { ...started, roundId: 'r2' });
    vi.advanceTimersByTime(200);
    vi.advanceTimersByTime(600);
    sub.unsubscribe();
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((e) => e.type)).toEqual(['round:started', 'alert:raised', 'round:started']);
  });

  it('passes an alert change received twice (replayed and live) once', () => {
    const batches: MonitorEvent[][] = [];
    const sub = monitorBatches(t.events, 200).subscribe((b) => batches.push(b));
    t.emit('alert:raised', alertPayload(11));
    t.emit('alert:raised', alertPayload(11));
    vi.advanceTimersByTime(200);
    t.emit('alert:raised', alertPayload(11));
    t.emit('alert:acknowledged', alertPayload(12, { id: 11, state: 'acknowledged' }));
    vi.advanceTimersByTime(200);
    sub.unsubscribe();
    expect(batches.map((b) => b.map((e) => `${e.type} ${(e.payload as { seq: number }).seq}`))).toEqual([
      ['alert:raised 11'],
      ['alert:acknowledged 12'],
    ]);
  });
});
