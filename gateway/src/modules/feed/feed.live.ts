import type { Subscription } from 'rxjs';
import { FEED_PROGRESSED, type FeedProgressed } from '@dms/shared/contracts/live/feed';
import type { LiveServer } from '../../platform/live/live.server';
import type { FeedService } from '../../feed/feed.service';
import { scopedFeedStatus, type FeedCounts } from './feed.scope';

const PROVIDER_ROOM = /^provider:(\d+|all)$/;

/** A socket's providers, read from its provider rooms (kept current when its account's scope changes). */
function providersOf(rooms: ReadonlySet<string>): number[] | 'all' {
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
 * Pushes the feed status as `feed:progressed` to this instance's signed-in sockets (every socket is signed
 * in: the handshake refuses others), at most once a second while it changes, each with the event counts of
 * its own providers. Each push carries a sequence number that grows by one.
 */
export function publishFeedProgress(
  io: Pick<LiveServer, 'of' | 'local'>,
  feed: Pick<FeedService, 'status$'>,
  counts: FeedCounts,
): Subscription {
  let seq = 0;
  return feed.status$.subscribe((status) => {
    seq += 1;
    const groups = new Map<string, { providers: number[] | 'all'; ids: string[] }>();
    for (const socket of io.of('/').sockets.values()) {
      const providers = providersOf(socket.rooms);
      const key = providers === 'all' ? 'all' : providers.join(',');
      const group = groups.get(key);
      if (group) group.ids.push(socket.id);
      else groups.set(key, { providers, ids: [socket.id] });
    }
    for (const { providers, ids } of groups.values()) {
      const payload: FeedProgressed = { v: 1, seq, status: scopedFeedStatus(status, counts, providers) };
      io.local.to(ids).emit(FEED_PROGRESSED, payload);
    }
  });
}
