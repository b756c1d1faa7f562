import { bufferTime, EMPTY, filter, map, merge, mergeMap, of, type Observable } from 'rxjs';
import {
  LIVE_EVENTS,
  parseServerEvent,
  type ServerEventName,
  type ServerEventPayload,
} from '@dms/shared/contracts/live/events';
import { live, type ConnectionState, type LiveConnection } from '@/lib/live/live';
import type { MonitorEvent } from './state/monitorModel';

/**
 * The monitor's one adapter to the live channel: `live.stream(name)` checked against the shared zod
 * schema of its event. Everything else of the feature reads these observables only, so that when
 * `lib/live` offers validated typed streams itself, this file alone changes.
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

/** Payloads that failed their schema, by event (a wall screen logs them rather than draw garbage). */
const rejected = new Map<string, number>();

/** How many payloads of each event failed their schema since the page loaded. */
export function rejectedPayloads(): ReadonlyMap<string, number> {
  return rejected;
}

/** The payloads of one event that pass its schema; a payload that fails is counted and dropped. */
export function validatedStream<E extends ServerEventName>(
  event: E,
  source: (name: string) => Observable<unknown> = (name) => live.stream<unknown>(name),
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
 * The monitor's events, validated and tagged with their name, gathered for {@link MONITOR_BUFFER_MS}:
 * one array per window that saw any event (an empty window emits nothing).
 */
export function monitorBatches(
  source?: (name: string) => Observable<unknown>,
  bufferMs = MONITOR_BUFFER_MS,
): Observable<MonitorEvent[]> {
  const tagged = MONITOR_EVENTS.map((type) =>
    validatedStream(type, source).pipe(map((payload) => ({ type, payload }) as MonitorEvent)),
  );
  return merge(...tagged).pipe(
    bufferTime(bufferMs),
    filter((batch) => batch.length > 0),
  );
}

/** The live connection's state (to reload the starting picture after a reconnect). */
export function connectionState(connection: LiveConnection = live): Observable<ConnectionState> {
  return connection.connectionState$;
}
