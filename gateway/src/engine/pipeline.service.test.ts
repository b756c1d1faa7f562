import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformEvent } from '@dms/shared/contracts/events/platform';
import type { BatchOutcome, BatchWriter } from './batch.service';
import { T0, ev } from './events.fixtures';
import { EventPipeline } from './pipeline.service';

/** An error as the SQLite driver raises it. */
const storeError = (message: string, code: string) => Object.assign(new Error(message), { code });

/**
 * A writer that remembers ids, as the database does, and can be slowed down or made to fail: once
 * (`failNext`), always (`down`, probes too), or whenever a batch holds one of the `poison` ids.
 */
class FakeWriter implements BatchWriter {
  readonly seen = new Set<string>();
  readonly batches: number[] = [];
  readonly poison = new Set<string>();
  active = 0;
  maxActive = 0;
  delayMs = 0;
  attempts = 0;
  failNext: Error | undefined;
  down: Error | undefined;

  async probe(): Promise<void> {
    if (this.down) throw this.down;
  }

  async write(events: readonly PlatformEvent[]): Promise<BatchOutcome> {
    this.active += 1;
    this.attempts += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      await new Promise((r) => setTimeout(r, this.delayMs));
      const fail = this.failNext ?? this.down;
      this.failNext = undefined;
      if (fail) throw fail;
      const bad = events.find((e) => this.poison.has(e.id));
      if (bad) throw storeError(`CHECK constraint failed: ${bad.id}`, 'SQLITE_CONSTRAINT_CHECK');
      this.batches.push(events.length);
      const inserted = events.filter((e) => !this.seen.has(e.id));
      for (const e of inserted) this.seen.add(e.id);
      return { seq: this.batches.length, inserted, settledBets: 0 };
    } finally {
      this.active -= 1;
    }
  }
}

const logins = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ev.login({ id: `login-${from + i}` }));

let pipeline: EventPipeline | undefined;
afterEach(async () => {
  await pipeline?.stop();
  pipeline = undefined;
});

function open(writer: BatchWriter, options: Partial<ConstructorParameters<typeof EventPipeline>[1]> = {}) {
  pipeline = new EventPipeline(writer, { now: () => T0, maxBatch: 100, ...options });
  pipeline.start();
  return pipeline;
}

