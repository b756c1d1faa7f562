import { asapScheduler, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_COMMANDS } from '@dms/shared/contracts/live/events';
import { alertPayload, fakeLiveConnection } from '@/testing/fakeLiveSocket';
import { batched, LiveEvents, liveEventsFor, type ResyncOutcome } from './liveEvents';

function setup() {
  const fake = fakeLiveConnection();
  const events = new LiveEvents(fake.connection);
  const seqs: number[] = [];
  events.events('alert:raised').subscribe((p) => seqs.push(p.seq));
  events.events('alert:resolved').subscribe((p) => seqs.push(p.seq));
  const resyncs: ResyncOutcome[] = [];
  events.resync$.subscribe((r) => resyncs.push(r));
  return { ...fake, events, seqs, resyncs };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

let disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers) d();
  disposers = [];
});

describe('LiveEvents: validation', () => {
  it('passes valid payloads on, drops and counts those of another version or shape', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    disposers.push(() => warn.mockRestore());
    const t = setup();
    disposers.push(() => t.events.dispose());
    const progressed: unknown[] = [];
    t.events.events('feed:progressed').subscribe((p) => progressed.push(p));
    t.connection.start(() => 'tok');
    const socket = t.socket();
    socket.up();
    socket.serverEmit('alert:raised', alertPayload(1));
    socket.serverEmit('alert:raised', { ...alertPayload(2), v: 2 });
    socket.serverEmit('alert:raised', { ...alertPayload(3), alert: { id: 'x' } });
    socket.serverEmit('alert:raised', null);
    socket.serverEmit('feed:progressed', { v: 1, seq: 1, status: { state: 'live' } });
    expect(t.seqs).toEqual([1]);
    expect(progressed).toEqual([]);
    expect(t.events.invalidCounts).toEqual({ version: 2, schema: 2 });
    // Told in the browser's console once per event name (then every thousandth).
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'live: 1 alert:raised payload(s) dropped (version)',
      'live: 1 feed:progressed payload(s) dropped (schema)',
    ]);
  });

  it('shares one socket listener between subscribers of an event', () => {
    const t = setup();
    disposers.push(() => t.events.dispose());
    const a: unknown[] = [];
    const b: unknown[] = [];
    t.events.events('account:changed').subscribe((p) => a.push(p));
    t.events.events('account:changed').subscribe((p) => b.push(p));
    t.connection.start(() => 'tok');
    expect(t.socket().handlers.get('account:changed')?.size).toBe(1);
    t.socket().serverEmit('account:changed', { v: 1, accountId: 4, reason: 'role' });
    expect(a).toEqual([{ v: 1, accountId: 4, reason: 'role' }]);
    expect(b).toEqual(a);
  });
});

