import { endpoints } from '@dms/shared/contracts/http/endpoints';
import {
  profitCompareSchema,
  type ProfitCompare,
  type ProfitCompareQuery,
} from '@dms/shared/contracts/http/stats';
import { api } from '@/lib/api/api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['Stats'] });

/** Company Profit (code 12000): two day ranges side by side, with their breakdowns and B − A. */
export const companyProfitApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    profitCompare: build.query<ProfitCompare, ProfitCompareQuery>({
      query: (q) => ({
        url: endpoints.companyProfitCompare.path,
        params: {
          providerIds: q.providerIds.join(','),
          currencies: q.currencies.join(','),
          aStart: q.aStart,
          aEnd: q.aEnd,
          bStart: q.bStart,
          bEnd: q.bEnd,
          reportCurrency: q.reportCurrency,
        },
      }),
      responseSchema: profitCompareSchema,
      providesTags: ['Stats'],
    }),
  }),
});

export const { useProfitCompareQuery } = companyProfitApi;
