import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertPayload, fakeLiveConnection, fakeLiveEvents } from '@/testing/fakeLiveSocket';
import { live } from './live';
import { eventWeight, liveBatches, sharedFeed, sliceByWeight, splitHeavyBatches } from './liveBatches';
import { liveEvents, liveEventsFor } from './liveEvents';

const started = (roundId: string) => ({
  v: 1,
  providers: [1001],
  roundId,
  gameId: 1,
  tableId: 'BAC-1',
  shoeId: 'S1',
  startedAt: 1_764_000_000_000,
});
const bets = (roundId: string, n: number) => ({
  v: 1,
  providers: [1001],
  roundId,
  gameId: 1,
  tableId: 'BAC-1',
  bets: Array.from({ length: n }, (_, i) => ({
    id: `${roundId}-b${i}`,
    provider: 1001,
    currency: 'CNY',
    account: `p${i}`,
    betType: 'banker',
    amount: 1000,
    ts: 1_764_000_000_000,
  })),
});

describe('live batches', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    warn.mockRestore();
  });

  it('slices by weight, in order, dropping nothing; an item heavier than the bound is a slice alone', () => {
    const w = (x: number) => x;
    expect(sliceByWeight([1, 2, 3, 4, 5], w, 5)).toEqual([[1, 2], [3], [4], [5]]);
    expect(sliceByWeight([9, 1, 1], w, 5)).toEqual([[9], [1, 1]]);
    expect(sliceByWeight([1, 1, 1], w, 5)).toEqual([[1, 1, 1]]);
    expect(sliceByWeight([], w, 5)).toEqual([]);
    const items = Array.from({ length: 1000 }, (_, i) => (i % 7) + 1);
    const slices = sliceByWeight(items, w, 50);
    expect(slices.flat()).toEqual(items);
    for (const s of slices) expect(s.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(50);
  });

  it('weighs a bets payload by its bets and any other event as one', () => {
    expect(eventWeight({ payload: bets('r1', 250) })).toBe(250);
    expect(eventWeight({ payload: started('r1') })).toBe(1);
    expect(eventWeight({ payload: null })).toBe(1);
  });

  it('passes a light batch at once, and hands a heavy one over in slices, one timer task each', () => {
    const source = new Subject<number[]>();
    const got: number[][] = [];
    const sub = source.pipe(splitHeavyBatches((x: number) => x, 10)).subscribe((b) => got.push(b));
    const light = [1, 2, 3];
    source.next(light);
    expect(got).toEqual([light]);
    expect(got[0]).toBe(light);

    source.next([5, 5, 5, 5, 5, 5]);
    // The first slice at once, the next ones each after the event loop turned.
    expect(got).toEqual([light, [5, 5]]);
    // A batch that arrives while slices are pending waits for them: the order holds.
    source.next([1]);
    expect(got).toHaveLength(2);
    vi.advanceTimersByTime(0);
    expect(got).toHaveLength(3);
    vi.runAllTimers();
    expect(got).toEqual([light, [5, 5], [5, 5], [5, 5], [1]]);
    sub.unsubscribe();
  });

  it('stops handing over slices once unsubscribed', () => {
    const source = new Subject<number[]>();
    const got: number[][] = [];
    const sub = source.pipe(splitHeavyBatches((x: number) => x, 1)).subscribe((b) => got.push(b));
    source.next([1, 1, 1]);
    sub.unsubscribe();
    vi.runAllTimers();
    expect(got).toEqual([[1]]);
  });

  it('turns a burst of a window into slices of at most the bound, every event once and in order', () => {
    const t = fakeLiveEvents();
    const got: { type: string; payload: { roundId: string } }[][] = [];
    const sub = liveBatches(['round:started', 'bets:placed'], t.events, 200, { maxWeight: 600 }).subscribe(
      (b) => got.push(b as never),
    );
    // A gateway catching up after a stall: 40 rounds of 200 bets inside one window.
    for (let r = 0; r < 40; r++) {
      t.emit('round:started', started(`r${r}`));
      t.emit('bets:placed', bets(`r${r}`, 200));
    }
    vi.advanceTimersByTime(200);
    expect(got).toHaveLength(1);
    vi.runOnlyPendingTimers();
    while (vi.getTimerCount() > 0 && got.flat().length < 80) vi.advanceTimersByTime(0);
    const flat = got.flat();
    expect(flat).toHaveLength(80);
    expect(flat.map((e) => `${e.type} ${e.payload.roundId}`)).toEqual(
      Array.from({ length: 40 }, (_, r) => [`round:started r${r}`, `bets:placed r${r}`]).flat(),
    );
    for (const b of got) expect(b.reduce((a, e) => a + eventWeight(e), 0)).toBeLessThanOrEqual(600);
    expect(got.length).toBeGreaterThanOrEqual(14);
    sub.unsubscribe();
    t.dispose();
  });

  it('reads through the LiveEvents: invalid payloads dropped and counted there, a seq event passed once', () => {
    const t = fakeLiveEvents();
    const got: { type: string; payload: { roundId?: string; seq?: number } }[][] = [];
    const sub = liveBatches(['round:started', 'alert:raised'], t.events, 200).subscribe((b) =>
      got.push(b as never),
    );
    t.emit('round:started', started('r1'));
    t.emit('round:started', { ...started('r2'), gameId: 'one' });
    t.emit('alert:raised', alertPayload(7));
    t.emit('round:started', { ...started('r3'), v: 2 });
    // Replayed by a resume and sent live: the same change twice.
    t.emit('alert:raised', alertPayload(7));
    t.emit('alert:raised', alertPayload(8));
    t.emit('round:started', started('r4'));
    vi.advanceTimersByTime(200);
    // A quiet window emits nothing.
    vi.advanceTimersByTime(600);
    expect(got.map((b) => b.map((e) => `${e.type} ${e.payload.roundId ?? e.payload.seq}`))).toEqual([
      ['round:started r1', 'alert:raised 7', 'alert:raised 8', 'round:started r4'],
    ]);
    expect(t.events.invalidCounts).toEqual({ version: 1, schema: 1 });
    sub.unsubscribe();
    t.dispose();
  });

  it('shares one subscription per connection between screens, through its LiveEvents; the last release ends it', () => {
    const { connection, socket } = fakeLiveConnection();
    const acquire = sharedFeed((source) => source.events('account:changed'));
    const got: unknown[] = [];
    const release1 = acquire(connection, (b) => got.push(b));
    const release2 = acquire(connection, (b) => got.push(b));
    connection.start(() => 'tok');
    socket().up();
    expect(socket().handlers.get('account:changed')?.size).toBe(1);
    const changed = (accountId: number) => ({ v: 1, accountId, reason: 'role' });
    socket().serverEmit('account:changed', changed(1));
    socket().serverEmit('account:changed', { v: 1 });
    expect(got).toEqual([changed(1)]);
    expect(liveEventsFor(connection).invalidCounts).toEqual({ version: 0, schema: 1 });
    release1();
    socket().serverEmit('account:changed', changed(2));
    expect(got).toEqual([changed(1), changed(2)]);
    release2();
    release2();
    socket().serverEmit('account:changed', changed(3));
    expect(got).toEqual([changed(1), changed(2)]);
    expect(socket().handlers.get('account:changed')?.size ?? 0).toBe(0);
    connection.stop();
  });

  it("reads the console's connection through the one liveEvents", () => {
    expect(liveEventsFor(live)).toBe(liveEvents);
    const { connection } = fakeLiveConnection();
    expect(liveEventsFor(connection)).toBe(liveEventsFor(connection));
    expect(liveEventsFor(connection)).not.toBe(liveEvents);
  });
});
