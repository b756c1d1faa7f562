import { SERVER_EVENT_SCHEMAS } from '@dms/shared/contracts/live/events';
import { LIVE_PERMISSION_CODES, accountRoom, liveTargets } from '@dms/shared/contracts/live/rooms';
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
    case 'screen': {
      if (!LIVE_PERMISSION_CODES.includes(to.permission))
        throw new Error(`${to.permission} is not a live screen's permission`);
      return [...new Set(to.providers.flatMap((p) => liveTargets(to.permission, p)))];
    }
  }
}

/**
 * {@link LivePublisher} over socket.io: checks the payload against the contract's schema, then emits it
 * to the rooms of its audience (a socket in several of them receives it once). The rooms are those the
 * live server puts each socket in by permission and provider (`live.rooms.ts`).
 */
export function socketPublisher(io: Pick<LiveServer, 'emit' | 'to'>, logger: Logger): LivePublisher {
  return {
    publish: (event, payload, to) => {
      const checked = SERVER_EVENT_SCHEMAS[event].safeParse(payload);
      if (!checked.success) {
        logger.error(
          { event, issues: checked.error.issues },
          'live: a payload does not match its schema; not sent',
        );
        return;
      }
      let rooms: string[] | 'everyone';
      try {
        rooms = audienceRooms(to);
      } catch (err) {
        logger.error({ err, event }, 'live: bad audience; not sent');
        return;
      }
      if (rooms === 'everyone') io.emit(event, checked.data);
      else if (rooms.length > 0) io.to(rooms).emit(event, checked.data);
    },
  };
}
