import type { Subscription } from 'rxjs';
import { FEED_PROGRESSED, type FeedProgressed } from '@dms/shared/contracts/live/feed';
import type { LiveServer } from '../../platform/live/live.server';
import type { FeedService } from '../../feed/feed.service';

/**
 * Pushes the feed status as `feed:progressed` to every signed-in socket (every socket is signed in: the
 * handshake refuses others), at most once a second while it changes. Each push carries a sequence number
 * that grows by one.
 */
export function publishFeedProgress(
  io: Pick<LiveServer, 'emit'>,
  feed: Pick<FeedService, 'status$'>,
): Subscription {
  let seq = 0;
  return feed.status$.subscribe((status) => {
    seq += 1;
    const payload: FeedProgressed = { v: 1, seq, status };
    io.emit(FEED_PROGRESSED, payload);
  });
}
