import type { feedStatusEndpoint } from '@dms/shared/contracts/http/feed';
import type { EndpointImpl } from '../../platform/http/http.endpoints';
import type { FeedService } from '../../feed/feed.service';
import { scopedFeedStatus, type FeedCounts } from './feed.scope';

/**
 * `GET /feed/status` (any signed-in session): source, state, history progress, and the event counts of the
 * caller's providers (platform-wide for the super account).
 */
export function feedRoutes(
  feed: Pick<FeedService, 'status'>,
  counts: FeedCounts,
): {
  feedStatus: EndpointImpl<typeof feedStatusEndpoint>;
} {
  return {
    feedStatus: { handle: ({ auth }) => scopedFeedStatus(feed.status(), counts, auth.scope.providers) },
  };
}
