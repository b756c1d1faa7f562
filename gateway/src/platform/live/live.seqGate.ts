import { LIVE_PERMISSION_CODES, liveRoom } from '@dms/shared/contracts/live/rooms';
import { screensOf, type SeqEventName, type ServerEventPayload } from '@dms/shared/contracts/live/events';
import type { ReplayRecord } from './live.replay';

/** Seqs remembered per socket to drop a change sent twice (by the replay and by the live stream). */
const SENT_MEMORY = 4096;

/** Whether a socket in `rooms` may receive a finding or alert change (its screens and providers). */
export function mayReceive(rooms: ReadonlySet<string>, record: ReplayRecord): boolean {
  const screens = screensOf(record.event, record.payload as never).filter((c) =>
    LIVE_PERMISSION_CODES.includes(c),
  );
  return screens.some(
    (code) =>
      rooms.has(liveRoom(code, 'all')) || record.payload.providers.some((p) => rooms.has(liveRoom(code, p))),
  );
}

/**
 * The order of findings and alerts on one socket: no gap, no duplicate. While a `live:resume` replays
 * from the store, live changes are held; after it, a change already replayed (or older than what the client
 * said it saw) is dropped, and the held ones follow in arrival order.
 */
export class SeqGate {
  /** The client saw every change up to this `seq` (its `live:resume`), or was sent them by the replay. */
  private after = 0;
  private held: ReplayRecord[] | null = null;
  private readonly sent = new Set<string>();

  constructor(private readonly send: (record: ReplayRecord) => void) {}

  private key(r: ReplayRecord): string {
    return `${r.event}:${r.payload.seq}`;
  }

  private deliver(r: ReplayRecord): boolean {
    if (r.payload.seq <= this.after && this.held === null) return false;
    const key = this.key(r);
    if (this.sent.has(key)) return false;
    this.sent.add(key);
    if (this.sent.size > SENT_MEMORY) {
      const oldest = this.sent.values().next().value;
      if (oldest !== undefined) this.sent.delete(oldest);
    }
    this.send(r);
    return true;
  }

  /** A live change for this socket. */
  live<E extends SeqEventName>(event: E, payload: ServerEventPayload<E>): void {
    const record = { event, payload } as ReplayRecord;
    if (this.held) this.held.push(record);
    else this.deliver(record);
  }

  /** A resume starts: the client saw everything up to `after`; live changes are held until {@link end}. */
  begin(after: number): void {
    this.after = Math.max(this.after, after);
    this.held ??= [];
  }

  /** Sends a stored change (ascending seq); whether it was sent (not seen before). */
  replay(record: ReplayRecord): boolean {
    if (record.payload.seq <= this.after) return false;
    const key = this.key(record);
    if (this.sent.has(key)) return false;
    this.sent.add(key);
    this.send(record);
    return true;
  }

  /** The replay reached `upTo`: held changes follow, without those it already sent. */
  end(upTo: number): void {
    const held = this.held ?? [];
    this.held = null;
    for (const r of held) if (!this.sent.has(this.key(r))) this.deliver(r);
    this.after = Math.max(this.after, upTo);
  }
}
