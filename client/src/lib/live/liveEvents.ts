import type { Observable } from 'rxjs';
import {
  animationFrameScheduler,
  bufferTime,
  filter,
  map,
  observeOn,
  share,
  Subject,
  type MonoTypeOperatorFunction,
  type OperatorFunction,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import {
  LIVE_COMMANDS,
  LIVE_VERSION,
  SEQ_EVENTS,
  isSeqEvent,
  liveResumedSchema,
  parseServerEvent,
  type LiveResume,
  type LiveResumed,
  type ServerEventName,
  type ServerEventPayload,
} from '@dms/shared/contracts/live/events';
import { live, type ConnectionState, type LiveConnection } from './live';

/** Why a pushed payload was dropped: another contract version, or not the shape of its event. */
export type InvalidReason = 'version' | 'schema';

/** A dropped payload, for the error log and the tests. */
export interface InvalidEvent {
  event: ServerEventName;
  reason: InvalidReason;
}

/**
 * What the client knows after a (re)connect about the findings and alerts it may have missed:
 * - `resumed`: the gateway replayed what came after the last `seq` seen, into the same streams, before the
 *   live ones: nothing was missed.
 * - `truncated`: more was missed than one resume sends: lists must be read again from the REST endpoints.
 * - `unknown`: no `seq` was seen yet on this session (or the resume failed): nothing can be replayed, so
 *   lists and counts must be read again (they then hold everything up to now).
 */
export type ResyncOutcome =
  | { kind: 'resumed'; replayed: number; upTo: number }
  | { kind: 'truncated'; replayed: number; upTo: number }
  | { kind: 'unknown' };

/** A payload passed on (as its schema parsed it), or dropped. */
type Checked = { ok: true; data: unknown } | { ok: false };

/** Seqs remembered to drop a change received twice (replayed and live), as the gateway's own gate does. */
const SEEN_MEMORY = 4096;

export interface LiveEventsOptions {
  /**
   * Whether to send `live:resume` after every reconnect (the default), listening to findings and alerts
   * from the start so that the last `seq` is always known. Without it, they are listened to only while
   * subscribed, and {@link LiveEvents.resync$} never emits: for a socket whose screen resumes by itself or
   * reloads its lists after a reconnect (a wall's), where a second resume would be refused (one at a time
   * per socket) or move the gateway's floor past what the other asked for.
   */
  resume?: boolean;
}

/**
 * The live channel's events, typed and validated (STYLE.md "Real-time client"). Every payload is checked
 * against its shared zod schema and the contract version; an invalid one is dropped and counted, never
 * passed on. Findings and alerts (events with a store `seq`) are de-duplicated by `seq`, and after every
 * reconnect — a network drop or a gateway restart — `live:resume` is sent with the last `seq` seen, so the
 * gateway replays what was missed into the same streams before the live ones: no gap, no duplicate (unless
 * made with `resume: false`, {@link LiveEventsOptions}). One per connection: {@link liveEventsFor}.
 */
export class LiveEvents {
  private readonly seqStreams = new Map<ServerEventName, Observable<unknown>>();
  private readonly plain = new Map<ServerEventName, Observable<unknown>>();
  private readonly invalidSubject = new Subject<InvalidEvent>();
  private readonly resyncSubject = new Subject<ResyncOutcome>();
  private readonly counts = { version: 0, schema: 0 };
  private readonly invalidByEvent = new Map<ServerEventName, number>();
  private readonly seen = new Set<number>();
  /** Everything up to this `seq` was seen or replayed (the `after` of the last resume). */
  private floor = -1;
  private last: number | undefined;
  private readonly subscriptions: Subscription[] = [];

  /** Payloads dropped as invalid. */
  readonly invalid$: Observable<InvalidEvent> = this.invalidSubject.asObservable();
  /** After every connect: whether what was missed was replayed, or lists must be read again. */
  readonly resync$: Observable<ResyncOutcome> = this.resyncSubject.asObservable();

  constructor(
    private readonly connection: LiveConnection,
    options: LiveEventsOptions = {},
  ) {
    const resumes = options.resume ?? true;
    for (const event of SEQ_EVENTS) {
      const stream = this.checked(event, (payload) => this.acceptSeq(event, payload));
      this.seqStreams.set(event, stream);
      // Findings and alerts are listened to whoever subscribes, so the last `seq` is always known.
      if (resumes) this.subscriptions.push(stream.subscribe());
    }
    let previous: ConnectionState = connection.state;
    this.subscriptions.push(
      connection.connectionState$.subscribe((state) => {
        if (state === 'idle') this.reset();
        if (resumes && state === 'connected' && previous !== 'connected') void this.resume();
        previous = state;
      }),
    );
  }

  /** The payloads of `event`, validated. Subscriptions outlive reconnects; several subscribers share one listener. */
  events<E extends ServerEventName>(event: E): Observable<ServerEventPayload<E>> {
    const seq = this.seqStreams.get(event);
    if (seq) return seq as Observable<ServerEventPayload<E>>;
    let stream = this.plain.get(event);
    if (!stream) {
      stream = this.checked(event, (payload) => this.validate(event, payload));
      this.plain.set(event, stream);
    }
    return stream as Observable<ServerEventPayload<E>>;
  }

  /** Payloads dropped so far, by reason. */
  get invalidCounts(): Readonly<{ version: number; schema: number }> {
    return { ...this.counts };
  }

  /** The highest store `seq` seen on this session (undefined before the first). */
  get lastSeq(): number | undefined {
    return this.last;
  }

  /**
   * A list read from the REST API holds every change up to `seq`: later resumes start from there at the
   * earliest. (Calling it is optional: without it the first live change sets the starting point.)
   */
  noteSeen(seq: number): void {
    if (Number.isInteger(seq) && seq >= 0) this.last = Math.max(this.last ?? 0, seq);
  }

  /** Stops listening (tests). */
  dispose(): void {
    for (const s of this.subscriptions) s.unsubscribe();
    this.subscriptions.length = 0;
  }

  /** The payloads of `event` that `check` accepts, as it returns them; one socket listener for all subscribers. */
  private checked(event: ServerEventName, check: (payload: unknown) => Checked): Observable<unknown> {
    return this.connection.stream<unknown>(event).pipe(
      map(check),
      filter((p): p is { ok: true; data: unknown } => p.ok),
      map((p) => p.data),
      share(),
    );
  }

  private validate(event: ServerEventName, payload: unknown): Checked {
    const parsed = parseServerEvent(event, payload);
    if (parsed.success) return { ok: true, data: parsed.data };
    // Each schema pins its payload's `v`: a payload of another version is told apart from a malformed one.
    const version = (payload as { v?: unknown } | null)?.v;
    this.drop(event, version === LIVE_VERSION ? 'schema' : 'version', parsed.error.issues[0]);
    return { ok: false };
  }

  private drop(event: ServerEventName, reason: InvalidReason, issue: unknown): void {
    this.counts[reason] += 1;
    const n = (this.invalidByEvent.get(event) ?? 0) + 1;
    this.invalidByEvent.set(event, n);
    // Once per event name, then every thousandth: enough to see in the browser's console (a wall screen has
    // no error log) without flooding it.
    if (n === 1 || n % 1000 === 0) console.warn(`live: ${n} ${event} payload(s) dropped (${reason})`, issue);
    this.invalidSubject.next({ event, reason });
  }

  /** A finding or alert change: validated, and passed on unless its `seq` was seen or resumed past. */
  private acceptSeq(event: ServerEventName, payload: unknown): Checked {
    const checked = this.validate(event, payload);
    if (!checked.ok || !isSeqEvent(event)) return { ok: false };
    const seq = (checked.data as { seq: number }).seq;
    if (seq <= this.floor || this.seen.has(seq)) return { ok: false };
    this.seen.add(seq);
    if (this.seen.size > SEEN_MEMORY) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    this.last = Math.max(this.last ?? 0, seq);
    return checked;
  }

  /** After a connect: asks for what came after the last `seq` seen (replayed into the same streams). */
  private async resume(): Promise<void> {
    const after = this.last;
    if (after === undefined) {
      this.resyncSubject.next({ kind: 'unknown' });
      return;
    }
    this.floor = Math.max(this.floor, after);
    const command: LiveResume = { v: LIVE_VERSION, after };
    try {
      const reply = liveResumedSchema.parse(
        await this.connection.request<LiveResumed>(LIVE_COMMANDS.resume, command),
      );
      this.last = Math.max(this.last ?? 0, reply.upTo);
      this.resyncSubject.next({
        kind: reply.truncated ? 'truncated' : 'resumed',
        replayed: reply.replayed,
        upTo: reply.upTo,
      });
    } catch {
      // Refused, timed out or dropped again: the next connect resumes again; meanwhile lists reload.
      if (this.connection.state === 'connected') this.resyncSubject.next({ kind: 'unknown' });
    }
  }

  /** A new session (or none): nothing seen yet. */
  private reset(): void {
    this.seen.clear();
    this.floor = -1;
    this.last = undefined;
  }
}

/**
 * Batches a high-rate stream: what arrived in `ms` (100–250 ms) becomes one array, delivered on the next
 * animation frame so a burst costs one dispatch and at most one render per frame. Empty windows emit nothing.
 */
export function batched<T>(
  ms = 150,
  frameScheduler: SchedulerLike = animationFrameScheduler,
): OperatorFunction<T, T[]> {
  return (source) => source.pipe(gathered<T>(ms), observeOn(frameScheduler) as MonoTypeOperatorFunction<T[]>);
}

/** What arrived in each window of `ms` as one array, when the timer ends it; an empty window emits nothing. */
export function gathered<T>(ms: number): OperatorFunction<T, T[]> {
  return (source) =>
    source.pipe(
      bufferTime(ms),
      filter((batch) => batch.length > 0),
    );
}

/** The client's validated live events (`liveEvents.events('alert:raised')`), over the one connection. */
export const liveEvents = new LiveEvents(live);

const byConnection = new WeakMap<LiveConnection, LiveEvents>([[live, liveEvents]]);

/**
 * The one {@link LiveEvents} of a connection, made at the first call: {@link liveEvents} for the console's
 * socket; for another (a wall's own), one that does not resume ({@link LiveEventsOptions.resume}), since
 * the wall's screens resume or reload by themselves.
 */
export function liveEventsFor(connection: LiveConnection): LiveEvents {
  let events = byConnection.get(connection);
  if (!events) {
    events = new LiveEvents(connection, { resume: false });
    byConnection.set(connection, events);
  }
  return events;
}