describe('EventPipeline', () => {
  it('refuses each bad event with its index and reason and keeps the good ones', async () => {
    const writer = new FakeWriter();
    const p = open(writer);
    const result = await p.submit([
      ev.login(),
      { ...ev.bet(), amount: -5 },
      'not an event',
      ev.bet({ betType: 'player_a' }),
      { ...ev.transfer(), type: 'transfer.unknown' },
      ev.transfer(),
    ]);
    expect(result.accepted).toBe(2);
    expect(result.duplicates).toBe(0);
    expect(result.refused).toEqual([
      { index: 1, id: 'tx-1', reason: expect.stringMatching(/^amount: /) },
      { index: 2, reason: expect.any(String) },
      { index: 3, id: 'tx-1', reason: 'betType: betType is not a bet of this game' },
      { index: 4, id: 'tr-1', reason: expect.stringMatching(/^type: /) },
    ]);
    expect([...writer.seen]).toEqual(['login-1', 'tr-1']);
  });

  it('refuses events stamped in the future', async () => {
    const p = open(new FakeWriter(), { maxFutureMs: 60_000 });
    const result = await p.submit([ev.login({ ts: T0 + 3_600_000 })]);
    expect(result.refused).toEqual([{ index: 0, id: 'login-1', reason: 'ts: in the future' }]);
  });

  it('counts events already stored as duplicates, not as accepted', async () => {
    const p = open(new FakeWriter());
    expect(await p.submit(logins(3))).toEqual({ accepted: 3, duplicates: 0, refused: [] });
    expect(await p.submit(logins(5))).toEqual({ accepted: 2, duplicates: 3, refused: [] });
    expect(p.stats.eventsTotal).toBe(5);
    expect(p.stats.duplicatesTotal).toBe(3);
  });

  it('acknowledges a submission only after the batches holding its events are written', async () => {
    const writer = new FakeWriter();
    writer.delayMs = 30;
    const p = open(writer);
    const result = await p.submit(logins(250));
    expect(result.accepted).toBe(250);
    expect(writer.seen.size).toBe(250);
    expect(writer.batches).toEqual([100, 100, 50]);
  });

  it('writes a lone submission at once when the store is idle, before any timer fires', async () => {
    const writer = new FakeWriter();
    let timerFired = false;
    let firedBeforeWrite: boolean | undefined;
    const write = writer.write.bind(writer);
    writer.write = (events) => {
      firedBeforeWrite ??= timerFired;
      return write(events);
    };
    const p = open(writer);
    setTimeout(() => (timerFired = true), 0);
    expect((await p.submit(logins(3))).accepted).toBe(3);
    expect(firedBeforeWrite).toBe(false);
  });

  it('puts the submissions of one turn of the event loop into one write', async () => {
    const writer = new FakeWriter();
    const p = open(writer);
    await Promise.all([p.submit(logins(2)), p.submit(logins(2, 10)), p.submit(logins(2, 20))]);
    expect(writer.batches).toEqual([6]);
  });

  it('batches what arrives while a write is in flight into the next write', async () => {
    const writer = new FakeWriter();
    writer.delayMs = 40;
    const p = open(writer);
    const first = p.submit(logins(3));
    await new Promise((r) => setTimeout(r, 5));
    const later = [p.submit(logins(2, 10))];
    await new Promise((r) => setTimeout(r, 5));
    later.push(p.submit(logins(2, 20)), p.submit(logins(2, 30)));
    await Promise.all([first, ...later]);
    expect(writer.batches).toEqual([3, 6]);
  });

  it('with a linger, waits that long for more events before a write that is not full', async () => {
    const writer = new FakeWriter();
    const p = open(writer, { lingerMs: 60 });
    const first = p.submit(logins(2));
    await new Promise((r) => setTimeout(r, 10));
    await Promise.all([first, p.submit(logins(2, 10))]);
    expect(writer.batches).toEqual([4]);
  });

  it('never writes two batches at once', async () => {
    const writer = new FakeWriter();
    writer.delayMs = 5;
    const p = open(writer, { maxBatch: 10 });
    await Promise.all([p.submit(logins(35)), p.submit(logins(35, 100)), p.submit(logins(35, 200))]);
    expect(writer.maxActive).toBe(1);
    expect(writer.seen.size).toBe(105);
  });

  it('makes submitters wait while too many events are queued', async () => {
    const writer = new FakeWriter();
    writer.delayMs = 20;
    const p = open(writer, { maxBatch: 50, maxQueued: 100 });
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, p.stats.queued)), 1);
    await Promise.all(Array.from({ length: 8 }, (_, i) => p.submit(logins(50, i * 50))));
    clearInterval(watch);
    expect(writer.seen.size).toBe(400);
    expect(peak).toBeLessThanOrEqual(100);
  });

  it('rejects the submissions of a batch the store failed, without splitting it, and keeps serving the next ones', async () => {
    const writer = new FakeWriter();
    writer.failNext = storeError('database or disk is full', 'SQLITE_FULL');
    const p = open(writer);
    await expect(p.submit(logins(3))).rejects.toThrow('disk is full');
    expect(writer.attempts).toBe(1);
    expect(await p.submit(logins(3))).toEqual({ accepted: 3, duplicates: 0, refused: [] });
    expect(p.stats.failedBatches).toBe(1);
  });

  it("refuses only the event that makes a write fail, by its index in its sender's batch, and stores every other event of every sender", async () => {
    const writer = new FakeWriter();
    writer.poison.add('bad');
    const p = open(writer);
    const [a, b, c] = await Promise.all([
      p.submit([ev.login({ id: 'a-0' }), ev.login({ id: 'bad' }), ev.login({ id: 'a-2' })]),
      p.submit([ev.login({ id: 'b-0' }), ev.login({ id: 'b-1' })]),
      p.submit([ev.login({ id: 'c-0' })]),
    ]);
    expect(a).toEqual({
      accepted: 2,
      duplicates: 0,
      refused: [{ index: 1, id: 'bad', reason: 'store: CHECK constraint failed: bad' }],
    });
    expect(b).toEqual({ accepted: 2, duplicates: 0, refused: [] });
    expect(c).toEqual({ accepted: 1, duplicates: 0, refused: [] });
    expect([...writer.seen].sort()).toEqual(['a-0', 'a-2', 'b-0', 'b-1', 'c-0']);
    expect(p.stats.refusedTotal).toBe(1);
    expect(p.stats.queued).toBe(0);
  });

  it('finds a bad event among thousands in a number of writes logarithmic in the batch', async () => {
    const writer = new FakeWriter();
    writer.poison.add('login-1234');
    const p = open(writer, { maxBatch: 5000 });
    const result = await p.submit(logins(4096));
    expect(result.accepted).toBe(4095);
    expect(result.refused).toEqual([expect.objectContaining({ index: 1234, id: 'login-1234' })]);
    expect(writer.attempts).toBeLessThanOrEqual(2 * 12 + 1);
  });

  it('fails, and never refuses, the events of a batch when the store does not write at all', async () => {
    const writer = new FakeWriter();
    // An error that does not say it is the store's: the split goes down to one event, and the probe then
    // shows the store does not write.
    writer.down = new Error('something odd');
    const p = open(writer);
    const results = await Promise.allSettled([p.submit(logins(8)), p.submit(logins(8, 100))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(p.stats.refusedTotal).toBe(0);
    expect(writer.attempts).toBeLessThanOrEqual(5);
    writer.down = undefined;
    expect((await p.submit(logins(8))).accepted).toBe(8);
  });

  it('streams the events stored by each batch, never the replays', async () => {
    const p = open(new FakeWriter());
    const streamed: string[] = [];
    const seqs: number[] = [];
    p.committed$.subscribe(({ seq, events }) => {
      seqs.push(seq);
      streamed.push(...events.map((e) => e.id));
    });
    await p.submit(logins(2));
    await p.submit(logins(3));
    expect(streamed).toEqual(['login-0', 'login-1', 'login-2']);
    expect(seqs).toEqual([1, 2]);
  });

  it("streams a batch's events at their commit, before the writer's roll-ups end and the submitter is answered", async () => {
    let finishRollUps: () => void = () => undefined;
    const writer: BatchWriter = {
      probe: async () => undefined,
      async write(events, committed) {
        const outcome = { seq: 1, inserted: [...events], settledBets: 0 };
        committed?.(outcome);
        await new Promise<void>((resolve) => (finishRollUps = resolve));
        return outcome;
      },
    };
    const p = open(writer);
    const streamed: number[] = [];
    p.committed$.subscribe((b) => streamed.push(b.events.length));
    let answered = false;
    const submitted = p.submit(logins(3)).then((r) => {
      answered = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(streamed).toEqual([3]);
    expect(p.stats.eventsTotal).toBe(3);
    expect(answered).toBe(false);
    finishRollUps();
    expect((await submitted).accepted).toBe(3);
    expect(streamed).toEqual([3]);
  });

  it('answers a batch as stored, once, when its writer fails after telling it committed', async () => {
    const writes: number[] = [];
    const writer: BatchWriter = {
      probe: async () => undefined,
      async write(events, committed) {
        writes.push(events.length);
        committed?.({ seq: writes.length, inserted: [...events], settledBets: 0 });
        throw storeError('disk I/O error', 'SQLITE_IOERR');
      },
    };
    const p = open(writer);
    const streamed: number[] = [];
    p.committed$.subscribe((b) => streamed.push(b.events.length));
    expect(await p.submit(logins(4))).toEqual({ accepted: 4, duplicates: 0, refused: [] });
    expect(writes).toEqual([4]);
    expect(streamed).toEqual([4]);
  });

  it('writes what is queued when stopped, then refuses new submissions', async () => {
    const writer = new FakeWriter();
    const p = open(writer, { lingerMs: 10_000 });
    const pending = p.submit(logins(5));
    await p.stop();
    expect((await pending).accepted).toBe(5);
    await expect(p.submit(logins(1))).rejects.toThrow('not running');
  });
});
