import { Subject, type Observable } from 'rxjs';
import {
  checkPlatformEvent,
  type IngestResult,
  type PlatformEvent,
  type RefusedEvent,
} from '@dms/shared/contracts/events/platform';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Logger } from '../platform/logger/logger';
import { storeFailureKind, storeRefusalReason } from '../platform/db/db.failure';
import type { BatchOutcome, BatchWriter } from './batch.service';

/**
 * The one pipeline every platform event goes through, whatever its source:
 *
 *   submit → validate (each bad event refused with its index and reason) → queue
 *          → group commit: one write at a time, of everything queued (up to `maxBatch`)
 *          → committed$ (the events stored now, at their commit), then, once the writer added them to the
 *            roll-ups too, the submitters' acknowledgements.
 *
 * Group commit: when the store is idle, a submission is written at once (in the same turn of the event
 * loop as the submissions that came with it); what arrives while a write is in flight waits for it and
 * goes into the next write, together. So a lone sender waits one transaction, and under load batches grow
 * by themselves up to `maxBatch`, which keeps the cost per event of a commit (and of its sync to disk) low.
 * A fixed buffering window (`bufferTime`) would make every event wait the window, even on an idle store.
 *
 * The number of events accepted but not yet committed is bounded by `maxQueued`: `submit` waits for room
 * before it enqueues, so a fast source (the backfill, a burst of HTTP batches) slows down to the speed of
 * the database instead of filling the memory.
 */

export interface PipelineOptions {
  /**
   * Extra time a write waits for more events when fewer than `maxBatch` are queued, ms. 0 (the default):
   * write at once when the store is idle.
   */
  lingerMs: number;
  /** Most events in one batch (one transaction). */
  maxBatch: number;
  /** Most events accepted and not yet committed; `submit` waits above it. */
  maxQueued: number;
  /** Events stamped further than this in the future are refused, ms. */
  maxFutureMs: number;
  now: () => number;
  logger?: Logger | undefined;
}

/** Default tuning: group commit without linger, batches of up to 5000 events, 100k events queued at most. */
export const DEFAULT_PIPELINE_OPTIONS: Omit<PipelineOptions, 'now' | 'logger'> = {
  lingerMs: 0,
  maxBatch: 5000,
  maxQueued: 100_000,
  maxFutureMs: 10 * 60_000,
};

/** Counters of the pipeline, for the feed status. */
export interface PipelineStats {
  /** Events stored since start (replays not counted). */
  eventsTotal: number;
  /** Events refused since start, by validation or by the store. */
  refusedTotal: number;
  /** Events received again (already stored) since start. */
  duplicatesTotal: number;
  /** Write transactions committed. */
  batches: number;
  /** Write transactions that failed (each failed part of a split batch counts). */
  failedBatches: number;
  /** `ts` of the newest stored event. */
  lastEventAt: number | null;
  /** Events accepted, not yet committed. */
  queued: number;
}

/** The acknowledgement of one submission. */
class Ticket {
  accepted = 0;
  duplicates = 0;
  remaining: number;
  failure: unknown;
  readonly promise: Promise<IngestResult>;
  private resolve!: (r: IngestResult) => void;
  private reject!: (err: unknown) => void;

  constructor(
    count: number,
    readonly refused: RefusedEvent[],
  ) {
    this.remaining = count;
    this.promise = new Promise<IngestResult>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    if (count === 0) this.settle();
  }

  done(n: number): void {
    this.remaining -= n;
    if (this.remaining === 0) this.settle();
  }

  private settle(): void {
    if (this.failure !== undefined) this.reject(this.failure);
    else {
      // Refusals of the store come after those of validation: the answer lists them by index.
      this.refused.sort((a, b) => a.index - b.index);
      this.resolve({ accepted: this.accepted, duplicates: this.duplicates, refused: this.refused });
    }
  }
}

/** The events one write transaction stored, in batch order, after its commit. */
export interface CommittedBatch {
  /** The transaction's commit sequence number. */
  seq: number;
  events: readonly PlatformEvent[];
}

interface Item {
  event: PlatformEvent;
  ticket: Ticket;
  /** Index of the event in its submission (how a refusal names it). */
  index: number;
  /** When it was queued (`performance.now()`), for the linger. */
  queuedAt: number;
}

/** The event pipeline. Create, `start()`, `submit()` from any source, `stop()` to drain. */
export class EventPipeline {
  private readonly stored = new Subject<CommittedBatch>();
  private readonly queue: Item[] = [];
  private running = false;
  /** Whether the write loop runs (or is about to): a submission then only joins the queue. */
  private writing = false;
  private readonly waiting: (() => void)[] = [];
  private readonly rate: { at: number; n: number }[] = [];
  private readonly options: PipelineOptions;
  private stopping: Promise<void> | undefined;
  private drained: (() => void) | undefined;
  private readonly statsValue: PipelineStats = {
    eventsTotal: 0,
    refusedTotal: 0,
    duplicatesTotal: 0,
    batches: 0,
    failedBatches: 0,
    lastEventAt: null,
    queued: 0,
  };

