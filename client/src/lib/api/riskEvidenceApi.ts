import { endpoints } from '@dms/shared/contracts/http/endpoints';
import type { EvidenceRound, RiskPage } from '@dms/shared/contracts/http/risk';
import { api } from './api';

/**
 * The evidence rounds of a cross-bet group (`GET /risk/crossbet/groups/:id/rounds`, 3000 or 8000). Here
 * rather than in a feature because two screens show them: Risk Data and the baccarat monitor.
 */
export const riskEvidenceApi = api.enhanceEndpoints({ addTagTypes: ['Risk'] }).injectEndpoints({
  endpoints: (build) => ({
    riskGroupRounds: build.query<RiskPage<EvidenceRound>, { id: string; page: number; size: number }>({
      query: ({ id, ...params }) => ({
        url: endpoints.riskGroupRounds.path.replace(':id', encodeURIComponent(id)),
        params,
      }),
      responseSchema: endpoints.riskGroupRounds.response,
      providesTags: ['Risk'],
    }),
  }),
});

export const { useRiskGroupRoundsQuery } = riskEvidenceApi;
