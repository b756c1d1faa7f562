import { z } from 'zod';
import { PERM } from '../../permissions/codes';
import { pageSchema } from '../envelope';
import {
  currencySchema,
  editPasswordBodySchema,
  loginBodySchema,
  loginResultSchema,
  providerSchema,
  userInfoSchema,
} from './user';
import {
  roleCreateBodySchema,
  roleDeleteBodySchema,
  roleListQuerySchema,
  roleOptionSchema,
  roleRowSchema,
  roleUpdateBodySchema,
} from './role';
import {
  staffCreateBodySchema,
  staffCreateResultSchema,
  staffDeleteBodySchema,
  staffListQuerySchema,
  staffRowSchema,
  staffUpdateBodySchema,
} from './staff';
import { auditListQuerySchema, auditRowSchema } from './audit';
import {
  bonusPageSchema,
  bonusQuerySchema,
  dailyPageSchema,
  dailyQuerySchema,
  exportQuerySchemas,
  gameRecordPageSchema,
  gameRecordQuerySchema,
  loginPageSchema,
  loginQuerySchema,
  operatorDailyPageSchema,
  operatorDailyQuerySchema,
  playerPageSchema,
  playerQuerySchema,
  prizePageSchema,
  prizeQuerySchema,
  profitCompareQuerySchema,
  profitCompareSchema,
  registeredPageSchema,
  registeredQuerySchema,
  summaryQuerySchema,
  summarySchema,
  transferPageSchema,
  transferQuerySchema,
} from './stats';
import { feedStatusEndpoint } from './feed';
import {
  rateChangeSchema,
  rateDeleteBodySchema,
  rateHistoryPageSchema,
  rateHistoryQuerySchema,
  rateImportBodySchema,
  rateListQuerySchema,
  ratePageSchema,
  rateSetBodySchema,
} from './rates';
import { AVATAR_PATH } from './paths';
import {
  DISPLAY_ADMIN_PERMISSION,
  displayApproveBodySchema,
  displayListQuerySchema,
  displayPairBodySchema,
  displayPairResultSchema,
  displayPendingQuerySchema,
  displayPendingSchema,
  displayRenameBodySchema,
  displayRevokeBodySchema,
  displayRowSchema,
  displaySelfSchema,
} from './display';
import {
  liveReplayPageSchema,
  liveReplayQuerySchema,
  liveTableSchema,
  liveTablesQuerySchema,
} from './liveReplay';
import {
  alertActionBodySchema,
  alertListQuerySchema,
  alertRowSchema,
  crossbetGroupRowSchema,
  crossbetGroupsQuerySchema,
  crossbetVolumeQuerySchema,
  crossbetVolumeSchema,
  evidenceRoundSchema,
  groupRoundsQuerySchema,
  idBodySchema,
  manualRiskCreateSchema,
  manualRiskQuerySchema,
  manualRiskRowSchema,
  manualRiskUpdateSchema,
  riskDetailQuerySchema,
  riskDetailSchema,
  riskPageSchema,
  riskPlayerRowSchema,
  riskPlayersQuerySchema,
  riskProviderRowSchema,
  riskProvidersQuerySchema,
  riskSettingsViewSchema,
  telegramCreateSchema,
  telegramGroupRowSchema,
  telegramTestResultSchema,
  telegramUpdateSchema,
} from './risk';
import { riskSettingsSchema } from './riskSettings';
import { backtestStartSchema, backtestStartedSchema, backtestStatusSchema } from './riskBacktest';
import {
  TABLE_ICON_PATH,
  TABLE_ICON_TYPES,
  tableCreateBodySchema,
  tableDeleteBodySchema,
  tableEnabledBodySchema,
  tableListQuerySchema,
  tablePageSchema,
  tableRowSchema,
  tableUpdateBodySchema,
  unconfiguredTableSchema,
} from './tables';
import {
  tpDealQuerySchema,
  tpDealResultSchema,
  tpEvaluateBodySchema,
  tpEvaluateResultSchema,
  tpSimDetailSchema,
  tpSimExportQuerySchema,
  tpSimIdBodySchema,
  tpSimIdQuerySchema,
  tpSimListQuerySchema,
  tpSimPageSchema,
  tpSimRoundsPageSchema,
  tpSimRoundsQuerySchema,
  tpSimRowSchema,
  tpSimRunBodySchema,
  tpSimSaveBodySchema,
  tpSimStartedSchema,
} from './teenPatti';
import {
  INGEST_MAX_EVENTS,
  INGEST_SIGNATURE_HEADER,
  INGEST_TIMESTAMP_HEADER,
  ingestBatchSchema,
  ingestResultSchema,
} from '../events/platform';

/**
 * Who may call an endpoint: `public` (no token), `session` (any signed-in account), `display` (a wall
 * screen's display token, pending or active: `contracts/http/display.ts`), or the list of permission codes
 * of which the account must hold at least one.
 */
export type Access = 'public' | 'session' | 'display' | readonly string[];