  /** Each committed batch, after its commit, in commit order; replays never appear. */
  readonly committed$: Observable<CommittedBatch> = this.stored.asObservable();

  constructor(
    private readonly writer: BatchWriter,
    options: Partial<PipelineOptions> & Pick<PipelineOptions, 'now'>,
  ) {
    this.options = { ...DEFAULT_PIPELINE_OPTIONS, ...options };
  }

  /** Counters since start. */
  get stats(): Readonly<PipelineStats> {
    return this.statsValue;
  }

  /** Events stored per second over the last `windowMs`. */
  eventsPerSec(windowMs = 5000): number {
    const since = this.options.now() - windowMs;
    while (this.rate.length > 0 && (this.rate[0]?.at ?? 0) < since) this.rate.shift();
    const n = this.rate.reduce((sum, r) => sum + r.n, 0);
    return n / (windowMs / 1000);
  }

  /** Starts accepting submissions. */
  start(): void {
    if (!this.stopping) this.running = true;
  }

  /**
   * Validates and enqueues a batch of raw events; resolves once every accepted event is committed (or
   * was already stored), with the refusals by index. Rejects if a batch holding its events failed to
   * commit (nothing of that batch is stored; a retry is safe).
   */
  async submit(raw: readonly unknown[]): Promise<IngestResult> {
    if (!this.running || this.stopping) throw new Error('the event pipeline is not running');
    while (this.statsValue.queued > 0 && this.statsValue.queued + raw.length > this.options.maxQueued) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    if (this.stopping) throw new Error('the event pipeline is not running');
    // Counted before validation so that the room taken is known at once; refusals give it back.
    this.statsValue.queued += raw.length;
    const ticket = new Ticket(raw.length, []);
    const at = performance.now();
    for (const item of this.validate(raw, ticket)) {
      item.queuedAt = at;
      this.queue.push(item);
    }
    this.kick();
    return ticket.promise;
  }

  /** Stops accepting, writes what is queued, and resolves when the last batch is committed. */
  stop(): Promise<void> {
    this.stopping ??= new Promise<void>((resolve) => {
      this.running = false;
      if (!this.writing && this.queue.length === 0) return resolve();
      this.drained = resolve;
      this.kick();
    }).then(() => {
      this.stored.complete();
      for (const wake of this.waiting.splice(0)) wake();
    });
    return this.stopping;
  }

  /**
   * Starts the write loop unless it runs. It starts on a microtask, so that the submissions made in the
   * same turn of the event loop (a source handing over several chunks at once) go into one write.
   */
  private kick(): void {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    queueMicrotask(() => {
      this.writeLoop().catch((err: unknown) => {
        // write() handles the store's failures itself: this is a bug, and the loop must not stay stuck.
        this.options.logger?.error({ err }, 'event pipeline: write loop failed');
        this.writing = false;
      });
    });
  }

