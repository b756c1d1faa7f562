import type { Page } from '@dms/shared/contracts/envelope';
import { endpoints } from '@dms/shared/contracts/http/endpoints';
import type {
  TpDealResult,
  TpEvaluateResult,
  TpSimDetail,
  TpSimRoundRow,
  TpSimRow,
  TpSimRunBody,
} from '@dms/shared/contracts/http/teenPatti';
import { api } from './api';

/** Filters of a simulation's rounds (amounts in minor units). */
export interface TpRoundArgs {
  id: number;
  page: number;
  pageSize: number;
  winnerCategory?: number | undefined;
  winnerSeat?: number | undefined;
  result?: 'player_a' | 'player_b' | 'tie' | undefined;
  minPayout?: number | undefined;
  maxPayout?: number | undefined;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['TpSims'] });

/**
 * The Teen Patti tools calls (`/teen-patti/*`), shared by the test tools (11002) and the simulated data
 * viewer (11003): both read a simulation's figures.
 */
export const teenPattiApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    tpEvaluate: build.mutation<TpEvaluateResult, { hands: string[] }>({
      query: (body) => ({ url: endpoints.tpEvaluate.path, method: 'POST', body }),
      // The form shows a refused card beside the hands.
      extraOptions: { silent: true },
    }),
    tpDeal: build.query<TpDealResult, { seed: string; players: number }>({
      query: (params) => ({ url: endpoints.tpDeal.path, params: { ...params } }),
      responseSchema: endpoints.tpDeal.response,
    }),
    tpSimRun: build.mutation<{ id: number; seed: string }, TpSimRunBody>({
      query: (body) => ({ url: endpoints.tpSimRun.path, method: 'POST', body }),
    }),
    tpSimCancel: build.mutation<TpSimRow, { id: number }>({
      query: (body) => ({ url: endpoints.tpSimCancel.path, method: 'POST', body }),
      invalidatesTags: ['TpSims'],
    }),
    tpSimSave: build.mutation<TpSimRow, { id: number; name: string }>({
      query: (body) => ({ url: endpoints.tpSimSave.path, method: 'POST', body }),
      invalidatesTags: ['TpSims'],
    }),
    tpSimDelete: build.mutation<null, { id: number }>({
      query: (body) => ({ url: endpoints.tpSimDelete.path, method: 'POST', body }),
      invalidatesTags: ['TpSims'],
    }),
    tpSimGet: build.query<TpSimDetail, { id: number }>({
      query: (params) => ({ url: endpoints.tpSimGet.path, params: { ...params } }),
      providesTags: ['TpSims'],
    }),
    tpSimList: build.query<Page<TpSimRow>, { page: number; pageSize: number; keyword?: string | undefined }>({
      query: (params) => ({ url: endpoints.tpSimList.path, params: { ...params } }),
      responseSchema: endpoints.tpSimList.response,
      providesTags: ['TpSims'],
    }),
    tpSimRounds: build.query<Page<TpSimRoundRow>, TpRoundArgs>({
      query: (params) => ({ url: endpoints.tpSimRounds.path, params: { ...params } }),
      providesTags: ['TpSims'],
    }),
  }),
});

export const {
  useTpEvaluateMutation,
  useLazyTpDealQuery,
  useTpSimRunMutation,
  useTpSimCancelMutation,
  useTpSimSaveMutation,
  useTpSimDeleteMutation,
  useTpSimGetQuery,
  useTpSimListQuery,
  useTpSimRoundsQuery,
} = teenPattiApi;
