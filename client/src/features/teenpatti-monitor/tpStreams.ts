import { bufferTime, EMPTY, filter, map, merge, mergeMap, of, type Observable } from 'rxjs';
import {
  LIVE_EVENTS,
  parseServerEvent,
  type ServerEventName,
  type ServerEventPayload,
} from '@dms/shared/contracts/live/events';
import type { TpEvent } from './state/tpModel';

/**
 * The Teen Patti monitor's one adapter to the live channel: `live.stream(name)` checked against the shared
 * zod schema of its event, gathered in batches (one Redux action per batch).
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

let refused = 0;

/** The payloads of one event that pass its schema; the others are dropped (and logged now and then). */
export function validatedStream<E extends ServerEventName>(
  event: E,
  source: (name: string) => Observable<unknown>,
): Observable<ServerEventPayload<E>> {
  return source(event).pipe(
    mergeMap((payload) => {
      const parsed = parseServerEvent(event, payload);
      if (parsed.success) return of(parsed.data);
      refused += 1;
      if (refused === 1 || refused % 1000 === 0)
        console.warn(
          `live: ${refused} payload(s) refused by the contract (${event})`,
          parsed.error.issues[0],
        );
      return EMPTY;
    }),
  );
}

/** The monitor's events, validated and tagged, one array per window that saw any. */
export function tpBatches(
  source: (name: string) => Observable<unknown>,
  bufferMs = TP_BUFFER_MS,
): Observable<TpEvent[]> {
  const tagged = TP_EVENTS.map((type) =>
    validatedStream(type, source).pipe(map((payload) => ({ type, payload }) as TpEvent)),
  );
  return merge(...tagged).pipe(
    bufferTime(bufferMs),
    filter((batch) => batch.length > 0),
  );
}