/** One REST call of the wire contract. The gateway routes, guards and validates by it; OpenAPI is made from it. */
export interface EndpointDef {
  /** `DELETE` only where a resource of its own (a path with `:id`) is ended, as a backtest job. */
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  summary: string;
  tag: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of `data` in the success envelope; `file` for an .xlsx download. */
  response: z.ZodType | 'file';
  /**
   * The statuses it answers beyond those of every endpoint (200, 400, 500; 401 unless public; 403 for a
   * permission list; 413 and 415 for a body), each with what it means: the OpenAPI document lists them.
   */
  refusals?: Readonly<Partial<Record<401 | 403 | 404 | 409 | 429, string>>>;
  /**
   * A read-only monitor endpoint that an active display token (a wall screen) may call too, within the
   * display's monitor codes and providers. Every other endpoint refuses display tokens (403).
   */
  watch?: true;
}

/** The statuses of a statistics call: a provider or currency outside the caller's scope. */
const SCOPED = { 403: 'A provider or currency outside your scope (code -1)' } as const;
/** … and of an export: nothing to write. */
const EXPORTED = { ...SCOPED, 404: 'Not have data to downoad: the filter matches no row (code -1)' } as const;

function def<const E extends EndpointDef>(e: E): E {
  return e;
}

export const endpoints = {
  login: def({
    method: 'POST',
    path: '/user/login',
    summary: 'Sign in with account name and password; returns a bearer token',
    tag: 'user',
    access: 'public',
    body: loginBodySchema,
    response: loginResultSchema,
    refusals: {
      401: 'Login fail: unknown account or wrong password (code -4)',
      429: 'Too many attempts from this address or for this account name (code -1)',
    },
  }),
  info: def({
    method: 'GET',
    path: '/user/info',
    summary: 'The signed-in account, its permission codes, providers and currencies',
    tag: 'user',
    access: 'session',
    response: userInfoSchema,
  }),
  editPassword: def({
    method: 'POST',
    path: '/user/editPassword',
    summary: "Change the signed-in account's password; ends its other sessions",
    tag: 'user',
    access: 'session',
    body: editPasswordBodySchema,
    response: z.null(),
    refusals: { 404: 'The account no longer exists (code -3)' },
  }),
  logout: def({
    method: 'POST',
    path: '/user/logout',
    summary: 'End this session (revokes the token)',
    tag: 'user',
    access: 'session',
    response: z.null(),
  }),
  providers: def({
    method: 'GET',
    path: '/base/providers',
    summary: 'Providers in the account scope',
    tag: 'base',
    access: 'session',
    watch: true,
    response: z.array(providerSchema),
  }),
  currencies: def({
    method: 'GET',
    path: '/base/currencies',
    summary: 'Currencies in the account scope',
    tag: 'base',
    access: 'session',
    watch: true,
    response: z.array(currencySchema),
  }),
  roleList: def({
    method: 'GET',
    path: '/permission/role/list',
    summary: 'Roles, paginated, searchable by name',
    tag: 'role',
    access: [PERM.ROLE],
    query: roleListQuerySchema,
    response: pageSchema(roleRowSchema),
  }),
  roleOptions: def({
    method: 'GET',
    path: '/permission/role/options',
    summary: 'Roles the account may assign (all codes within its own)',
    tag: 'role',
    access: [PERM.ROLE, PERM.STAFF],
    response: z.array(roleOptionSchema),
  }),
  roleCreate: def({
    method: 'POST',
    path: '/permission/role/create',
    summary: 'Create a role',
    tag: 'role',
    access: [PERM.ROLE],
    body: roleCreateBodySchema,
    response: z.object({ id: z.number().int() }),
    refusals: {
      403: 'A permission you do not hold (code -1)',
      409: 'The role name exists (code 110)',
    },
  }),
  roleUpdate: def({
    method: 'POST',
    path: '/permission/role/update',
    summary: 'Edit a role (not the super role)',
    tag: 'role',
    access: [PERM.ROLE],
    body: roleUpdateBodySchema,
    response: z.null(),
    refusals: {
      403: 'The super role (code 109), or a permission you do not hold (code -1)',
      404: 'No such role (code -1)',
      409: 'The role name exists (code 110)',
    },
  }),
  roleDelete: def({
    method: 'POST',
    path: '/permission/role/delete',
    summary: 'Delete a role no account uses (not the super role)',
    tag: 'role',
    access: [PERM.ROLE],
    body: roleDeleteBodySchema,
    response: z.null(),
    refusals: {
      403: 'The super role (code 109), or a role holding a permission you do not hold (code -1)',
      404: 'No such role (code -1)',
      409: 'An account holds the role (code 107)',
    },
  }),
  staffList: def({
    method: 'GET',
    path: '/permission/staff/list',
    summary: 'Staff accounts, paginated, searchable by account or nickname',
    tag: 'staff',
    access: [PERM.STAFF],
    query: staffListQuerySchema,
    response: pageSchema(staffRowSchema),
  }),
  staffCreate: def({
    method: 'POST',
    path: '/permission/staff/create',
    summary: 'Create a staff account',
    tag: 'staff',
    access: [PERM.STAFF],
    body: staffCreateBodySchema,
    response: staffCreateResultSchema,
    refusals: {
      403: 'A role, provider or currency beyond your own (code -1)',
      409: 'The account name exists (code -100)',
    },
  }),
  staffUpdate: def({
    method: 'POST',
    path: '/permission/staff/update',
    summary: 'Edit a staff account (not the super account)',
    tag: 'staff',
    access: [PERM.STAFF],
    body: staffUpdateBodySchema,
    response: z.null(),
    refusals: {
      403: 'The super account (code -101), or an account beyond your permissions and scope (code -1)',
      404: 'No such account (code -3)',
    },
  }),
  staffDelete: def({
    method: 'POST',
    path: '/permission/staff/delete',
    summary: 'Delete a staff account (not the super account, not oneself)',
    tag: 'staff',
    access: [PERM.STAFF],
    body: staffDeleteBodySchema,
    response: z.null(),
    refusals: {
      403: 'The super account (code -101), yourself (code -102), or an account beyond your permissions and scope (code -1)',
      404: 'No such account (code -3)',
    },
  }),
  auditList: def({
    method: 'GET',
    path: '/permission/audit/list',
    summary: 'Who changed which account, role or setting, and when',
    tag: 'audit',
    access: [PERM.PERMISSION],
    query: auditListQuerySchema,
    response: pageSchema(auditRowSchema),
  }),
  // Statistics (home page workbench): any signed-in account, always within its providers and currencies
  // (a provider or currency outside them is refused with 403). See contracts/http/stats.ts.
  statsSummary: def({
    method: 'GET',
    path: '/stats/summary',
    summary: 'Headline figures of a day range: turnover, payout, GGR, margin, bets, players, money movements',
    tag: 'stats',
    access: 'session',
    query: summaryQuerySchema,
    response: summarySchema,
    refusals: SCOPED,
  }),
  statsLogin: def({
    method: 'GET',
    path: '/stats/login',
    summary: 'Login data: one row per login, newest first; keyset cursor for deep pages',
    tag: 'stats',
    access: 'session',
    query: loginQuerySchema,
    response: loginPageSchema,
    refusals: SCOPED,
  }),
  statsRegistered: def({
    method: 'GET',
    path: '/stats/registered',
    summary: 'Registered data: one row per registration',
    tag: 'stats',
    access: 'session',
    query: registeredQuerySchema,
    response: registeredPageSchema,
    refusals: SCOPED,
  }),
  statsDaily: def({
    method: 'GET',
    path: '/stats/daily',
    summary: 'Daily data: per day and currency, from the roll-ups',
    tag: 'stats',
    access: 'session',
    query: dailyQuerySchema,
    response: dailyPageSchema,
    refusals: SCOPED,
  }),
  statsGameRecords: def({
    method: 'GET',
    path: '/stats/game-records',
    summary: 'Game record: one row per bet; search by account, round id or transaction id',
    tag: 'stats',
    access: 'session',
    query: gameRecordQuerySchema,
    response: gameRecordPageSchema,
    refusals: SCOPED,
  }),
  statsBonus: def({
    method: 'GET',
    path: '/stats/bonus',
    summary: 'Bonus details: one row per bonus',
    tag: 'stats',
    access: 'session',
    query: bonusQuerySchema,
    response: bonusPageSchema,
    refusals: SCOPED,
  }),
  statsPlayers: def({
    method: 'GET',
    path: '/stats/players',
    summary: "Player data: each player's figures over the range, from the roll-ups",
    tag: 'stats',
    access: 'session',
    query: playerQuerySchema,
    response: playerPageSchema,
    refusals: SCOPED,
  }),
  statsTransfers: def({
    method: 'GET',
    path: '/stats/transfers',
    summary: 'Transfer data: one row per transfer in or out',
    tag: 'stats',
    access: 'session',
    query: transferQuerySchema,
    response: transferPageSchema,
    refusals: SCOPED,
  }),
  statsPrizes: def({
    method: 'GET',
    path: '/stats/prizes',
    summary: 'Prize details: one row per prize',
    tag: 'stats',
    access: 'session',
    query: prizeQuerySchema,
    response: prizePageSchema,
    refusals: SCOPED,
  }),
  statsOperatorDaily: def({
    method: 'GET',
    path: '/stats/operator-daily',
    summary: 'Operator daily data: per day, provider and currency, from the roll-ups',
    tag: 'stats',
    access: 'session',
    query: operatorDailyQuerySchema,
    response: operatorDailyPageSchema,
    refusals: SCOPED,
  }),
  statsLoginExport: def({
    method: 'GET',
    path: '/stats/login/export',
    summary: 'Login data as .xlsx (every row of the filter; 404 "Not have data to downoad" when none)',
    tag: 'stats',
    access: 'session',
    query: exportQuerySchemas.login,
    response: 'file',
    refusals: EXPORTED,
  }),
  statsRegisteredExport: def({
    method: 'GET',
    path: '/stats/registered/export',
    summary: 'Registered data as .xlsx',
    tag: 'stats',
    access: 'session',
    query: exportQuerySchemas.registered,
    response: 'file',
    refusals: EXPORTED,
  }),
  statsDailyExport: def({
    method: 'GET',
    path: '/stats/daily/export',
    summary: 'Daily data as .xlsx',
    tag: 'stats',
    access: 'session',
    query: exportQuerySchemas.daily,
    response: 'file',
    refusals: EXPORTED,
  }),
  statsGameRecordsExport: def({
    method: 'GET',
    path: '/stats/game-records/export',
    summary: 'Game record as .xlsx (streamed; any number of rows)',
    tag: 'stats',
    access: 'session',
    query: exportQuerySchemas['game-records'],
    response: 'file',
    refusals: EXPORTED,
  }),
  statsBonusExport: def({
    method: 'GET',
    path: '/stats/bonus/export',
    summary: 'Bonus details as .xlsx',
    tag: 'stats',
    access: 'session',
    query: exportQuerySchemas.bonus,
    response: 'file',
    refusals: EXPORTED,
  }),
  statsPlayersExport: def({
    method: 'GET',
    path: '/stats/players/export',
    summary: 'Player data as .xlsx',
    tag: 'stats',
    access: 'session',
    query: exportQuerySchemas.players,
    response: 'file',
    refusals: EXPORTED,
  }),
  statsTransfersExport: def({
    method: 'GET',
    path: '/stats/transfers/export',
    summary: 'Transfer data as .xlsx',
    tag: 'stats',
    access: 'session',
    query: exportQuerySchemas.transfers,
    response: 'file',
    refusals: EXPORTED,
  }),
  statsPrizesExport: def({
    method: 'GET',
    path: '/stats/prizes/export',
    summary: 'Prize details as .xlsx',
    tag: 'stats',
    access: 'session',
    query: exportQuerySchemas.prizes,
    response: 'file',
    refusals: EXPORTED,
  }),
  statsOperatorDailyExport: def({
    method: 'GET',
    path: '/stats/operator-daily/export',
    summary: 'Operator daily data as .xlsx',
    tag: 'stats',
    access: 'session',
    query: exportQuerySchemas['operator-daily'],
    response: 'file',
    refusals: EXPORTED,
  }),
  companyProfitCompare: def({
    method: 'GET',
    path: '/company-profit/compare',
    summary: 'Company Profit: two day ranges side by side, by provider, currency, game and day, and B − A',
    tag: 'stats',
    access: [PERM.COMPANY_PROFIT],
    query: profitCompareQuerySchema,
    response: profitCompareSchema,
    refusals: SCOPED,
  }),
  feedStatus: feedStatusEndpoint,
  // Exchange rates (contracts/http/rates.ts): read by Company Profit (12000) and their administrators
  // (12001); changed by the administrators only, every change audited.
  rateList: def({
    method: 'GET',
    path: '/exchange-rates/list',
    summary: 'Exchange rates per day (units of the currency per USD), newest day first',
    tag: 'rates',
    access: [PERM.COMPANY_PROFIT, PERM.EXCHANGE_RATES],
    query: rateListQuerySchema,
    response: ratePageSchema,
  }),
  rateSet: def({
    method: 'POST',
    path: '/exchange-rates/set',
    summary: 'Set the rate of a currency for every day of a range (replacing what was there)',
    tag: 'rates',
    access: [PERM.EXCHANGE_RATES],
    body: rateSetBodySchema,
    response: rateChangeSchema,
  }),
  rateDelete: def({
    method: 'POST',
    path: '/exchange-rates/delete',
    summary: 'Remove the rates of a currency for a range of days',
    tag: 'rates',
    access: [PERM.EXCHANGE_RATES],
    body: rateDeleteBodySchema,
    response: rateChangeSchema,
  }),
  rateImport: def({
    method: 'POST',
    path: '/exchange-rates/import',
    summary: 'Import rates from CSV text (day,currency,rate per line); one bad line refuses the file',
    tag: 'rates',
    access: [PERM.EXCHANGE_RATES],
    body: rateImportBodySchema,
    response: rateChangeSchema,
  }),
  rateHistory: def({
    method: 'GET',
    path: '/exchange-rates/history',
    summary: 'Who changed which rates, and when (from the audit log)',
    tag: 'rates',
    access: [PERM.COMPANY_PROFIT, PERM.EXCHANGE_RATES],
    query: rateHistoryQuerySchema,
    response: rateHistoryPageSchema,
  }),
  // Risk (contracts/http/risk.ts): findings of the risk engine, alerts, the manual risk list (8000) and
  // Risk Setting (10000); every change audited.
  riskGroups: def({
    method: 'GET',
    path: '/risk/crossbet/groups',
    summary: 'Cross-bet pairs and rings found by the risk engine, newest first, within your providers',
    tag: 'risk',
    access: [PERM.BACCARAT_MONITOR, PERM.RISK_DATA, PERM.TEEN_PATTI_MONITOR],
    watch: true,
    query: crossbetGroupsQuerySchema,
    response: riskPageSchema(crossbetGroupRowSchema),
  }),
  riskGroupRounds: def({
    method: 'GET',
    path: '/risk/crossbet/groups/:id/rounds',
    summary: "The evidence rounds of a cross-bet group, each with every member's bets",
    tag: 'risk',
    access: [PERM.BACCARAT_MONITOR, PERM.RISK_DATA],
    watch: true,
    query: groupRoundsQuerySchema,
    response: riskPageSchema(evidenceRoundSchema),
    refusals: { 404: 'No such group within your providers (code -1)' },
  }),
  riskCrossbetVolume: def({
    method: 'GET',
    path: '/risk/crossbet/volume',
    summary:
      "Evidence rounds of cross-bet pairs and rings per minute of their settlement, within your providers (the monitor's chart before it opened)",
    tag: 'risk',
    access: [PERM.BACCARAT_MONITOR, PERM.RISK_DATA],
    watch: true,
    query: crossbetVolumeQuerySchema,
    response: crossbetVolumeSchema,
  }),
  riskPlayers: def({
    method: 'GET',
    path: '/risk/players',
    summary: 'Abnormal players (win rate, bonus, transfer), newest first, within your providers',
    tag: 'risk',
    access: [PERM.RISK_DATA],
    watch: true,
    query: riskPlayersQuerySchema,
    response: riskPageSchema(riskPlayerRowSchema),
  }),
  riskProviders: def({
    method: 'GET',
    path: '/risk/providers',
    summary: 'Abnormal providers (margin, volume), newest first, within your providers',
    tag: 'risk',
    access: [PERM.RISK_DATA],
    watch: true,
    query: riskProvidersQuerySchema,
    response: riskPageSchema(riskProviderRowSchema),
  }),
  riskDetail: def({
    method: 'GET',
    path: '/risk/detail',
    summary:
      'Day-by-day statistics of one player (provider and account) or one provider over the last two months',
    tag: 'risk',
    access: [PERM.RISK_DATA],
    query: riskDetailQuerySchema,
    response: riskDetailSchema,
    refusals: SCOPED,
  }),
  alertList: def({
    method: 'GET',
    path: '/risk/alerts',
    summary: 'Alerts raised by the risk engine, newest first, filtered by level, kind, state and provider',
    tag: 'risk',
    access: [PERM.BACCARAT_MONITOR, PERM.RISK_DATA],
    query: alertListQuerySchema,
    watch: true,
    response: riskPageSchema(alertRowSchema),
  }),
  alertAction: def({
    method: 'POST',
    path: '/risk/alerts/action',
    summary: 'Acknowledge, assign, snooze, resolve (confirmed risk or false positive) or reopen an alert',
    tag: 'risk',
    access: [PERM.BACCARAT_MONITOR, PERM.RISK_DATA],
    body: alertActionBodySchema,
    response: alertRowSchema,
    refusals: {
      404: 'No such alert within your providers (code -1)',
      409: 'The alert is resolved, or not (code -1)',
    },
  }),
  manualRiskList: def({
    method: 'GET',
    path: '/risk/manual/list',
    summary: 'The manual risk list: player accounts an operator marked, with their risk type',
    tag: 'risk',
    access: [PERM.RISK_DATA],
    query: manualRiskQuerySchema,
    response: riskPageSchema(manualRiskRowSchema),
  }),
  manualRiskCreate: def({
    method: 'POST',
    path: '/risk/manual/create',
    summary: 'Add a player account of a provider to the manual risk list',
    tag: 'risk',
    access: [PERM.RISK_DATA],
    body: manualRiskCreateSchema,
    response: manualRiskRowSchema,
    refusals: { ...SCOPED, 409: 'Account and Provide Duplicate! (code -1)' },
  }),
  manualRiskUpdate: def({
    method: 'POST',
    path: '/risk/manual/update',
    summary: 'Change an entry of the manual risk list',
    tag: 'risk',
    access: [PERM.RISK_DATA],
    body: manualRiskUpdateSchema,
    response: manualRiskRowSchema,
    refusals: { ...SCOPED, 404: 'No such entry (code -1)', 409: 'Account and Provide Duplicate! (code -1)' },
  }),
  manualRiskDelete: def({
    method: 'POST',
    path: '/risk/manual/delete',
    summary: 'Remove an entry of the manual risk list',
    tag: 'risk',
    access: [PERM.RISK_DATA],
    body: idBodySchema,
    response: z.null(),
    refusals: { 404: 'No such entry (code -1)' },
  }),
  riskSettingsGet: def({
    method: 'GET',
    path: '/risk/settings',
    summary: 'The thresholds of the risk engine, who changed them last and when',
    tag: 'risk',
    access: [PERM.RISK_SETTING],
    response: riskSettingsViewSchema,
  }),
  riskSettingsSet: def({
    method: 'POST',
    path: '/risk/settings',
    summary: 'Change the thresholds of the risk engine (applied at once, without a restart)',
    tag: 'risk',
    access: [PERM.RISK_SETTING],
    body: riskSettingsSchema,
    response: riskSettingsViewSchema,
  }),
  riskBacktestStart: def({
    method: 'POST',
    path: '/risk/backtest',
    summary:
      'Start a backtest of proposed thresholds: the last two months replayed with them and with the current ones, ' +
      'with synthetic colluders injected; answers the job id to poll',
    tag: 'risk',
    access: [PERM.RISK_SETTING],
    body: backtestStartSchema,
    response: backtestStartedSchema,
    refusals: { 409: 'Too many backtests are running on this gateway; try again later (code -1)' },
  }),
  riskBacktestStatus: def({
    method: 'GET',
    path: '/risk/backtest/:id',
    summary: 'Progress of a backtest (rounds replayed, phase) and, once done, its result',
    tag: 'risk',
    access: [PERM.RISK_SETTING],
    response: backtestStatusSchema,
    refusals: { 404: 'No such backtest of yours, or it was forgotten (code -1)' },
  }),
  riskBacktestCancel: def({
    method: 'DELETE',
    path: '/risk/backtest/:id',
    summary: 'Cancel a running backtest (a finished one stays as it is)',
    tag: 'risk',
    access: [PERM.RISK_SETTING],
    response: backtestStatusSchema,
    refusals: { 404: 'No such backtest of yours, or it was forgotten (code -1)' },
  }),
  telegramList: def({
    method: 'GET',
    path: '/risk/telegram/list',
    summary: 'Telegram groups that receive the alerts',
    tag: 'risk',
    access: [PERM.RISK_SETTING],
    response: z.array(telegramGroupRowSchema),
  }),
  telegramCreate: def({
    method: 'POST',
    path: '/risk/telegram/create',
    summary: 'Add a Telegram group (provider name, company name, group id)',
    tag: 'risk',
    access: [PERM.RISK_SETTING],
    body: telegramCreateSchema,
    response: telegramGroupRowSchema,
  }),
  telegramUpdate: def({
    method: 'POST',
    path: '/risk/telegram/update',
    summary: 'Change a Telegram group',
    tag: 'risk',
    access: [PERM.RISK_SETTING],
    body: telegramUpdateSchema,
    response: telegramGroupRowSchema,
    refusals: { 404: 'No such group (code -1)' },
  }),
  telegramDelete: def({
    method: 'POST',
    path: '/risk/telegram/delete',
    summary: 'Remove a Telegram group',
    tag: 'risk',
    access: [PERM.RISK_SETTING],
    body: idBodySchema,
    response: z.null(),
    refusals: { 404: 'No such group (code -1)' },
  }),
  telegramTest: def({
    method: 'POST',
    path: '/risk/telegram/test',
    summary: 'Send a test message to a Telegram group now and say what Telegram answered',
    tag: 'risk',
    access: [PERM.RISK_SETTING],
    body: idBodySchema,
    response: telegramTestResultSchema,
    refusals: { 404: 'No such group (code -1)' },
  }),
  // Table setting (contracts/http/tables.ts): the game tables, 13001 for everything, every change audited.
  tableList: def({
    method: 'GET',
    path: '/gamesetting/table/list',
    summary:
      'Configured game tables, newest first, filtered by game, enabled and a keyword (table id or name)',
    tag: 'tables',
    access: [PERM.TABLE_SETTING],
    query: tableListQuerySchema,
    response: tablePageSchema,
  }),
  tableUnconfigured: def({
    method: 'GET',
    path: '/gamesetting/table/unconfigured',
    summary:
      'Tables the stored rounds name that are not configured: first and last seen, round count (most recent first)',
    tag: 'tables',
    access: [PERM.TABLE_SETTING],
    response: z.array(unconfiguredTableSchema),
  }),
  tableCreate: def({
    method: 'POST',
    path: '/gamesetting/table/create',
    summary:
      'Configure a table: game, table id, name, icon (PNG, JPEG, WebP or GIF, base64, at most 512 KB), type, enabled',
    tag: 'tables',
    access: [PERM.TABLE_SETTING],
    body: tableCreateBodySchema,
    response: tableRowSchema,
    refusals: {
      409: 'ID already exists (the table id), or Game ID have already exist (the name within the game) (code -1)',
    },
  }),
  tableUpdate: def({
    method: 'POST',
    path: '/gamesetting/table/update',
    summary: 'Change a table (without icon it keeps its icon)',
    tag: 'tables',
    access: [PERM.TABLE_SETTING],
    body: tableUpdateBodySchema,
    response: tableRowSchema,
    refusals: {
      404: 'No such table (code -1)',
      409: 'ID already exists (the table id), or Game ID have already exist (the name within the game) (code -1)',
    },
  }),
  tableEnabled: def({
    method: 'POST',
    path: '/gamesetting/table/enabled',
    summary: 'Enable or disable a table',
    tag: 'tables',
    access: [PERM.TABLE_SETTING],
    body: tableEnabledBodySchema,
    response: tableRowSchema,
    refusals: { 404: 'No such table (code -1)' },
  }),
  tableDelete: def({
    method: 'POST',
    path: '/gamesetting/table/delete',
    summary: 'Delete a table and its icon',
    tag: 'tables',
    access: [PERM.TABLE_SETTING],
    body: tableDeleteBodySchema,
    response: z.null(),
    refusals: { 404: 'No such table (code -1)' },
  }),
  // Wall screens (contracts/http/display.ts): paired by code, approved, listed and revoked by account
  // administrators; approval and revocation audited.
  displayPair: def({
    method: 'POST',
    path: '/display/pair',
    summary: 'A wall screen asks to pair: a display token (kept by the wall) and a code to show',
    tag: 'display',
    access: 'public',
    body: displayPairBodySchema,
    response: displayPairResultSchema,
    refusals: { 429: 'Too many pairing requests from this address (code -1)' },
  }),
  displayMe: def({
    method: 'GET',
    path: '/display/me',
    summary: 'The wall screen of the bearer display token: pending (with its code) or active',
    tag: 'display',
    access: 'display',
    response: displaySelfSchema,
  }),
  displayPending: def({
    method: 'GET',
    path: '/display/pending',
    summary: 'The pending pairing request of a code (what is about to be approved)',
    tag: 'display',
    access: [DISPLAY_ADMIN_PERMISSION],
    query: displayPendingQuerySchema,
    response: displayPendingSchema,
    refusals: { 404: 'No pending request with this code, or it expired (code -1)' },
  }),
  displayApprove: def({
    method: 'POST',
    path: '/display/approve',
    summary: "Approve a wall screen's code: bind it to a role's monitor codes and to providers",
    tag: 'display',
    access: [DISPLAY_ADMIN_PERMISSION],
    body: displayApproveBodySchema,
    response: z.object({ id: z.number().int() }),
    refusals: {
      403: 'A monitor code or provider you do not hold (code -1)',
      404: 'No pending request with this code, or it expired; or no such role (code -1)',
    },
  }),
  displayList: def({
    method: 'GET',
    path: '/display/list',
    summary: 'Paired wall screens with their role, providers and last contact',
    tag: 'display',
    access: [DISPLAY_ADMIN_PERMISSION],
    query: displayListQuerySchema,
    response: pageSchema(displayRowSchema),
  }),
  displayRevoke: def({
    method: 'POST',
    path: '/display/revoke',
    summary: 'Revoke a wall screen: its sockets are disconnected and its token refused at once',
    tag: 'display',
    access: [DISPLAY_ADMIN_PERMISSION],
    body: displayRevokeBodySchema,
    response: z.null(),
    refusals: { 404: 'No such display (code -1)' },
  }),
  displayRename: def({
    method: 'POST',
    path: '/display/rename',
    summary: 'Rename an active wall screen',
    tag: 'display',
    access: [DISPLAY_ADMIN_PERMISSION],
    body: displayRenameBodySchema,
    response: z.null(),
    refusals: { 404: 'No such active display (code -1)' },
  }),
  liveReplay: def({
    method: 'GET',
    path: '/live/replay',
    summary:
      "A period's settled rounds (flagged ones marked) and alerts in event-time order, a page at a time, for the monitor's replay",
    tag: 'live',
    access: [PERM.BACCARAT_MONITOR],
    watch: true,
    query: liveReplayQuerySchema,
    response: liveReplayPageSchema,
  }),
  liveTables: def({
    method: 'GET',
    path: '/live/tables',
    summary:
      "A game's live tables: each one's current round (your providers' totals so far) and its shoe's road",
    tag: 'live',
    access: [PERM.BACCARAT_MONITOR, PERM.TEEN_PATTI_MONITOR],
    watch: true,
    query: liveTablesQuerySchema,
    response: z.array(liveTableSchema),
    refusals: { 403: "The game's monitor permission is missing (3000 baccarat, 11001 Teen Patti) (code -1)" },
  }),
  // Teen Patti test tools (11002) and simulated data viewer (11003): contracts/http/teenPatti.ts.
  tpEvaluate: def({
    method: 'POST',
    path: '/teen-patti/tools/evaluate',
    summary:
      'Rank one or two hands typed as cards (3: Teen Patti, 5: poker); for two, which wins and why. A bad card is refused naming it',
    tag: 'teenPatti',
    access: [PERM.TEEN_PATTI_TEST_TOOLS],
    body: tpEvaluateBodySchema,
    response: tpEvaluateResultSchema,
  }),
  tpDeal: def({
    method: 'GET',
    path: '/teen-patti/tools/deal',
    summary: 'The deal of a seed for some players (the same seed deals the same cards anywhere)',
    tag: 'teenPatti',
    access: [PERM.TEEN_PATTI_TEST_TOOLS],
    query: tpDealQuerySchema,
    response: tpDealResultSchema,
  }),
  tpSimRun: def({
    method: 'POST',
    path: '/teen-patti/sims/run',
    summary: 'Start a simulation of N rounds in the gateway; read its progress with /teen-patti/sims/get',
    tag: 'teenPatti',
    access: [PERM.TEEN_PATTI_TEST_TOOLS],
    body: tpSimRunBodySchema,
    response: tpSimStartedSchema,
    refusals: { 409: 'Too many simulations running at once (code -1)' },
  }),
  tpSimCancel: def({
    method: 'POST',
    path: '/teen-patti/sims/cancel',
    summary: 'Stop a running simulation (the rounds played so far are kept)',
    tag: 'teenPatti',
    access: [PERM.TEEN_PATTI_TEST_TOOLS],
    body: tpSimIdBodySchema,
    response: tpSimRowSchema,
    refusals: { 404: 'No such simulation (code -1)', 409: 'The simulation is not running (code -1)' },
  }),
  tpSimSave: def({
    method: 'POST',
    path: '/teen-patti/sims/save',
    summary: 'Name a finished or cancelled simulation and list it in the viewer',
    tag: 'teenPatti',
    access: [PERM.TEEN_PATTI_TEST_TOOLS],
    body: tpSimSaveBodySchema,
    response: tpSimRowSchema,
    refusals: { 404: 'No such simulation (code -1)', 409: 'The simulation is still running (code -1)' },
  }),
  tpSimDelete: def({
    method: 'POST',
    path: '/teen-patti/sims/delete',
    summary: 'Delete a simulation and its rounds',
    tag: 'teenPatti',
    access: [PERM.TEEN_PATTI_TEST_TOOLS],
    body: tpSimIdBodySchema,
    response: z.null(),
    refusals: { 404: 'No such simulation (code -1)', 409: 'The simulation is still running (code -1)' },
  }),
  tpSimGet: def({
    method: 'GET',
    path: '/teen-patti/sims/get',
    summary: "A simulation: progress, frequencies and each bet's RTP and house edge against theory",
    tag: 'teenPatti',
    access: [PERM.TEEN_PATTI_TEST_TOOLS, PERM.TEEN_PATTI_DATA_VIEWER],
    query: tpSimIdQuerySchema,
    response: tpSimDetailSchema,
    refusals: { 404: 'No such simulation (code -1)' },
  }),
  tpSimList: def({
    method: 'GET',
    path: '/teen-patti/sims/list',
    summary: 'Saved simulations, newest first',
    tag: 'teenPatti',
    access: [PERM.TEEN_PATTI_DATA_VIEWER],
    query: tpSimListQuerySchema,
    response: tpSimPageSchema,
  }),
  tpSimRounds: def({
    method: 'GET',
    path: '/teen-patti/sims/rounds',
    summary: 'Rounds of a simulation in order, filtered by winning hand, winning seat, A/B result and payout',
    tag: 'teenPatti',
    access: [PERM.TEEN_PATTI_DATA_VIEWER],
    query: tpSimRoundsQuerySchema,
    response: tpSimRoundsPageSchema,
    refusals: { 404: 'No such simulation (code -1)' },
  }),
  tpSimExport: def({
    method: 'GET',
    path: '/teen-patti/sims/rounds/export',
    summary: 'Rounds of a simulation as .xlsx (the same filters; streamed, any number of rows)',
    tag: 'teenPatti',
    access: [PERM.TEEN_PATTI_DATA_VIEWER],
    query: tpSimExportQuerySchema,
    response: 'file',
    refusals: { 404: 'No such simulation, or no round matches (code -1)' },
  }),
} satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;