  /** Writes what is queued, one transaction at a time, until the queue is empty. */
  private async writeLoop(): Promise<void> {
    const { maxBatch, lingerMs } = this.options;
    while (this.queue.length > 0) {
      if (lingerMs > 0 && this.queue.length < maxBatch && !this.stopping) {
        const wait = (this.queue[0]?.queuedAt ?? 0) + lingerMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      await this.write(this.queue.splice(0, maxBatch));
    }
    this.writing = false;
    if (this.stopping) this.drained?.();
  }

  private validate(raw: readonly unknown[], ticket: Ticket): Item[] {
    const items: Item[] = [];
    const latest = this.options.now() + this.options.maxFutureMs;
    raw.forEach((value, index) => {
      const check = checkPlatformEvent(value);
      if (!check.ok) {
        ticket.refused.push({
          index,
          ...(check.id !== undefined ? { id: check.id } : {}),
          reason: check.reason,
        });
      } else if (check.event.ts > latest) {
        ticket.refused.push({ index, id: check.event.id, reason: 'ts: in the future' });
      } else {
        items.push({ event: check.event, ticket, index, queuedAt: 0 });
      }
    });
    const refused = raw.length - items.length;
    if (refused > 0) {
      this.statsValue.refusedTotal += refused;
      this.release(refused);
      ticket.done(refused);
    }
    return items;
  }

  /**
   * Writes a batch in one transaction. When the transaction fails because of the data (not the store: see
   * {@link storeFailureKind}), the batch is split in halves and each is written again, in order, down to
   * the single event, so that every good event of every sender is stored and only the bad one is refused,
   * with the store's reason, by its index in its sender's batch. Before a lone event is refused, the store
   * must have shown that it writes (a part of this batch committed, or a probe transaction did); otherwise
   * the failure is the store's. A store failure ends the split: what the batch still holds is failed, and
   * its senders are told to retry (HTTP 503).
   */
  private async write(batch: Item[]): Promise<void> {
    const parts: Item[][] = [batch];
    let storeFailure: unknown;
    let storeWrites = false;
    for (let part = parts.pop(); part; part = parts.pop()) {
      if (storeFailure !== undefined) {
        this.fail(part, storeFailure);
        continue;
      }
      let published: BatchOutcome | undefined;
      try {
        const outcome = await this.writer.write(
          part.map((i) => i.event),
          (o) => {
            published = o;
            this.publish(o);
          },
        );
        if (!published) this.publish(outcome);
        this.committed(part, outcome);
        storeWrites = true;
        continue;
      } catch (err) {
        if (published) {
          // The batch committed (and was streamed) before the writer failed: it is stored, not to be split
          // or written again.
          this.options.logger?.error({ err }, 'event pipeline: the writer failed after its batch committed');
          this.committed(part, published);
          storeWrites = true;
          continue;
        }
        this.statsValue.failedBatches += 1;
        if (storeFailureKind(err) === 'store') {
          this.options.logger?.error({ err, events: part.length }, 'writing an event batch failed');
          storeFailure = err;
        } else if (part.length > 1) {
          this.options.logger?.warn(
            { err, events: part.length },
            'writing an event batch failed: splitting it to find the bad event',
          );
          const half = Math.ceil(part.length / 2);
          // Popped first half first: events keep their order.
          parts.push(part.slice(half), part.slice(0, half));
        } else if (storeWrites || (await this.storeWrites())) {
          storeWrites = true;
          this.refuse(part, err);
        } else {
          this.options.logger?.error({ err }, 'writing an event batch failed, and the store does not write');
          storeFailure = err;
        }
        if (storeFailure !== undefined) this.fail(part, storeFailure);
      }
    }
    // better-sqlite3 answers synchronously, so back-to-back batches would run as one chain of microtasks
    // and starve the event loop: HTTP and socket.io wait until a backfill ends. One macrotask turn per batch
    // lets them in.
    await yieldToEventLoop();
  }

  /** Whether a write transaction that stores nothing commits. */
  private async storeWrites(): Promise<boolean> {
    try {
      await this.writer.probe();
      return true;
    } catch (err) {
      this.options.logger?.error({ err }, 'the store does not write');
      return false;
    }
  }

  /**
   * Counts a committed write and emits its new events on `committed$`, as soon as they are committed (the
   * writer may still be adding them to the roll-ups).
   */
  private publish(outcome: BatchOutcome): void {
    const s = this.statsValue;
    s.batches += 1;
    s.eventsTotal += outcome.inserted.length;
    let lastTs = s.lastEventAt ?? 0;
    for (const e of outcome.inserted) if (e.ts > lastTs) lastTs = e.ts;
    if (outcome.inserted.length > 0) s.lastEventAt = lastTs;
    this.rate.push({ at: this.options.now(), n: outcome.inserted.length });
    if (this.rate.length > 10_000) this.rate.splice(0, 5000);
    if (outcome.inserted.length > 0) this.stored.next({ seq: outcome.seq, events: outcome.inserted });
  }

  /** Acknowledges the events of a written batch (committed, roll-ups included). */
  private committed(batch: Item[], outcome: BatchOutcome): void {
    const inserted = new Set<PlatformEvent>(outcome.inserted);
    for (const item of batch) {
      if (inserted.has(item.event)) item.ticket.accepted += 1;
      else item.ticket.duplicates += 1;
    }
    this.statsValue.duplicatesTotal += batch.length - inserted.size;
    this.release(batch.length);
    this.ack(batch);
  }

  /** Refuses one event that the store would not take, with the store's reason. */
  private refuse(part: Item[], err: unknown): void {
    const reason = storeRefusalReason(err);
    this.options.logger?.warn({ err }, 'the store refused an event');
    for (const item of part) {
      item.ticket.refused.push({ index: item.index, id: item.event.id, reason });
    }
    this.statsValue.refusedTotal += part.length;
    this.release(part.length);
    this.ack(part);
  }

  /** Fails the submissions holding these events (nothing of them is stored by this write). */
  private fail(part: Item[], err: unknown): void {
    for (const item of part) item.ticket.failure ??= err;
    this.release(part.length);
    this.ack(part);
  }

  /** Counts the batch's events done on their tickets (one call per ticket). */
  private ack(batch: Item[]): void {
    const perTicket = new Map<Ticket, number>();
    for (const item of batch) perTicket.set(item.ticket, (perTicket.get(item.ticket) ?? 0) + 1);
    for (const [ticket, n] of perTicket) ticket.done(n);
  }

  private release(n: number): void {
    this.statsValue.queued -= n;
    if (this.waiting.length > 0) for (const wake of this.waiting.splice(0)) wake();
  }
}
