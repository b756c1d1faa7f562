import type { Page } from '@dms/shared/contracts/envelope';
import { endpoints } from '@dms/shared/contracts/http/endpoints';
import type {
  RateChange,
  RateDeleteBody,
  RateHistoryRow,
  RateRow,
  RateSetBody,
} from '@dms/shared/contracts/http/rates';
import { api } from '@/lib/api/api';

/** Arguments of the rate list: a page, optionally one currency and a day range. */
export interface RateListArgs {
  page: number;
  pageSize: number;
  currency?: string | undefined;
  startDay?: string | undefined;
  endDay?: string | undefined;
}

// Company Profit converts with the rates: a change refreshes its figures too (tag `Stats`).
const tagged = api.enhanceEndpoints({ addTagTypes: ['Rates', 'Stats'] });

/** Exchange rate calls (`/exchange-rates/*`): list and change log; set, delete and import for 12001. */
export const ratesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    rateList: build.query<Page<RateRow>, RateListArgs>({
      query: (args) => ({ url: endpoints.rateList.path, params: { ...args } }),
      responseSchema: endpoints.rateList.response,
      providesTags: ['Rates'],
    }),
    rateHistory: build.query<Page<RateHistoryRow>, { page: number; pageSize: number }>({
      query: (args) => ({ url: endpoints.rateHistory.path, params: { ...args } }),
      responseSchema: endpoints.rateHistory.response,
      providesTags: ['Rates'],
    }),
    rateSet: build.mutation<RateChange, RateSetBody>({
      query: (body) => ({ url: endpoints.rateSet.path, method: 'POST', body }),
      // The dialog shows a refusal beside its fields.
      extraOptions: { silent: true },
      invalidatesTags: ['Rates', 'Stats'],
    }),
    rateDelete: build.mutation<RateChange, RateDeleteBody>({
      query: (body) => ({ url: endpoints.rateDelete.path, method: 'POST', body }),
      invalidatesTags: ['Rates', 'Stats'],
    }),
    rateImport: build.mutation<RateChange, { csv: string }>({
      query: (body) => ({ url: endpoints.rateImport.path, method: 'POST', body }),
      // The import dialog lists the refused lines itself.
      extraOptions: { silent: true },
      invalidatesTags: ['Rates', 'Stats'],
    }),
  }),
});

export const {
  useRateListQuery,
  useRateHistoryQuery,
  useRateSetMutation,
  useRateDeleteMutation,
  useRateImportMutation,
} = ratesApi;