/**
 * An operation served outside the envelope registry, with a body or an answer of its own (a signed
 * machine-to-machine batch, an image): the gateway mounts it at `path` and the OpenAPI document lists it
 * beside the registry, with every status it answers.
 */
export interface RawOperationDef {
  method: 'GET' | 'POST';
  /** OpenAPI path template relative to `API_BASE` (`{name}` for a path parameter). */
  path: string;
  summary: string;
  description: string;
  tag: string;
  /**
   * `signed`: no user token, an HMAC of the body with the shared ingest secret; `session`: a signed-in
   * account, by its bearer token or (for an `<img>`, which sends no header) the `Admin-Token` cookie; a
   * list of permission codes: such an account holding one of them.
   */
  access: 'signed' | 'session' | readonly string[];
  pathParams?: Readonly<Record<string, string>>;
  headers?: Readonly<Record<string, string>>;
  body?: z.ZodType;
  /** Schema of `data` in the success envelope, or the media type of an answer that is not JSON. */
  response: z.ZodType | { mediaType: string };
  statuses: Readonly<Record<number, string>>;
}

export const rawOperations = {
  ingestEvents: {
    method: 'POST',
    path: '/ingest/events',
    summary: 'Signed batch of platform events from the games platform (machine to machine)',
    description:
      'Enabled by DMS_INGEST_SECRET. Each event is checked on its own: bad ones are refused by index with a ' +
      'reason, the good ones of the batch are stored; the answer comes once they are committed. Events are ' +
      'idempotent by id, so a batch may be sent again.',
    tag: 'ingest',
    access: 'signed',
    headers: {
      [INGEST_TIMESTAMP_HEADER]: "The sender's clock, epoch ms (at most 5 minutes off)",
      [INGEST_SIGNATURE_HEADER]:
        'sha256=<hex HMAC-SHA256 with the shared secret over "<timestamp>.<raw body>">',
    },
    body: ingestBatchSchema,
    response: ingestResultSchema,
    statuses: {
      200: 'Stored: accepted, duplicates and refused events (each with index, id and reason)',
      400: 'The body is no JSON, or not a batch {events: [...]}, or the batch is empty (code -1)',
      401: 'A missing or wrong signature, or a stale timestamp (code -1)',
      413: `More than ${INGEST_MAX_EVENTS} events, or a body over 5 MB (code -1)`,
      415: 'An unsupported body encoding (code -1)',
      429: 'Too many requests from this address (code -1)',
      503: 'The store failed: send the batch again, replays are harmless (code -1)',
    },
  },
  avatar: {
    method: 'GET',
    path: `${AVATAR_PATH}/{uid}`,
    summary: "The signed-in account's generated avatar (SVG with its initials)",
    description:
      'Loaded by an <img>, which sends the Admin-Token cookie rather than a bearer header; either signs it ' +
      'in. Resize parameters (?imageView2/1/w/80/h/80) are accepted and ignored: the SVG scales.',
    tag: 'user',
    access: 'session',
    pathParams: { uid: "The account's id (uid of GET /user/info)" },
    response: { mediaType: 'image/svg+xml' },
    statuses: {
      200: 'The SVG image',
      400: 'A uid that cannot be percent-decoded (code -1)',
      401: 'No, unknown or expired session (code -2)',
      404: 'Not the avatar of the signed-in account (code -1)',
    },
  },
  tableIcon: {
    method: 'GET',
    path: `${TABLE_ICON_PATH}/{id}`,
    summary: "A configured table's icon, with its media type",
    description:
      'Loaded by an <img>, which sends the Admin-Token cookie rather than a bearer header; either signs it ' +
      `in. The media type is the one the image's first bytes showed on upload (${TABLE_ICON_TYPES.join(', ')}).`,
    tag: 'tables',
    access: [PERM.TABLE_SETTING],
    pathParams: { id: 'The table id of the list (id, not the platform table id)' },
    response: { mediaType: 'image/*' },
    statuses: {
      200: 'The image',
      400: 'An id that is no whole number from 1 to 2147483647 (code -1)',
      401: 'No, unknown or expired session (code -2)',
      403: 'No permission 13001 (code -1)',
      404: 'No such table (code -1)',
    },
  },
} as const satisfies Record<string, RawOperationDef>;
