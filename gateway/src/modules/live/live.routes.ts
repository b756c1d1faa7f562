import type { EndpointImpls } from '../../platform/http/http.endpoints';
import type { PeriodReplayService } from './live.period.service';

/** `GET /live/replay` (the monitor's replay of a period). */
export function liveRoutes(period: PeriodReplayService): Pick<EndpointImpls, 'liveReplay'> {
  return {
    liveReplay: { handle: ({ auth, query }) => period.page(auth.scope, query) },
  };
}
