import { endpoints } from '@dms/shared/contracts/http/endpoints';
import type { LiveReplayPage, LiveTable } from '@dms/shared/contracts/http/liveReplay';
import type { CrossbetGroupRow, CrossbetVolume, RiskPage } from '@dms/shared/contracts/http/risk';
import { api } from '@/lib/api/api';

/** The groups the monitor loads at start (the newest; live changes follow). */
export const MONITOR_GROUPS_SIZE = 200;

/**
 * The monitor's calls: its starting picture (`GET /live/tables`), the stored cross-bet groups and the
 * evidence per minute before it opened (`GET /risk/crossbet/volume`), and a period's replay page by page
 * (`GET /live/replay`).
 */
export const monitorApi = api.injectEndpoints({
  endpoints: (build) => ({
    monitorTables: build.query<LiveTable[], void>({
      query: () => ({ url: endpoints.liveTables.path, params: { gameId: 1 } }),
      responseSchema: endpoints.liveTables.response,
      keepUnusedDataFor: 0,
      // The picture is handed whole to the slice, which merges it: comparing 150 roads of 100 beads with
      // the previous picture, to keep what did not change, would only cost a reconnecting wall a long task.
      structuralSharing: false,
    }),
    monitorGroups: build.query<RiskPage<CrossbetGroupRow>, void>({
      query: () => ({ url: endpoints.riskGroups.path, params: { page: 1, size: MONITOR_GROUPS_SIZE } }),
      responseSchema: endpoints.riskGroups.response,
      keepUnusedDataFor: 0,
    }),
    /** The evidence of the last two hours (the chart's span), to the gateway's clock. */
    monitorVolume: build.query<CrossbetVolume, void>({
      query: () => ({ url: endpoints.riskCrossbetVolume.path, params: { minutes: 120, gameId: 1 } }),
      responseSchema: endpoints.riskCrossbetVolume.response,
      keepUnusedDataFor: 0,
    }),
    monitorReplayPage: build.query<
      LiveReplayPage,
      { from: number; to: number; cursor?: string | undefined; limit: number }
    >({
      query: ({ cursor, ...params }) => ({
        url: endpoints.liveReplay.path,
        params: { ...params, gameId: 1, ...(cursor ? { cursor } : {}) },
      }),
      responseSchema: endpoints.liveReplay.response,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useMonitorTablesQuery, useMonitorGroupsQuery, useMonitorVolumeQuery } = monitorApi;
