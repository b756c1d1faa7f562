import {
  LIVE_PACK,
  PACKED_EVENTS,
  SERVER_EVENT_SCHEMAS,
  isSeqEvent,
  type LivePack,
  type SeqEventName,
  type ServerEventName,
} from '@dms/shared/contracts/live/events';
import { LIVE_PERMISSION_CODES, accountRoom, liveRoom, liveTargets } from '@dms/shared/contracts/live/rooms';
import type { Logger } from '../logger/logger';
import type { LiveAudience, LivePublisher } from './live.publisher';
import type { LiveServer } from './live.server';

/** The rooms of an audience, or `'everyone'`. */
export function audienceRooms(to: LiveAudience): string[] | 'everyone' {
  switch (to.kind) {
    case 'everyone':
      return 'everyone';
    case 'account':
      return [accountRoom(to.accountId)];
    case 'scoped':
      if (!LIVE_PERMISSION_CODES.includes(to.permission))
        throw new Error(`${to.permission} is not a live screen's permission`);
      return [liveRoom(to.permission, to.provider)];
    case 'screen': {
      if (!LIVE_PERMISSION_CODES.includes(to.permission))
        throw new Error(`${to.permission} is not a live screen's permission`);
      return [...new Set(to.providers.flatMap((p) => liveTargets(to.permission, p)))];
    }
  }
}

const PROVIDER_ROOM = /^provider:(\d+|all)$/;
const LIVE_ROOM = /^live:([^:]+):(\d+|all)$/;

/**
 * Whether no socket is in two of `rooms`: a single room, or a screen's room for one provider beside that
 * screen's whole-scope room (a socket's scope is some providers or the whole scope, never both).
 */
export function disjointRooms(rooms: readonly string[]): boolean {
  if (rooms.length === 1) return true;
  if (rooms.length !== 2) return false;
  const [a, b] = rooms.map((room) => LIVE_ROOM.exec(room));
  return !!a && !!b && a[1] === b[1] && (a[2] === 'all') !== (b[2] === 'all');
}

/** A socket's provider scope, read from its provider rooms (kept current when its account's scope changes). */
export function scopeOfRooms(rooms: ReadonlySet<string>): number[] | 'all' {
  const out: number[] = [];
  for (const room of rooms) {
    const m = PROVIDER_ROOM.exec(room);
    if (!m) continue;
    if (m[1] === 'all') return 'all';
    out.push(Number(m[1]));
  }
  return out.sort((a, b) => a - b);
}

/**
 * {@link LivePublisher} over socket.io: checks the payload against the contract's schema, then emits it
 * to the rooms of its audience (a socket in several of them receives it once). The rooms are those the
 * live server puts each socket in by permission and provider (`live.rooms.ts`). The round streams
 * ({@link PACKED_EVENTS}) published in one turn of the event loop for the same rooms go out together as one
 * `live:pack` message at the end of that turn (one event alone goes out as itself), in publish order for
 * each room set (rooms no socket shares each on its own: {@link disjointRooms}); across room sets, in the
 * order each was first published to, so a socket in several provider rooms may get a table's bets of one
 * provider before the round's start sent to another (the monitors take a round from whichever comes first).
 */
export function socketPublisher(
  io: Pick<LiveServer, 'emit' | 'to' | 'of' | 'local'>,
  logger: Logger,
  /**
   * Where findings and alert changes (events with a store `seq`) go instead of a room broadcast: each
   * socket's {@link SeqGate}, so that a resume and the live stream never leave a gap or send twice.
   */
  seq?: (event: SeqEventName, payload: unknown, rooms: string[]) => void,
): LivePublisher {
  /** The payload as its schema reads it, or undefined (logged) when it does not match. */
  const check = (event: ServerEventName, payload: unknown): unknown => {
    const checked = SERVER_EVENT_SCHEMAS[event].safeParse(payload);
    if (checked.success) return checked.data;
    logger.error(
      { event, issues: checked.error.issues },
      'live: a payload does not match its schema; not sent',
    );
    return undefined;
  };
  /** The packs of this turn of the event loop, by room set, in the order each was first published to. */
  let packs = new Map<string, { rooms: string[]; entries: LivePack }>();
  const sendPacks = () => {
    const ready = packs;
    packs = new Map();
    for (const { rooms, entries } of ready.values()) {
      const [only] = entries;
      if (entries.length === 1 && only) io.to(rooms).emit(only[0], only[1]);
      else io.to(rooms).emit(LIVE_PACK, entries);
    }
  };
  const pack = (event: ServerEventName, data: unknown, rooms: string[]) => {
    if (packs.size === 0) setImmediate(sendPacks);
    // Rooms no socket shares are packed each on its own: a socket of one room gets everything of the turn in
    // one message, in publish order.
    for (const target of disjointRooms(rooms) ? rooms.map((room) => [room]) : [rooms]) {
      const key = target.join('\n');
      const pending = packs.get(key);
      if (pending) pending.entries.push([event, data]);
      else packs.set(key, { rooms: target, entries: [[event, data]] });
    }
  };
  return {
    publish: (event, payload, to) => {
      const data = check(event, payload);
      if (data === undefined) return;
      let rooms: string[] | 'everyone';
      try {
        rooms = audienceRooms(to);
      } catch (err) {
        logger.error({ err, event }, 'live: bad audience; not sent');
        return;
      }
      if (rooms === 'everyone') io.emit(event, data);
      else if (rooms.length === 0) return;
      else if (seq && isSeqEvent(event)) seq(event, data, rooms);
      else if (PACKED_EVENTS.includes(event)) pack(event, data, rooms);
      else io.to(rooms).emit(event, data);
    },
    publishByScope: (event, payloadFor) => {
      const groups = new Map<string, { scope: number[] | 'all'; ids: string[] }>();
      for (const socket of io.of('/').sockets.values()) {
        const scope = scopeOfRooms(socket.rooms);
        const key = scope === 'all' ? 'all' : scope.join(',');
        const group = groups.get(key);
        if (group) group.ids.push(socket.id);
        else groups.set(key, { scope, ids: [socket.id] });
      }
      for (const { scope, ids } of groups.values()) {
        const data = check(event, payloadFor(scope));
        if (data !== undefined) io.local.to(ids).emit(event, data);
      }
    },
  };
}
