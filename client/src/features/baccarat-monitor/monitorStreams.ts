import type { Observable, SchedulerLike } from 'rxjs';
import { LIVE_EVENTS } from '@dms/shared/contracts/live/events';
import { live, type ConnectionState, type LiveConnection } from '@/lib/live/live';
import { liveBatches } from '@/lib/live/liveBatches';
import { liveEvents, type LiveEvents } from '@/lib/live/liveEvents';
import type { MonitorEvent } from './state/monitorModel';

/**
 * The monitor's one adapter to the live channel: its events through `lib/live`'s validated
 * ({@link LiveEvents}), batched path.
 * Everything else of the feature reads these observables only.
 */

/** The events the baccarat monitor listens to. */
export const MONITOR_EVENTS = [
  LIVE_EVENTS.roundStarted,
  LIVE_EVENTS.betsPlaced,
  LIVE_EVENTS.roundSettled,
  LIVE_EVENTS.crossbetRaised,
  LIVE_EVENTS.crossbetUpdated,
  LIVE_EVENTS.alertRaised,
  LIVE_EVENTS.alertAcknowledged,
  LIVE_EVENTS.alertResolved,
] as const satisfies readonly MonitorEvent['type'][];

/** How long the client gathers events before one batch reaches Redux (DESIGN.md section 6: 100–250 ms). */
export const MONITOR_BUFFER_MS = 200;

/**
 * The monitor's events, validated and tagged with their name, gathered for {@link MONITOR_BUFFER_MS}:
 * one array per window that saw any event (an empty window emits nothing); a burst too heavy for one task
 * comes in slices ({@link liveBatches}).
 */
export function monitorBatches(
  source: LiveEvents = liveEvents,
  bufferMs = MONITOR_BUFFER_MS,
  options?: { maxWeight?: number; scheduler?: SchedulerLike },
): Observable<MonitorEvent[]> {
  return liveBatches<MonitorEvent>(MONITOR_EVENTS, source, bufferMs, options);
}

/** The live connection's state (to reload the starting picture after a reconnect). */
export function connectionState(connection: LiveConnection = live): Observable<ConnectionState> {
  return connection.connectionState$;
}
