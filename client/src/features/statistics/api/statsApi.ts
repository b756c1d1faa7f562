import { endpoints } from '@dms/shared/contracts/http/endpoints';
import { feedStatusEndpoint } from '@dms/shared/contracts/http/feed';
import { feedStatusSchema, type FeedStatus } from '@dms/shared/contracts/live/feed';
import {
  summarySchema,
  type StatsFilter,
  type StatsPage,
  type StatsTable,
  type Summary,
} from '@dms/shared/contracts/http/stats';
import { api } from '@/lib/api/api';
import { filterParams } from '@/components/filters/filterModel';

/** Query parameters of one page of a statistics table (the filter, paging, sort and search). */
export type TableParams = Record<string, string | number>;

/** Arguments of {@link statsApi}'s `statsTable`: which table and its query. */
export interface TableArgs {
  table: StatsTable;
  params: TableParams;
}

/** A row of any statistics table, read by its column keys. */
export type StatsRow = Record<string, unknown>;

/** Cache tags: `Stats` (every figure and row, refreshed when the history backfill finishes) and `Feed`. */
const tagged = api.enhanceEndpoints({ addTagTypes: ['Stats', 'Feed'] });

/** The path of a table's rows or export. */
export function tablePath(table: StatsTable, exportFile = false): string {
  return `/stats/${table}${exportFile ? '/export' : ''}`;
}

/**
 * Calls of the statistics workbench: headline figures, one page of any table, and the platform feed's
 * status (for the backfill progress bar).
 */
export const statsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    statsSummary: build.query<Summary, StatsFilter>({
      query: (filter) => ({ url: endpoints.statsSummary.path, params: filterParams(filter) }),
      responseSchema: summarySchema,
      providesTags: ['Stats'],
    }),
    statsTable: build.query<StatsPage<StatsRow>, TableArgs>({
      query: ({ table, params }) => ({ url: tablePath(table), params }),
      providesTags: ['Stats'],
    }),
    feedStatus: build.query<FeedStatus, void>({
      query: () => feedStatusEndpoint.path,
      responseSchema: feedStatusSchema,
      // Only a progress bar depends on it: a gateway without a feed answers quietly with no bar.
      extraOptions: { silent: true },
      providesTags: ['Feed'],
    }),
  }),
});

export const { useStatsSummaryQuery, useStatsTableQuery, useFeedStatusQuery } = statsApi;