describe('LiveEvents: resume after a reconnect', () => {
  it('asks for what came after the last seq seen and passes the replay on without duplicates', async () => {
    const t = setup();
    disposers.push(() => t.events.dispose());
    t.connection.start(() => 'tok');
    const socket = t.socket();
    socket.up();
    // Nothing seen yet: nothing to resume from, lists must be read.
    expect(socket.emitted.filter(([e]) => e === LIVE_COMMANDS.resume)).toEqual([]);
    await flush();
    expect(t.resyncs).toEqual([{ kind: 'unknown' }]);
    socket.serverEmit('alert:raised', alertPayload(5));
    socket.serverEmit('alert:raised', alertPayload(7));
    socket.serverEmit('alert:raised', alertPayload(7));
    socket.down();

    // The gateway replays 8 and 9 (and 7, which the client already had) before its ack, then 10 live.
    socket.answers.set(LIVE_COMMANDS.resume, () => {
      socket.serverEmit('alert:raised', alertPayload(7));
      socket.serverEmit('alert:raised', alertPayload(8));
      socket.serverEmit('alert:resolved', alertPayload(9, { id: 5, state: 'resolved' }));
      return { data: { replayed: 2, upTo: 9 } };
    });
    socket.up();
    expect(socket.emitted.filter(([e]) => e === LIVE_COMMANDS.resume)).toEqual([
      [LIVE_COMMANDS.resume, { v: 1, after: 7 }],
    ]);
    await flush();
    socket.serverEmit('alert:raised', alertPayload(10));
    socket.serverEmit('alert:raised', alertPayload(8));
    expect(t.seqs).toEqual([5, 7, 8, 9, 10]);
    expect(t.events.lastSeq).toBe(10);
    expect(t.resyncs.at(-1)).toEqual({ kind: 'resumed', replayed: 2, upTo: 9 });
  });

  it('drops a late change at or below what the last resume covered', async () => {
    const t = setup();
    disposers.push(() => t.events.dispose());
    t.events.noteSeen(20);
    t.connection.start(() => 'tok');
    const socket = t.socket();
    socket.answers.set(LIVE_COMMANDS.resume, () => ({ data: { replayed: 0, upTo: 24 } }));
    socket.up();
    expect(socket.emitted).toContainEqual([LIVE_COMMANDS.resume, { v: 1, after: 20 }]);
    await flush();
    socket.serverEmit('alert:raised', alertPayload(19));
    socket.serverEmit('alert:raised', alertPayload(25));
    expect(t.seqs).toEqual([25]);
    // The next resume starts from the replay's upTo when nothing newer came.
    expect(t.events.lastSeq).toBe(25);
  });

  it('says lists must be read again when the gateway truncated the replay or refused it', async () => {
    const t = setup();
    disposers.push(() => t.events.dispose());
    t.connection.start(() => 'tok');
    const socket = t.socket();
    socket.up();
    socket.serverEmit('alert:raised', alertPayload(3));
    socket.down();
    socket.answers.set(LIVE_COMMANDS.resume, () => ({
      data: { replayed: 20000, upTo: 90000, truncated: true },
    }));
    socket.up();
    await flush();
    expect(t.resyncs.at(-1)).toEqual({ kind: 'truncated', replayed: 20000, upTo: 90000 });
    socket.down();
    socket.answers.set(LIVE_COMMANDS.resume, () => ({ error: { code: -1, msg: 'busy' } }));
    socket.up();
    await flush();
    expect(t.resyncs.at(-1)).toEqual({ kind: 'unknown' });
  });

  it('forgets what it saw when the session stops (another user may sign in)', async () => {
    const t = setup();
    disposers.push(() => t.events.dispose());
    t.connection.start(() => 'tok');
    t.socket().up();
    t.socket().serverEmit('alert:raised', alertPayload(4));
    t.connection.stop();
    expect(t.events.lastSeq).toBeUndefined();
    t.connection.start(() => 'other');
    t.socket().up();
    await flush();
    expect(t.socket().emitted.some(([e]) => e === LIVE_COMMANDS.resume)).toBe(false);
    t.socket().serverEmit('alert:raised', alertPayload(4));
    expect(t.seqs).toEqual([4, 4]);
  });
});

describe("liveEventsFor: the LiveEvents of a wall screen's own connection", () => {
  it("sends no resume (the wall's screens resume or reload by themselves) and still drops a seq seen twice", async () => {
    const fake = fakeLiveConnection();
    const events = liveEventsFor(fake.connection);
    disposers.push(() => fake.connection.stop());
    const seqs: number[] = [];
    const sub = events.events('alert:raised').subscribe((p) => seqs.push(p.seq));
    const resyncs: ResyncOutcome[] = [];
    events.resync$.subscribe((r) => resyncs.push(r));
    fake.connection.start(() => 'tok');
    const socket = fake.socket();
    socket.up();
    socket.serverEmit('alert:raised', alertPayload(5));
    socket.serverEmit('alert:raised', alertPayload(5));
    socket.down();
    socket.up();
    await flush();
    expect(socket.emitted.filter(([e]) => e === LIVE_COMMANDS.resume)).toEqual([]);
    expect(resyncs).toEqual([]);
    socket.serverEmit('alert:raised', alertPayload(6));
    expect(seqs).toEqual([5, 6]);
    // Findings and alerts are listened to only while a screen reads them.
    sub.unsubscribe();
    expect(socket.handlers.get('alert:raised')?.size ?? 0).toBe(0);
  });
});

describe('batched', () => {
  it('turns a burst into one array per window, delivered on the frame scheduler', async () => {
    vi.useFakeTimers();
    try {
      const source = new Subject<number>();
      const batches: number[][] = [];
      source.pipe(batched(150, asapScheduler)).subscribe((b) => batches.push(b));
      for (let i = 0; i < 1000; i++) source.next(i);
      await vi.advanceTimersByTimeAsync(160);
      expect(batches.map((b) => b.length)).toEqual([1000]);
      source.next(1000);
      await vi.advanceTimersByTimeAsync(450);
      expect(batches.map((b) => b.length)).toEqual([1000, 1]);
      source.complete();
    } finally {
      vi.useRealTimers();
    }
  });
});
