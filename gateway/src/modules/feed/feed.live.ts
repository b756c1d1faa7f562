import type { Subscription } from 'rxjs';
import { FEED_PROGRESSED } from '@dms/shared/contracts/live/feed';
import type { LivePublisher } from '../../platform/live/live.publisher';
import type { FeedService } from '../../feed/feed.service';
import { scopedFeedStatus, type FeedCounts } from './feed.scope';

/**
 * Publishes the feed status as `feed:progressed` to every signed-in socket (every socket is signed in: the
 * handshake refuses others), at most once a second while it changes, each with the
 * event counts of its own providers. Each push carries a sequence number that grows by one.
 */
export function publishFeedProgress(
  publisher: LivePublisher,
  feed: Pick<FeedService, 'status$'>,
  counts: FeedCounts,
): Subscription {
  let seq = 0;
  return feed.status$.subscribe((status) => {
    seq += 1;
    publisher.publishByScope(FEED_PROGRESSED, (providers) => ({
      v: 1,
      seq,
      status: scopedFeedStatus(status, counts, providers),
    }));
  });
}
