import type { SeqEventName, ServerEventPayload } from '@dms/shared/contracts/live/events';

/** A stored finding or alert change, as the live event it was pushed as. */
export type ReplayRecord = {
  [E in SeqEventName]: { event: E; payload: ServerEventPayload<E> };
}[SeqEventName];

/**
 * Where `live:resume` reads what a client missed: the risk store's findings and alert changes, each
 * stored with its own `seq` (a raise, an update, an acknowledgement and a resolution are four changes with
 * four numbers), in the order the store numbered them. Implemented over the risk store's tables; tests use a
 * fake. Records are returned with the payload they were (or would have been) pushed with; the live channel
 * filters them by each socket's screens and providers ({@link screensOf}).
 */
export interface LiveReplaySource {
  /** The changes stored with `seq > after`, ascending, at most `limit`. */
  after(after: number, limit: number): Promise<ReplayRecord[]>;
  /** The highest `seq` stored (0 when none). */
  head(): Promise<number>;
}
