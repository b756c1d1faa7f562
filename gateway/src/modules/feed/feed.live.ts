import type { Subscription } from 'rxjs';
import { FEED_PROGRESSED, type FeedProgressed } from '@dms/shared/contracts/live/feed';
import { audience, type LivePublisher } from '../../platform/live/live.publisher';
import type { FeedService } from '../../feed/feed.service';

/**
 * Publishes the feed status as `feed:progressed` to every signed-in socket (every socket is signed in: the
 * handshake refuses others), at most once a second while it changes. Each push carries a sequence number
 * that grows by one.
 */
export function publishFeedProgress(
  publisher: LivePublisher,
  feed: Pick<FeedService, 'status$'>,
): Subscription {
  let seq = 0;
  return feed.status$.subscribe((status) => {
    seq += 1;
    const payload: FeedProgressed = { v: 1, seq, status };
    publisher.publish(FEED_PROGRESSED, payload, audience.everyone());
  });
}
