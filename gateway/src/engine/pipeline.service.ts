import {
  Subject,
  bufferTime,
  concatMap,
  filter,
  map,
  mergeMap,
  type Observable,
  type Subscription,
} from 'rxjs';
import {
  checkPlatformEvent,
  type IngestResult,
  type PlatformEvent,
  type RefusedEvent,
} from '@dms/shared/contracts/events/platform';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Logger } from '../platform/logger/logger';
import type { BatchWriter } from './batch.service';

/**
 * The one pipeline every platform event goes through, whatever its source:
 *
 *   submit → validate (zod; each bad event refused with its index and reason)
 *          → bufferTime(bufferMs, maxBatch) → concatMap(write one batch in one transaction)
 *          → committed$ (the events stored now) and the submitters' acknowledgements.
 *
 * `concatMap` keeps batches from overlapping; the number of events accepted but not yet committed is
 * bounded by `maxQueued`: `submit` waits for room before it enqueues, so a fast source (the backfill, a
 * burst of HTTP batches) slows down to the speed of the database instead of filling the memory.
 */

export interface PipelineOptions {
  /** Longest wait before a partial batch is written, ms (100–250). */
  bufferMs: number;
  /** Most events in one batch (one transaction). */
  maxBatch: number;
  /** Most events accepted and not yet committed; `submit` waits above it. */
  maxQueued: number;
  /** Events stamped further than this in the future are refused, ms. */
  maxFutureMs: number;
  now: () => number;
  logger?: Logger | undefined;
}

/** Default tuning: 150 ms buffers of up to 5000 events, 100k events queued at most. */
export const DEFAULT_PIPELINE_OPTIONS: Omit<PipelineOptions, 'now' | 'logger'> = {
  bufferMs: 150,
  maxBatch: 5000,
  maxQueued: 100_000,
  maxFutureMs: 10 * 60_000,
};

/** Counters of the pipeline, for the feed status. */
export interface PipelineStats {
  /** Events stored since start (replays not counted). */
  eventsTotal: number;
  /** Events refused by validation since start. */
  refusedTotal: number;
  /** Events received again (already stored) since start. */
  duplicatesTotal: number;
  batches: number;
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
    else this.resolve({ accepted: this.accepted, duplicates: this.duplicates, refused: this.refused });
  }
}

/** The events one write transaction stored, in batch order, after its commit. */
export interface CommittedBatch {
  events: readonly PlatformEvent[];
}

interface Submission {
  raw: readonly unknown[];
  ticket: Ticket;
}

interface Item {
  event: PlatformEvent;
  ticket: Ticket;
}

/** The event pipeline. Create, `start()`, `submit()` from any source, `stop()` to drain. */
export class EventPipeline {
  private readonly input = new Subject<Submission>();
  private readonly stored = new Subject<CommittedBatch>();
  private subscription: Subscription | undefined;
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

  /** Starts consuming submissions. */
  start(): void {
    if (this.subscription) return;
    const { bufferMs, maxBatch } = this.options;
    this.subscription = this.input
      .pipe(
        map((s) => this.validate(s)),
        mergeMap((items) => items),
        bufferTime(bufferMs, null, maxBatch),
        filter((batch) => batch.length > 0),
        concatMap((batch) => this.write(batch)),
      )
      .subscribe({
        error: (err: unknown) => this.options.logger?.error({ err }, 'event pipeline stopped'),
        complete: () => this.drained?.(),
      });
  }

  /**
   * Validates and enqueues a batch of raw events; resolves once every accepted event is committed (or
   * was already stored), with the refusals by index. Rejects if a batch holding its events failed to
   * commit (nothing of that batch is stored; a retry is safe).
   */
  async submit(raw: readonly unknown[]): Promise<IngestResult> {
    if (!this.subscription || this.stopping) throw new Error('the event pipeline is not running');
    while (this.statsValue.queued > 0 && this.statsValue.queued + raw.length > this.options.maxQueued) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    // Counted before validation so that the room taken is known at once; refusals give it back.
    this.statsValue.queued += raw.length;
    const ticket = new Ticket(raw.length, []);
    this.input.next({ raw, ticket });
    return ticket.promise;
  }

  /** Stops accepting, writes what is queued, and resolves when the last batch is committed. */
  stop(): Promise<void> {
    this.stopping ??= new Promise<void>((resolve) => {
      if (!this.subscription) return resolve();
      this.drained = resolve;
      this.input.complete();
    }).then(() => {
      this.stored.complete();
      for (const wake of this.waiting.splice(0)) wake();
    });
    return this.stopping;
  }

  private validate(s: Submission): Item[] {
    const items: Item[] = [];
    const latest = this.options.now() + this.options.maxFutureMs;
    s.raw.forEach((raw, index) => {
      const check = checkPlatformEvent(raw);
      if (!check.ok) {
        s.ticket.refused.push({
          index,
          ...(check.id !== undefined ? { id: check.id } : {}),
          reason: check.reason,
        });
      } else if (check.event.ts > latest) {
        s.ticket.refused.push({ index, id: check.event.id, reason: 'ts: in the future' });
      } else {
        items.push({ event: check.event, ticket: s.ticket });
      }
    });
    const refused = s.raw.length - items.length;
    if (refused > 0) {
      this.statsValue.refusedTotal += refused;
      this.release(refused);
      s.ticket.done(refused);
    }
    return items;
  }

  private async write(batch: Item[]): Promise<void> {
    const events = batch.map((i) => i.event);
    try {
      const outcome = await this.writer.write(events);
      const inserted = new Set<PlatformEvent>(outcome.inserted);
      let lastTs = this.statsValue.lastEventAt ?? 0;
      for (const item of batch) {
        if (inserted.has(item.event)) {
          item.ticket.accepted += 1;
          if (item.event.ts > lastTs) lastTs = item.event.ts;
        } else {
          item.ticket.duplicates += 1;
        }
      }
      const s = this.statsValue;
      s.batches += 1;
      s.eventsTotal += inserted.size;
      s.duplicatesTotal += batch.length - inserted.size;
      if (inserted.size > 0) s.lastEventAt = lastTs;
      this.rate.push({ at: this.options.now(), n: inserted.size });
      if (this.rate.length > 10_000) this.rate.splice(0, 5000);
      this.release(batch.length);
      this.ack(batch);
      if (outcome.inserted.length > 0) this.stored.next({ events: outcome.inserted });
    } catch (err) {
      this.statsValue.failedBatches += 1;
      this.options.logger?.error({ err, events: batch.length }, 'writing an event batch failed');
      for (const item of batch) item.ticket.failure ??= err;
      this.release(batch.length);
      this.ack(batch);
    }
    // better-sqlite3 answers synchronously, so back-to-back batches would run as one chain of microtasks
    // and starve the event loop: HTTP and socket.io wait until a backfill ends. One macrotask turn per batch
    // lets them in.
    await yieldToEventLoop();
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
