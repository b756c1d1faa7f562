import { endpoints } from '@dms/shared/contracts/http/endpoints';
import type { LiveTable } from '@dms/shared/contracts/http/liveReplay';
import type { CrossbetGroupRow, RiskPage } from '@dms/shared/contracts/http/risk';
import { api } from '@/lib/api/api';

/** The groups the monitor loads at start (the newest; those on Teen Patti tables are shown). */
export const TP_GROUPS_SIZE = 200;

/** The Teen Patti monitor's calls: its starting picture (`GET /live/tables?gameId=2`) and the stored groups. */
export const tpMonitorApi = api.injectEndpoints({
  endpoints: (build) => ({
    tpMonitorTables: build.query<LiveTable[], void>({
      query: () => ({ url: endpoints.liveTables.path, params: { gameId: 2 } }),
      responseSchema: endpoints.liveTables.response,
      keepUnusedDataFor: 0,
    }),
    tpMonitorGroups: build.query<RiskPage<CrossbetGroupRow>, void>({
      query: () => ({ url: endpoints.riskGroups.path, params: { page: 1, size: TP_GROUPS_SIZE } }),
      responseSchema: endpoints.riskGroups.response,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useTpMonitorTablesQuery, useTpMonitorGroupsQuery } = tpMonitorApi;
