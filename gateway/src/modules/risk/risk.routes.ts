import { groupIdParamSchema } from '@dms/shared/contracts/http/risk';
import { backtestIdParamSchema } from '@dms/shared/contracts/http/riskBacktest';
import type { EndpointImpls } from '../../platform/http/http.endpoints';
import { refuse } from '../../platform/errors/errors';
import type { RiskService } from './risk.service';
import type { RiskBacktestService } from './riskBacktest.service';

type RiskEndpoint =
  | 'riskGroups'
  | 'riskGroupRounds'
  | 'riskCrossbetVolume'
  | 'riskPlayers'
  | 'riskProviders'
  | 'riskDetail'
  | 'alertList'
  | 'alertAction'
  | 'manualRiskList'
  | 'manualRiskCreate'
  | 'manualRiskUpdate'
  | 'manualRiskDelete'
  | 'riskSettingsGet'
  | 'riskSettingsSet'
  | 'riskBacktestStart'
  | 'riskBacktestStatus'
  | 'riskBacktestCancel'
  | 'telegramList'
  | 'telegramCreate'
  | 'telegramUpdate'
  | 'telegramDelete'
  | 'telegramTest';

/** The id of a backtest in the path; any other is no backtest of the caller's (404). */
function backtestId(params: unknown): string {
  const parsed = backtestIdParamSchema.safeParse(params);
  if (!parsed.success) throw refuse.notFound('risk.backtestNotFound');
  return parsed.data.id;
}

/**
 * `/risk/*`: findings and their evidence (3000, 8000), alerts, the manual list (8000), Risk Setting and
 * its backtest (10000).
 */
export function riskRoutes(
  risk: RiskService,
  backtests: RiskBacktestService,
): Pick<EndpointImpls, RiskEndpoint> {
  return {
    riskGroups: { handle: ({ auth, query }) => risk.groups(auth, query) },
    riskGroupRounds: {
      handle: ({ auth, query, req }) => {
        const params = groupIdParamSchema.safeParse(req.params);
        if (!params.success) throw refuse.notFound('risk.groupNotFound');
        return risk.groupRounds(auth, params.data.id, query);
      },
    },
    riskCrossbetVolume: { handle: ({ auth, query }) => risk.crossbetVolume(auth, query) },
    riskPlayers: { handle: ({ auth, query }) => risk.players(auth, query) },
    riskProviders: { handle: ({ auth, query }) => risk.providers(auth, query) },
    riskDetail: { handle: ({ auth, query }) => risk.detail(auth, query) },
    alertList: { handle: ({ auth, query }) => risk.alerts(auth, query) },
    alertAction: { handle: ({ auth, body, ip }) => risk.alertAction(auth, body, ip) },
    manualRiskList: { handle: ({ auth, query }) => risk.manualList(auth, query) },
    manualRiskCreate: { handle: ({ auth, body, ip }) => risk.manualCreate(auth, body, ip) },
    manualRiskUpdate: { handle: ({ auth, body, ip }) => risk.manualUpdate(auth, body, ip) },
    manualRiskDelete: { handle: ({ auth, body, ip }) => risk.manualDelete(auth, body.id, ip) },
    riskSettingsGet: { handle: () => risk.currentSettings() },
    riskSettingsSet: { handle: ({ auth, body, ip }) => risk.setSettings(auth, body, ip) },
    riskBacktestStart: { handle: ({ auth, body, ip }) => backtests.start(auth, body, ip) },
    riskBacktestStatus: { handle: ({ auth, req }) => backtests.status(auth, backtestId(req.params)) },
    riskBacktestCancel: { handle: ({ auth, req }) => backtests.cancel(auth, backtestId(req.params)) },
    telegramList: { handle: () => risk.telegramList() },
    telegramCreate: { handle: ({ auth, body, ip }) => risk.telegramCreate(auth, body, ip) },
    telegramUpdate: { handle: ({ auth, body, ip }) => risk.telegramUpdate(auth, body, ip) },
    telegramDelete: { handle: ({ auth, body, ip }) => risk.telegramDelete(auth, body.id, ip) },
    telegramTest: { handle: ({ body }) => risk.telegramTest(body.id) },
  };
}
