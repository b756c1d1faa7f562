import {
  asyncScheduler,
  concat,
  concatMap,
  from,
  map,
  merge,
  of,
  timer,
  type MonoTypeOperatorFunction,
  type Observable,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import type { ServerEventName } from '@dms/shared/contracts/live/events';
import type { LiveConnection } from './live';
import { gathered, liveEventsFor, type LiveEvents } from './liveEvents';

/**
 * The monitors' path from the socket to Redux (STYLE.md "Real-time client"): each event read through the
 * connection's {@link LiveEvents} (checked against the shared zod schema, an invalid payload dropped and
 * counted there; findings and alerts once each by `seq`), tagged with its name, gathered over a window, one
 * Redux action per batch; a batch too heavy for one task (the burst after a stall) is handed over in
 * slices, one task each.
 */

/** A validated payload tagged with its event name, as the monitors' reducers take them. */
export interface TaggedEvent {
  type: ServerEventName;
  payload: unknown;
}

/**
 * Most units of work handed to a reducer in one task: a bet of a `bets:placed` payload counts one, any
 * other event one. At 1,000 events/s a 200 ms window weighs about 200; the burst a gateway sends when it
 * catches up after a stall can weigh tens of thousands, which reduced at once is a long task (over 50 ms)
 * that freezes the wall. At 600, the window after a stall of half a second or more was still one task of
 * 59–65 ms (reduced and rendered) on bench-wall's two-core machine.
 */
export const BATCH_WEIGHT_MAX = 300;

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
 * The events named in `events`, read from `source` (validated, findings and alerts de-duplicated) and
 * tagged, gathered for `bufferMs`: one array per window that saw any event, in arrival order (a quiet
 * window emits nothing), heavy windows split by {@link splitHeavyBatches}.
 */
export function liveBatches<T extends TaggedEvent>(
  events: readonly T['type'][],
  source: LiveEvents,
  bufferMs: number,
  options: { maxWeight?: number; scheduler?: SchedulerLike } = {},
): Observable<T[]> {
  const tagged = events.map((type) => source.events(type).pipe(map((payload) => ({ type, payload }) as T)));
  return merge(...tagged).pipe(
    gathered<T>(bufferMs),
    splitHeavyBatches<T>(eventWeight, options.maxWeight, options.scheduler),
  );
}

/**
 * One subscription to a monitor's batches per live connection (read through the connection's
 * {@link liveEventsFor}), shared by every mounted screen of it (a console page kept alive behind another tab
 * and a wall must not count each bet twice). `acquire` returns the release; the last release unsubscribes.
 */
export function sharedFeed<T>(
  batches: (source: LiveEvents) => Observable<T>,
): (connection: LiveConnection, deliver: (batch: T) => void) => () => void {
  const feeds = new Map<LiveConnection, { subscription: Subscription; users: number }>();
  return (connection, deliver) => {
    let feed = feeds.get(connection);
    if (!feed) {
      const subscription = batches(liveEventsFor(connection)).subscribe(deliver);
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
