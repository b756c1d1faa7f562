import {
  SERVER_EVENT_SCHEMAS,
  isSeqEvent,
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
 * live server puts each socket in by permission and provider (`live.rooms.ts`).
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
