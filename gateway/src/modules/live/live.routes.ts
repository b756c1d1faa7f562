import type { EndpointImpls } from '../../platform/http/http.endpoints';
import type { PeriodReplayService } from './live.period.service';
import type { LiveTablesService } from './live.tables.service';

/** `GET /live/replay` (the monitor's replay of a period) and `GET /live/tables` (its starting picture). */
export function liveRoutes(
  period: PeriodReplayService,
  tables: LiveTablesService,
): Pick<EndpointImpls, 'liveReplay' | 'liveTables'> {
  return {
    liveReplay: { handle: ({ auth, query }) => period.page(auth.scope, query) },
    liveTables: { handle: ({ auth, query }) => tables.tables(auth, query.gameId) },
  };
}
