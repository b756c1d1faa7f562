import type { Observable, SchedulerLike } from 'rxjs';
import { LIVE_EVENTS } from '@dms/shared/contracts/live/events';
import { liveBatches } from '@/lib/live/liveBatches';
import type { LiveEvents } from '@/lib/live/liveEvents';
import type { TpEvent } from './state/tpModel';

/**
 * The Teen Patti monitor's one adapter to the live channel: its events through the connection's
 * {@link LiveEvents} (checked against the shared zod schema of each event), gathered in batches (one Redux
 * action per batch).
 */

export const TP_EVENTS = [
  LIVE_EVENTS.roundStarted,
  LIVE_EVENTS.betsPlaced,
  LIVE_EVENTS.roundSettled,
  LIVE_EVENTS.crossbetRaised,
  LIVE_EVENTS.crossbetUpdated,
] as const satisfies readonly TpEvent['type'][];

/** How long events are gathered before one batch reaches Redux (DESIGN.md section 6: 100–250 ms). */
export const TP_BUFFER_MS = 200;

/** The monitor's events, validated and tagged, one array per window that saw any (heavy ones in slices). */
export function tpBatches(
  source: LiveEvents,
  bufferMs = TP_BUFFER_MS,
  options?: { maxWeight?: number; scheduler?: SchedulerLike },
): Observable<TpEvent[]> {
  return liveBatches<TpEvent>(TP_EVENTS, source, bufferMs, options);
}
