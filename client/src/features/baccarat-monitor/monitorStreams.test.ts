import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monitorBatches, rejectedPayloads, validatedStream } from './monitorStreams';
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
  beforeEach(() => {
    vi.useFakeTimers();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    warn.mockRestore();
  });

  it('passes payloads that match the contract and drops (and counts) the others', () => {
    const source = new Subject<unknown>();
    const got: unknown[] = [];
    const sub = validatedStream('round:started', () => source).subscribe((p) => got.push(p));
    source.next(started);
    source.next({ ...started, gameId: 7 });
    source.next({ ...started, v: 2 });
    sub.unsubscribe();
    expect(got).toEqual([started]);
    expect(rejectedPayloads().get('round:started')).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('gathers the events of a window into one tagged batch, and emits nothing for a quiet window', () => {
    const sources = new Map<string, Subject<unknown>>();
    const source = (name: string) => {
      const s = new Subject<unknown>();
      sources.set(name, s);
      return s;
    };
    const batches: MonitorEvent[][] = [];
    const sub = monitorBatches(source, 200).subscribe((b) => batches.push(b));
    sources.get('round:started')?.next(started);
    sources.get('round:started')?.next({ ...started, roundId: 'r2' });
    vi.advanceTimersByTime(200);
    vi.advanceTimersByTime(600);
    sub.unsubscribe();
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((e) => e.type)).toEqual(['round:started', 'round:started']);
  });
});
