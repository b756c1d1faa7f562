import { endpoints } from '@dms/shared/contracts/http/endpoints';
import type {
  AlertActionBody,
  AlertRow,
  CrossbetGroupRow,
  ManualRiskCreate,
  ManualRiskRow,
  ManualRiskUpdate,
  RiskDetail,
  RiskPage,
  RiskPlayerRow,
  RiskProviderRow,
  RiskSettingsView,
  TelegramCreate,
  TelegramGroupRow,
  TelegramUpdate,
} from '@dms/shared/contracts/http/risk';
import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import type { BacktestStarted, BacktestStatus } from '@dms/shared/contracts/http/riskBacktest';
import { api } from '@/lib/api/api';

type Params = Record<string, string | number | undefined>;

const tagged = api.enhanceEndpoints({
  addTagTypes: ['Risk', 'Alerts', 'RiskManual', 'RiskSettings', 'Telegram'],
});

/** The risk calls (`/risk/*`): findings, alerts, the manual list, Risk Setting and Telegram groups. */
export const riskApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    riskGroups: build.query<RiskPage<CrossbetGroupRow>, Params>({
      query: (params) => ({ url: endpoints.riskGroups.path, params }),
      responseSchema: endpoints.riskGroups.response,
      providesTags: ['Risk'],
    }),
    riskPlayers: build.query<RiskPage<RiskPlayerRow>, Params>({
      query: (params) => ({ url: endpoints.riskPlayers.path, params }),
      responseSchema: endpoints.riskPlayers.response,
      providesTags: ['Risk'],
    }),
    riskProviders: build.query<RiskPage<RiskProviderRow>, Params>({
      query: (params) => ({ url: endpoints.riskProviders.path, params }),
      responseSchema: endpoints.riskProviders.response,
      providesTags: ['Risk'],
    }),
    riskDetail: build.query<RiskDetail, { provider: number; account?: string | undefined }>({
      query: (params) => ({ url: endpoints.riskDetail.path, params }),
      responseSchema: endpoints.riskDetail.response,
    }),
    alertList: build.query<RiskPage<AlertRow>, Params>({
      query: (params) => ({ url: endpoints.alertList.path, params }),
      responseSchema: endpoints.alertList.response,
      providesTags: ['Alerts'],
    }),
    alertAction: build.mutation<AlertRow, AlertActionBody>({
      query: (body) => ({ url: endpoints.alertAction.path, method: 'POST', body }),
      invalidatesTags: ['Alerts'],
    }),
    manualRiskList: build.query<RiskPage<ManualRiskRow>, Params>({
      query: (params) => ({ url: endpoints.manualRiskList.path, params }),
      responseSchema: endpoints.manualRiskList.response,
      providesTags: ['RiskManual'],
    }),
    manualRiskCreate: build.mutation<ManualRiskRow, ManualRiskCreate>({
      query: (body) => ({ url: endpoints.manualRiskCreate.path, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['RiskManual'],
    }),
    manualRiskUpdate: build.mutation<ManualRiskRow, ManualRiskUpdate>({
      query: (body) => ({ url: endpoints.manualRiskUpdate.path, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['RiskManual'],
    }),
    manualRiskDelete: build.mutation<null, { id: number }>({
      query: (body) => ({ url: endpoints.manualRiskDelete.path, method: 'POST', body }),
      invalidatesTags: ['RiskManual'],
    }),
    riskSettings: build.query<RiskSettingsView, void>({
      // The response's settings have defaults on input, so its schema's input type is looser than the view.
      query: () => ({ url: endpoints.riskSettingsGet.path }),
      providesTags: ['RiskSettings'],
    }),
    riskSettingsSave: build.mutation<RiskSettingsView, RiskSettings>({
      query: (body) => ({ url: endpoints.riskSettingsSet.path, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['RiskSettings'],
    }),
    riskBacktestStart: build.mutation<BacktestStarted, RiskSettings>({
      query: (body) => ({ url: endpoints.riskBacktestStart.path, method: 'POST', body }),
      extraOptions: { silent: true },
    }),
    riskBacktestStatus: build.query<BacktestStatus, string>({
      query: (id) => ({ url: endpoints.riskBacktestStatus.path.replace(':id', encodeURIComponent(id)) }),
      responseSchema: endpoints.riskBacktestStatus.response,
      extraOptions: { silent: true },
    }),
    riskBacktestCancel: build.mutation<BacktestStatus, string>({
      query: (id) => ({
        url: endpoints.riskBacktestCancel.path.replace(':id', encodeURIComponent(id)),
        method: 'DELETE',
      }),
      extraOptions: { silent: true },
    }),
    telegramList: build.query<TelegramGroupRow[], void>({
      query: () => ({ url: endpoints.telegramList.path }),
      responseSchema: endpoints.telegramList.response,
      providesTags: ['Telegram'],
    }),
    telegramCreate: build.mutation<TelegramGroupRow, TelegramCreate>({
      query: (body) => ({ url: endpoints.telegramCreate.path, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Telegram'],
    }),
    telegramUpdate: build.mutation<TelegramGroupRow, TelegramUpdate>({
      query: (body) => ({ url: endpoints.telegramUpdate.path, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Telegram'],
    }),
    telegramDelete: build.mutation<null, { id: number }>({
      query: (body) => ({ url: endpoints.telegramDelete.path, method: 'POST', body }),
      invalidatesTags: ['Telegram'],
    }),
    telegramTest: build.mutation<{ ok: boolean; detail: string }, { id: number }>({
      query: (body) => ({ url: endpoints.telegramTest.path, method: 'POST', body }),
    }),
  }),
});

export const {
  useRiskGroupsQuery,
  useRiskPlayersQuery,
  useRiskProvidersQuery,
  useRiskDetailQuery,
  useAlertListQuery,
  useAlertActionMutation,
  useManualRiskListQuery,
  useManualRiskCreateMutation,
  useManualRiskUpdateMutation,
  useManualRiskDeleteMutation,
  useRiskSettingsQuery,
  useRiskSettingsSaveMutation,
  useRiskBacktestStartMutation,
  useRiskBacktestStatusQuery,
  useRiskBacktestCancelMutation,
  useTelegramListQuery,
  useTelegramCreateMutation,
  useTelegramUpdateMutation,
  useTelegramDeleteMutation,
  useTelegramTestMutation,
} = riskApi;
