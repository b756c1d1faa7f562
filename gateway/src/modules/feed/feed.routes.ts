import type { feedStatusEndpoint } from '@dms/shared/contracts/http/feed';
import type { EndpointImpl } from '../../platform/http/http.endpoints';
import type { FeedService } from '../../feed/feed.service';

/** `GET /feed/status` (any signed-in session): source, state, history progress, event rate. */
export function feedRoutes(feed: Pick<FeedService, 'status'>): {
  feedStatus: EndpointImpl<typeof feedStatusEndpoint>;
} {
  return {
    feedStatus: { handle: () => feed.status() },
  };
}
