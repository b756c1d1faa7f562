/** The actions the audit log records (`action` of an audit row). */
export const AUDIT_ACTIONS = {
  loginSucceeded: 'login.success',
  loginFailed: 'login.failure',
  loggedOut: 'logout',
  passwordChanged: 'password.change',
  accountCreated: 'account.create',
  accountUpdated: 'account.update',
  accountDeleted: 'account.delete',
  roleCreated: 'role.create',
  roleUpdated: 'role.update',
  roleDeleted: 'role.delete',
  rateSet: 'rate.set',
  rateDeleted: 'rate.delete',
  rateImported: 'rate.import',
  displayApproved: 'display.approve',
  displayRevoked: 'display.revoke',
  displayRenamed: 'display.rename',
  alertAcknowledged: 'alert.acknowledge',
  alertAssigned: 'alert.assign',
  alertSnoozed: 'alert.snooze',
  alertResolved: 'alert.resolve',
  alertReopened: 'alert.reopen',
  riskManualCreated: 'risk.manual.create',
  riskManualUpdated: 'risk.manual.update',
  riskManualDeleted: 'risk.manual.delete',
  riskSettingsChanged: 'risk.settings',
  riskBacktestRun: 'risk.backtest',
  telegramCreated: 'telegram.create',
  telegramUpdated: 'telegram.update',
  telegramDeleted: 'telegram.delete',
  tableCreated: 'table.create',
  tableUpdated: 'table.update',
  tableEnabled: 'table.enable',
  tableDisabled: 'table.disable',
  tableDeleted: 'table.delete',
  tpSimRun: 'tp.sim.run',
  tpSimCancelled: 'tp.sim.cancel',
  tpSimSaved: 'tp.sim.save',
  tpSimDeleted: 'tp.sim.delete',
} as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

/** What an audit row is about (`targetType`). */
export type AuditTargetType =
  | 'account'
  | 'role'
  | 'setting'
  | 'display'
  | 'alert'
  | 'risk'
  | 'table'
  | 'simulation';
