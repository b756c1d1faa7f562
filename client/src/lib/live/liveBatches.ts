import {
  asyncScheduler,
  bufferTime,
  concat,
  concatMap,
  EMPTY,
  filter,
  from,
  map,
  merge,
  mergeMap,
  of,
  timer,
  type MonoTypeOperatorFunction,
  type Observable,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import {
  parseServerEvent,
  type ServerEventName,
  type ServerEventPayload,
} from '@dms/shared/contracts/live/events';
import type { LiveConnection } from './live';

/**
 * The monitors' path from the socket to Redux (STYLE.md "Real-time client"): each event's payloads checked
 * against the shared zod schema, tagged with their name, gathered over a window, one Redux action per batch;
 * a batch too heavy for one task (the burst after a stall) is handed over in slices, one task each.
 */

/** Where the raw payloads of an event come from (`connection.stream(name)`). */
export type LiveSource = (name: string) => Observable<unknown>;

/** A validated payload tagged with its event name, as the monitors' reducers take them. */
export interface TaggedEvent {
  type: ServerEventName;
  payload: unknown;
}

/** Payloads that failed their schema, by event (a wall screen logs them rather than draw garbage). */
const rejected = new Map<string, number>();

/** How many payloads of each event failed their schema since the page loaded. */
export function rejectedPayloads(): ReadonlyMap<string, number> {
  return rejected;
}

/** The payloads of one event that pass its schema; a payload that fails is counted and dropped. */
export function validatedStream<E extends ServerEventName>(
  event: E,
  source: LiveSource,
): Observable<ServerEventPayload<E>> {
  return source(event).pipe(
    mergeMap((payload) => {
      const parsed = parseServerEvent(event, payload);
      if (parsed.success) return of(parsed.data);
      const n = (rejected.get(event) ?? 0) + 1;
      rejected.set(event, n);
      // Once per event name, then every thousandth: enough to see in the console without flooding it.
      if (n === 1 || n % 1000 === 0)
        console.warn(`live: ${n} ${event} payload(s) refused by the contract`, parsed.error.issues[0]);
      return EMPTY;
    }),
  );
}

/**
 * Most units of work handed to a reducer in one task: a bet of a `bets:placed` payload counts one, any
 * other event one. At 1,000 events/s a 200 ms window weighs about 200; the burst a gateway sends when it
 * catches up after a stall can weigh tens of thousands, which reduced at once is a long task (over 50 ms)
 * that freezes the wall.
 */
export const BATCH_WEIGHT_MAX = 600;

/** The work an event gives a reducer: its bets, or one. */
export function eventWeight(event: { payload: unknown }): number {
  const bets = (event.payload as { bets?: unknown } | null)?.bets;
  return Array.isArray(bets) ? Math.max(1, bets.length) : 1;
}

/**
 * Consecutive slices of `items`, each weighing at most `max` (an item heavier than `max` alone is a slice
 * of its own): the order is kept and nothing is dropped.
 */
export function sliceByWeight<T>(items: readonly T[], weight: (item: T) => number, max: number): T[][] {
  const slices: T[][] = [];
  let current: T[] = [];
  let load = 0;
  for (const item of items) {
    const w = weight(item);
    if (current.length > 0 && load + w > max) {
      slices.push(current);
      current = [];
      load = 0;
    }
    current.push(item);
    load += w;
  }
  if (current.length > 0) slices.push(current);
  return slices;
}

/**
 * Passes light batches on as they are; splits a heavy one into slices of at most `max`, the first at once
 * and each next one in a task of its own (`scheduler`), so the browser paints and handles input between
 * them. Batches stay in order: one that arrives while slices are pending waits for them.
 */
export function splitHeavyBatches<T>(
  weight: (item: T) => number,
  max = BATCH_WEIGHT_MAX,
  scheduler: SchedulerLike = asyncScheduler,
): MonoTypeOperatorFunction<T[]> {
  return (source) =>
    source.pipe(
      concatMap((batch) => {
        const slices = sliceByWeight(batch, weight, max);
        if (slices.length <= 1) return of(batch);
        const [first, ...rest] = slices as [T[], ...T[][]];
        return concat(
          of(first),
          from(rest).pipe(concatMap((slice) => timer(0, scheduler).pipe(map(() => slice)))),
        );
      }),
    );
}

/**
 * The events named in `events`, validated and tagged, gathered for `bufferMs`: one array per window that
 * saw any event (a quiet window emits nothing), heavy windows split by {@link splitHeavyBatches}.
 */
export function liveBatches<T extends TaggedEvent>(
  events: readonly T['type'][],
  source: LiveSource,
  bufferMs: number,
  options: { maxWeight?: number; scheduler?: SchedulerLike } = {},
): Observable<T[]> {
  const tagged = events.map((type) =>
    validatedStream(type, source).pipe(map((payload) => ({ type, payload }) as T)),
  );
  return merge(...tagged).pipe(
    bufferTime(bufferMs),
    filter((batch) => batch.length > 0),
    splitHeavyBatches<T>(eventWeight, options.maxWeight, options.scheduler),
  );
}

/**
 * One subscription to a monitor's batches per live connection, shared by every mounted screen of it (a
 * console page kept alive behind another tab and a wall must not count each bet twice). `acquire` returns
 * the release; the last release unsubscribes.
 */
export function sharedFeed<T>(
  batches: (source: LiveSource) => Observable<T>,
): (connection: LiveConnection, deliver: (batch: T) => void) => () => void {
  const feeds = new Map<LiveConnection, { subscription: Subscription; users: number }>();
  return (connection, deliver) => {
    let feed = feeds.get(connection);
    if (!feed) {
      const subscription = batches((name) => connection.stream<unknown>(name)).subscribe(deliver);
      feed = { subscription, users: 0 };
      feeds.set(connection, feed);
    }
    feed.users += 1;
    return () => {
      const current = feeds.get(connection);
      if (!current) return;
      current.users -= 1;
      if (current.users === 0) {
        current.subscription.unsubscribe();
        feeds.delete(connection);
      }
    };
  };
}
