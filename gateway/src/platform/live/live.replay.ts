import type { AlertChanged, SeqEventName, ServerEventPayload } from '@dms/shared/contracts/live/events';

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

/** A position in event-time order: the time, then the store's number. */
export interface EventPosition {
  at: number;
  seq: number;
}

/**
 * What the monitor's period replay (`GET /live/replay`) reads of the risk store: the alerts raised in a
 * period and the cross-bet groups each settled round is evidence of. Implemented over the risk store's
 * tables; until then {@link noRiskHistory}.
 */
export interface PeriodReplaySource {
  /**
   * Alerts raised (`raisedAt`, event time) in `[from, to)`, as their `alert:raised` payloads (state as
   * raised), after `after` in (`raisedAt`, `seq`) order, at most `limit`.
   */
  alertsBetween(q: {
    from: number;
    to: number;
    after: EventPosition | null;
    limit: number;
  }): Promise<AlertChanged[]>;
  /** The cross-bet group ids each of these rounds is evidence of (rounds of no group are absent). */
  flaggedRounds(roundIds: readonly string[]): Promise<Map<string, string[]>>;
}

/** A period replay source with no alerts and no flagged rounds (no risk store yet). */
export const noRiskHistory: PeriodReplaySource = {
  alertsBetween: () => Promise.resolve([]),
  flaggedRounds: () => Promise.resolve(new Map()),
};
