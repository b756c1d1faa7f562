import type { Page } from '@dms/shared/contracts/envelope';
import { endpoints } from '@dms/shared/contracts/http/endpoints';
import type {
  TableCreateBody,
  TableEnabledBody,
  TableRow,
  TableUpdateBody,
  UnconfiguredTable,
} from '@dms/shared/contracts/http/tables';
import { api } from '@/lib/api/api';

/** Arguments of the table list: a page and the filters. */
export interface TableListArgs {
  page: number;
  pageSize: number;
  gameId?: number | undefined;
  enabled?: boolean | undefined;
  keyword?: string | undefined;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['Tables'] });

/** Table setting calls (`/gamesetting/table/*`, 13001). A change refreshes the list and the unconfigured tables. */
export const tablesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    tableList: build.query<Page<TableRow>, TableListArgs>({
      query: ({ enabled, ...args }) => ({
        url: endpoints.tableList.path,
        params: {
          ...Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)),
          ...(enabled === undefined ? {} : { enabled: String(enabled) }),
        },
      }),
      responseSchema: endpoints.tableList.response,
      providesTags: ['Tables'],
    }),
    tableUnconfigured: build.query<UnconfiguredTable[], void>({
      query: () => ({ url: endpoints.tableUnconfigured.path }),
      responseSchema: endpoints.tableUnconfigured.response,
      providesTags: ['Tables'],
    }),
    tableCreate: build.mutation<TableRow, TableCreateBody>({
      query: (body) => ({ url: endpoints.tableCreate.path, method: 'POST', body }),
      // The dialog shows a refusal beside its fields.
      extraOptions: { silent: true },
      invalidatesTags: ['Tables'],
    }),
    tableUpdate: build.mutation<TableRow, TableUpdateBody>({
      query: (body) => ({ url: endpoints.tableUpdate.path, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Tables'],
    }),
    tableEnabled: build.mutation<TableRow, TableEnabledBody>({
      query: (body) => ({ url: endpoints.tableEnabled.path, method: 'POST', body }),
      invalidatesTags: ['Tables'],
    }),
    tableDelete: build.mutation<null, { id: number }>({
      query: (body) => ({ url: endpoints.tableDelete.path, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Tables'],
    }),
  }),
});

export const {
  useTableListQuery,
  useTableUnconfiguredQuery,
  useTableCreateMutation,
  useTableUpdateMutation,
  useTableEnabledMutation,
  useTableDeleteMutation,
} = tablesApi;
