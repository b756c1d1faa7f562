import { AUDIT_ACTIONS } from '@dms/shared/contracts/http/auditActions';
import {
  ALERT_SNOOZE_MAX_MS,
  RISK_DETAIL_DAYS,
  type AlertActionBody,
  type AlertListQuery,
  type AlertRow,
  type CrossbetGroupRow,
  type CrossbetGroupsQuery,
  type CrossbetVolume,
  type CrossbetVolumeQuery,
  CROSSBET_VOLUME_BUCKET_MS,
  type EvidenceRound,
  type ManualRiskCreate,
  type ManualRiskQuery,
  type ManualRiskRow,
  type ManualRiskUpdate,
  type RiskDetail,
  type RiskDetailQuery,
  type RiskPage,
  type RiskPlayerRow,
  type RiskPlayersQuery,
  type RiskProviderRow,
  type RiskProvidersQuery,
  type RiskSettingsView,
  type TelegramCreate,
  type TelegramGroupRow,
  type TelegramUpdate,
} from '@dms/shared/contracts/http/risk';
import {
  DEFAULT_RISK_SETTINGS,
  riskSettingsSchema,
  type RiskSettings,
} from '@dms/shared/contracts/http/riskSettings';
import { LIVE_EVENTS } from '@dms/shared/contracts/live/events';
import { addDays, businessDayOf } from '@dms/shared/format/businessDay';
import type { RiskLevel } from '@dms/shared/domain/enums';
import { refuse } from '../../platform/errors/errors';
import type { AuthContext } from '../../platform/auth/auth.context';
import type { Db, Store } from '../../platform/db/db.store';
import type { ReplayRecord } from '../../platform/live/live.replay';
import type { AuditService } from '../audit/audit.service';
import {
  asRiskDb,
  evidenceByMinute,
  findAccount,
  providerScope,
  scopeFilter,
  type RiskReadDb,
} from './risk.repository';
import { alertChange, providersOf, storeChange, type AlertRecord } from './risk.sink';

export interface RiskServiceDeps {
  store: Store;
  audit: AuditService;
  now: () => number;
  timeZone: string;
  /** Pushes stored changes to the live channel (after their transaction committed). */
  publish: (records: readonly ReplayRecord[]) => void;
  /** New thresholds for the running detector (applied at once). */
  onSettings: (settings: RiskSettings) => void;
  /** Sends one Telegram message now (the test send); undefined when no bot token is configured. */
  sendTelegram?: ((chatId: string, text: string) => Promise<{ ok: boolean; detail: string }>) | undefined;
}

const offset = (page: number, size: number) => (page - 1) * size;
const inScope = (auth: AuthContext, provider: number) =>
  auth.scope.providers === 'all' || auth.scope.providers.includes(provider);

type AlertDbRow = AlertRecord & {
  seq: number;
  assignee_id: number | null;
  assignee_name: string | null;
  snoozed_until: number | null;
};

/** A snoozed alert whose snooze has run out is open again (read as such; no job rewrites it). */
const snoozeOver = (r: AlertDbRow, now: number) =>
  r.state === 'snoozed' && r.snoozed_until !== null && Number(r.snoozed_until) <= now;

function alertRow(r: AlertDbRow, now: number): AlertRow {
  return {
    id: Number(r.id),
    seq: Number(r.seq),
    kind: r.kind,
    level: r.level,
    state: snoozeOver(r, now) ? 'open' : r.state,
    subject: r.subject,
    providers: providersOf(r.providers),
    raisedAt: Number(r.raised_at),
    assignee: r.assignee_id !== null ? { id: r.assignee_id, name: r.assignee_name ?? '' } : null,
    snoozedUntil: r.snoozed_until !== null ? Number(r.snoozed_until) : null,
    outcome: r.outcome === 'confirmed' || r.outcome === 'false_positive' ? r.outcome : null,
    by: r.by_id !== null ? { id: r.by_id, name: r.by_name ?? '' } : null,
    at: r.at !== null ? Number(r.at) : null,
  };
}

/**
 * The risk API (`contracts/http/risk.ts`): what the engine found, scoped to the caller's providers; the
 * alerts and what operators do with them; the manual risk list; Risk Setting and Telegram groups. Every
 * change is audited in its own transaction; alert changes are numbered in the store and pushed live.
 */
export class RiskService {
  private readonly db: RiskReadDb;

  constructor(private readonly deps: RiskServiceDeps) {
    this.db = deps.store.db as unknown as RiskReadDb;
  }

  // Findings ---------------------------------------------------------------------------------------------

  async groups(auth: AuthContext, q: CrossbetGroupsQuery): Promise<RiskPage<CrossbetGroupRow>> {
    let query = this.db.selectFrom('risk_group').where(scopeFilter(auth.scope.providers));
    if (q.kind) query = query.where('kind', '=', q.kind);
    if (q.level) query = query.where('level', '=', q.level);
    if (q.provider) query = query.where('providers', 'like', `%,${q.provider},%`);
    if (q.account) query = query.where('accounts', 'like', `%:${q.account.replace(/[%_]/g, '')}%`);
    const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('last_seen_at', 'desc')
      .orderBy('id')
      .limit(q.size)
      .offset(offset(q.page, q.size))
      .execute();
    return {
      total: Number(total?.n ?? 0),
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind === 'ring' ? 'ring' : 'pair',
        level: Number(r.level) as RiskLevel,
        score: Number(r.score),
        members: JSON.parse(r.members) as CrossbetGroupRow['members'],
        rounds: Number(r.rounds),
        turnover: Number(r.turnover),
        firstDetectedAt: Number(r.first_detected_at),
        lastSeenAt: Number(r.last_seen_at),
        tables: JSON.parse(r.tables) as string[],
      })),
    };
  }

  /**
   * Evidence rounds of the groups within the caller's providers, per minute of their settlement, for pairs
   * and rings, over `minutes` up to `to`: counted up to the newest evidence stored when asked (`seq`), so that
   * a client adds the live changes after it only.
   */
  async crossbetVolume(auth: AuthContext, q: CrossbetVolumeQuery): Promise<CrossbetVolume> {
    const to = q.to ?? this.deps.now();
    const from = to - q.minutes * 60_000;
    const { seq, rows } = await evidenceByMinute(this.db, {
      from,
      to,
      gameId: q.gameId,
      scope: auth.scope.providers,
      bucketMs: CROSSBET_VOLUME_BUCKET_MS,
    });
    const byMinute = new Map<number, { t: number; pairs: number; rings: number }>();
    for (const row of rows) {
      const point = byMinute.get(row.t) ?? { t: row.t, pairs: 0, rings: 0 };
      if (row.kind === 'ring') point.rings += row.n;
      else point.pairs += row.n;
      byMinute.set(row.t, point);
    }
    return {
      seq,
      from,
      to,
      bucketMs: CROSSBET_VOLUME_BUCKET_MS,
      points: [...byMinute.values()].sort((a, b) => a.t - b.t),
    };
  }

  async groupRounds(
    auth: AuthContext,
    id: string,
    q: { page: number; size: number },
  ): Promise<RiskPage<EvidenceRound>> {
    const group = await this.db
      .selectFrom('risk_group')
      .select(['members'])
      .where('id', '=', id)
      .where(scopeFilter(auth.scope.providers))
      .executeTakeFirst();
    if (!group) throw refuse.notFound('risk.groupNotFound');
    const members = JSON.parse(group.members) as { provider: number; account: string }[];
    const total = await this.db
      .selectFrom('risk_group_round')
      .where('group_id', '=', id)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const rounds = await this.db
      .selectFrom('risk_group_round as g')
      .leftJoin('game_round as r', 'r.id', 'g.round_id')
      .select(['g.round_id', 'r.game_id', 'r.table_id', 'r.settled_at', 'r.result'])
      .where('g.group_id', '=', id)
      .orderBy('g.seq', 'desc')
      .orderBy('g.round_id')
      .limit(q.size)
      .offset(offset(q.page, q.size))
      .execute();
    const ids = rounds.map((r) => r.round_id);
    const bets =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('bet_record')
            .select(['round_id', 'provider', 'account', 'currency', 'bet_type', 'amount', 'payout'])
            .where('round_id', 'in', ids)
            .where((eb) =>
              eb.or(
                members.map((m) => eb.and([eb('provider', '=', m.provider), eb('account', '=', m.account)])),
              ),
            )
            .orderBy('round_id')
            .orderBy('ts')
            .execute();
    const byRound = new Map<string, EvidenceRound['bets']>();
    for (const b of bets) {
      const list = byRound.get(b.round_id) ?? [];
      list.push({
        provider: Number(b.provider),
        account: b.account,
        currency: b.currency,
        betType: b.bet_type,
        amount: Number(b.amount),
        payout: b.payout === null ? null : Number(b.payout),
      });
      byRound.set(b.round_id, list);
    }
    return {
      total: Number(total?.n ?? 0),
      items: rounds.map((r) => ({
        roundId: r.round_id,
        gameId: Number(r.game_id ?? 0),
        tableId: r.table_id ?? '',
        settledAt: r.settled_at === null || r.settled_at === undefined ? null : Number(r.settled_at),
        result: r.result ? (JSON.parse(r.result) as Record<string, unknown>) : null,
        bets: byRound.get(r.round_id) ?? [],
      })),
    };
  }

  async players(auth: AuthContext, q: RiskPlayersQuery): Promise<RiskPage<RiskPlayerRow>> {
    let query = this.db.selectFrom('risk_player').where(providerScope(auth.scope.providers));
    if (q.level) query = query.where('level', '=', q.level);
    if (q.provider) query = query.where('provider', '=', q.provider);
    if (q.account) query = query.where('account', '=', q.account);
    const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('last_seen_at', 'desc')
      .orderBy('provider')
      .orderBy('account')
      .limit(q.size)
      .offset(offset(q.page, q.size))
      .execute();
    return {
      total: Number(total?.n ?? 0),
      items: rows.map((r) => ({
        provider: Number(r.provider),
        account: r.account,
        kinds: r.kinds.split(',').filter(Boolean) as RiskPlayerRow['kinds'],
        level: Number(r.level) as RiskLevel,
        score: Number(r.score),
        reason: r.reason,
        firstDetectedAt: Number(r.first_detected_at),
        lastSeenAt: Number(r.last_seen_at),
      })),
    };
  }

  async providers(auth: AuthContext, q: RiskProvidersQuery): Promise<RiskPage<RiskProviderRow>> {
    let query = this.db.selectFrom('risk_provider').where(providerScope(auth.scope.providers));
    if (q.level) query = query.where('level', '=', q.level);
    const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('last_seen_at', 'desc')
      .orderBy('provider')
      .limit(q.size)
      .offset(offset(q.page, q.size))
      .execute();
    return {
      total: Number(total?.n ?? 0),
      items: rows.map((r) => ({
        provider: Number(r.provider),
        kinds: r.kinds.split(',').filter(Boolean) as RiskProviderRow['kinds'],
        level: Number(r.level) as RiskLevel,
        score: Number(r.score),
        reason: r.reason,
        firstDetectedAt: Number(r.first_detected_at),
        lastSeenAt: Number(r.last_seen_at),
      })),
    };
  }

  /** Day by day over the last two months: one player (provider + account), or a whole provider. */
  async detail(auth: AuthContext, q: RiskDetailQuery): Promise<RiskDetail> {
    if (!inScope(auth, q.provider)) throw refuse.forbidden('base.unknownProvider', { provider: q.provider });
    const to = businessDayOf(this.deps.now(), this.deps.timeZone);
    const from = addDays(to, -(RISK_DETAIL_DAYS - 1));
    if (q.account) {
      const rows = await this.db
        .selectFrom('daily_player')
        .select(['day', 'currency'])
        .select((eb) => [
          eb.fn.sum<number>('turnover').as('turnover'),
          eb.fn.sum<number>('payout').as('payout'),
          eb.fn.sum<number>('bets').as('bets'),
          eb.fn.sum<number>('transfer_in').as('transfer_in'),
          eb.fn.sum<number>('transfer_out').as('transfer_out'),
          eb.fn.sum<number>('bonus').as('bonus'),
        ])
        .where('provider', '=', q.provider)
        .where('account', '=', q.account)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['day', 'currency'])
        .orderBy('day')
        .orderBy('currency')
        .execute();
      return {
        from,
        to,
        days: rows.map((r) => ({
          day: r.day,
          currency: r.currency,
          turnover: Number(r.turnover),
          payout: Number(r.payout),
          profit: Number(r.turnover) - Number(r.payout),
          bets: Number(r.bets),
          transferIn: Number(r.transfer_in),
          transferOut: Number(r.transfer_out),
          bonus: Number(r.bonus),
        })),
      };
    }
    const games = await this.db
      .selectFrom('daily_game')
      .select(['day', 'currency'])
      .select((eb) => [
        eb.fn.sum<number>('turnover').as('turnover'),
        eb.fn.sum<number>('payout').as('payout'),
        eb.fn.sum<number>('bets').as('bets'),
      ])
      .where('provider', '=', q.provider)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(['day', 'currency'])
      .execute();
    const money = await this.db
      .selectFrom('daily_account')
      .select(['day', 'currency', 'transfer_in', 'transfer_out', 'bonus'])
      .where('provider', '=', q.provider)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    const byKey = new Map<string, RiskDetail['days'][number]>();
    const entry = (day: string, currency: string) => {
      const key = `${day}|${currency}`;
      let e = byKey.get(key);
      if (!e) {
        e = {
          day,
          currency,
          turnover: 0,
          payout: 0,
          profit: 0,
          bets: 0,
          transferIn: 0,
          transferOut: 0,
          bonus: 0,
        };
        byKey.set(key, e);
      }
      return e;
    };
    for (const g of games) {
      const e = entry(g.day, g.currency);
      e.turnover += Number(g.turnover);
      e.payout += Number(g.payout);
      e.profit = e.turnover - e.payout;
      e.bets += Number(g.bets);
    }
    for (const m of money) {
      const e = entry(m.day, m.currency);
      e.transferIn += Number(m.transfer_in);
      e.transferOut += Number(m.transfer_out);
      e.bonus += Number(m.bonus);
    }
    const days = [...byKey.values()].sort(
      (a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency),
    );
    return { from, to, days };
  }

  // Alerts -----------------------------------------------------------------------------------------------

  async alerts(auth: AuthContext, q: AlertListQuery): Promise<RiskPage<AlertRow>> {
    let query = this.db.selectFrom('risk_alert').where(scopeFilter(auth.scope.providers));
    if (!auth.isSuperRole && !auth.permissions.includes('8000')) query = query.where('kind', '=', 'crossbet');
    if (q.level) query = query.where('level', '=', q.level);
    if (q.kind) query = query.where('kind', '=', q.kind);
    const now = this.deps.now();
    // Snoozes end by themselves: an alert snoozed until a past time is open.
    if (q.state === 'open')
      query = query.where((eb) =>
        eb.or([
          eb('state', '=', 'open'),
          eb.and([eb('state', '=', 'snoozed'), eb('snoozed_until', '<=', now)]),
        ]),
      );
    else if (q.state === 'snoozed')
      query = query.where('state', '=', 'snoozed').where('snoozed_until', '>', now);
    else if (q.state) query = query.where('state', '=', q.state);
    if (q.provider) query = query.where('providers', 'like', `%,${q.provider},%`);
    const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset(offset(q.page, q.size))
      .execute();
    return {
      total: Number(total?.n ?? 0),
      items: rows.map((r) => alertRow(r as unknown as AlertDbRow, now)),
    };
  }

  async alertAction(auth: AuthContext, body: AlertActionBody, ip: string): Promise<AlertRow> {
    const now = this.deps.now();
    const { row, record } = await this.deps.store.transaction(async (tx) => {
      const db = tx as unknown as RiskReadDb;
      let query = db
        .selectFrom('risk_alert')
        .selectAll()
        .where('id', '=', body.id)
        .where(scopeFilter(auth.scope.providers));
      if (!auth.isSuperRole && !auth.permissions.includes('8000'))
        query = query.where('kind', '=', 'crossbet');
      const current = (await query.executeTakeFirst()) as unknown as AlertDbRow | undefined;
      if (!current) throw refuse.notFound('risk.alertNotFound');
      if (body.action === 'reopen') {
        if (current.state !== 'resolved') throw refuse.conflict('risk.alertNotResolved');
      } else if (current.state === 'resolved') throw refuse.conflict('risk.alertResolved');
      const by = { by_id: auth.accountId, by_name: auth.account, at: now };
      let set: Partial<AlertDbRow>;
      let action: (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];
      switch (body.action) {
        case 'acknowledge':
          set = { state: 'acknowledged', snoozed_until: null };
          action = AUDIT_ACTIONS.alertAcknowledged;
          break;
        case 'assign': {
          const assignee = await findAccount(tx, body.assignee ?? auth.accountId);
          if (!assignee) throw refuse.bad('risk.assigneeNotFound');
          set = {
            assignee_id: assignee.id,
            assignee_name: assignee.name,
            state: current.state === 'open' ? 'acknowledged' : current.state,
          };
          action = AUDIT_ACTIONS.alertAssigned;
          break;
        }
        case 'snooze':
          if (body.until <= now || body.until > now + ALERT_SNOOZE_MAX_MS)
            throw refuse.bad('risk.snoozeRange');
          set = { state: 'snoozed', snoozed_until: body.until };
          action = AUDIT_ACTIONS.alertSnoozed;
          break;
        case 'resolve':
          set = { state: 'resolved', outcome: body.outcome, snoozed_until: null };
          action = AUDIT_ACTIONS.alertResolved;
          break;
        case 'reopen':
          set = { state: 'open', outcome: null };
          action = AUDIT_ACTIONS.alertReopened;
          break;
      }
      const next = { ...current, ...set, ...by } as AlertDbRow;
      const event = next.state === 'resolved' ? LIVE_EVENTS.alertResolved : LIVE_EVENTS.alertAcknowledged;
      const record = await storeChange(asRiskDb(tx), event, alertChange(next), now);
      const seq = (record.payload as { seq: number }).seq;
      await db
        .updateTable('risk_alert')
        .set({ ...set, ...by, seq } as never)
        .where('id', '=', body.id)
        .execute();
      await this.deps.audit.record(
        {
          actor: { id: auth.accountId, name: auth.account },
          action,
          targetType: 'alert',
          targetId: body.id,
          detail: { ...body },
          ip,
        },
        tx,
      );
      return { row: { ...next, seq }, record };
    });
    this.deps.publish([record]);
    return alertRow(row, now);
  }

  // Manual risk list -------------------------------------------------------------------------------------

  async manualList(auth: AuthContext, q: ManualRiskQuery): Promise<RiskPage<ManualRiskRow>> {
    let query = this.db.selectFrom('risk_manual').where(providerScope(auth.scope.providers));
    if (q.provider) query = query.where('provider', '=', q.provider);
    if (q.account) query = query.where('account', '=', q.account);
    const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset(offset(q.page, q.size))
      .execute();
    return { total: Number(total?.n ?? 0), items: rows.map(manualRow) };
  }

  async manualCreate(auth: AuthContext, body: ManualRiskCreate, ip: string): Promise<ManualRiskRow> {
    if (!inScope(auth, body.provider))
      throw refuse.forbidden('base.unknownProvider', { provider: body.provider });
    return this.deps.store.transaction(async (tx) => {
      const db = tx as unknown as RiskReadDb;
      await this.assertNotDuplicate(db, body.account, body.provider);
      const row = await db
        .insertInto('risk_manual')
        .values({
          account: body.account,
          provider: body.provider,
          risk_type: body.riskType,
          created_at: this.deps.now(),
          created_by: auth.account,
        } as never)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit(
        auth,
        AUDIT_ACTIONS.riskManualCreated,
        'risk',
        `manual:${row.id}`,
        { ...body },
        ip,
        tx,
      );
      return manualRow(row);
    });
  }

  async manualUpdate(auth: AuthContext, body: ManualRiskUpdate, ip: string): Promise<ManualRiskRow> {
    if (!inScope(auth, body.provider))
      throw refuse.forbidden('base.unknownProvider', { provider: body.provider });
    return this.deps.store.transaction(async (tx) => {
      const db = tx as unknown as RiskReadDb;
      const current = await db
        .selectFrom('risk_manual')
        .selectAll()
        .where('id', '=', body.id)
        .executeTakeFirst();
      if (!current || !inScope(auth, Number(current.provider))) throw refuse.notFound('risk.manualNotFound');
      await this.assertNotDuplicate(db, body.account, body.provider, body.id);
      await db
        .updateTable('risk_manual')
        .set({ account: body.account, provider: body.provider, risk_type: body.riskType })
        .where('id', '=', body.id)
        .execute();
      await this.audit(
        auth,
        AUDIT_ACTIONS.riskManualUpdated,
        'risk',
        `manual:${body.id}`,
        { ...body },
        ip,
        tx,
      );
      return manualRow({
        ...current,
        account: body.account,
        provider: body.provider,
        risk_type: body.riskType,
      });
    });
  }

  async manualDelete(auth: AuthContext, id: number, ip: string): Promise<null> {
    return this.deps.store.transaction(async (tx) => {
      const db = tx as unknown as RiskReadDb;
      const current = await db.selectFrom('risk_manual').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current || !inScope(auth, Number(current.provider))) throw refuse.notFound('risk.manualNotFound');
      await db.deleteFrom('risk_manual').where('id', '=', id).execute();
      await this.audit(
        auth,
        AUDIT_ACTIONS.riskManualDeleted,
        'risk',
        `manual:${id}`,
        { account: current.account, provider: Number(current.provider) },
        ip,
        tx,
      );
      return null;
    });
  }

  private async assertNotDuplicate(db: RiskReadDb, account: string, provider: number, except?: number) {
    let query = db
      .selectFrom('risk_manual')
      .select('id')
      .where('account', '=', account)
      .where('provider', '=', provider);
    if (except !== undefined) query = query.where('id', '<>', except);
    if (await query.executeTakeFirst()) throw refuse.conflict('risk.manualDuplicate');
  }

  // Risk Setting -----------------------------------------------------------------------------------------

  /** The stored settings (the defaults of a fresh install), with fields added since filled by default. */
  async currentSettings(): Promise<RiskSettingsView> {
    const row = await this.db.selectFrom('risk_setting').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) return { settings: DEFAULT_RISK_SETTINGS, updatedAt: null, updatedBy: null };
    const parsed = riskSettingsSchema.safeParse(JSON.parse(row.settings));
    return {
      settings: parsed.success ? parsed.data : DEFAULT_RISK_SETTINGS,
      updatedAt: Number(row.updated_at),
      updatedBy: row.updated_by,
    };
  }

  async setSettings(auth: AuthContext, settings: RiskSettings, ip: string): Promise<RiskSettingsView> {
    const now = this.deps.now();
    const before = await this.currentSettings();
    await this.deps.store.transaction(async (tx) => {
      const db = tx as unknown as RiskReadDb;
      const values = { settings: JSON.stringify(settings), updated_at: now, updated_by: auth.account };
      await db
        .insertInto('risk_setting')
        .values({ id: 1, ...values } as never)
        .onConflict((oc) => oc.column('id').doUpdateSet(values as never))
        .execute();
      const changed = Object.fromEntries(
        Object.entries(settings).filter(([k, v]) => before.settings[k as keyof RiskSettings] !== v),
      );
      await this.audit(auth, AUDIT_ACTIONS.riskSettingsChanged, 'setting', 'risk', { changed }, ip, tx);
    });
    this.deps.onSettings(settings);
    return { settings, updatedAt: now, updatedBy: auth.account };
  }

  // Telegram groups --------------------------------------------------------------------------------------

  async telegramList(): Promise<TelegramGroupRow[]> {
    const rows = await this.db.selectFrom('telegram_group').selectAll().orderBy('id').execute();
    return rows.map(telegramRow);
  }

  async telegramCreate(auth: AuthContext, body: TelegramCreate, ip: string): Promise<TelegramGroupRow> {
    return this.deps.store.transaction(async (tx) => {
      const row = await (tx as unknown as RiskReadDb)
        .insertInto('telegram_group')
        .values({
          provider_name: body.providerName,
          company_name: body.companyName,
          group_id: body.groupId,
          language: body.language,
          created_at: this.deps.now(),
        } as never)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit(
        auth,
        AUDIT_ACTIONS.telegramCreated,
        'setting',
        `telegram:${row.id}`,
        { ...body },
        ip,
        tx,
      );
      return telegramRow(row);
    });
  }

  async telegramUpdate(auth: AuthContext, body: TelegramUpdate, ip: string): Promise<TelegramGroupRow> {
    return this.deps.store.transaction(async (tx) => {
      const db = tx as unknown as RiskReadDb;
      const current = await db
        .selectFrom('telegram_group')
        .selectAll()
        .where('id', '=', body.id)
        .executeTakeFirst();
      if (!current) throw refuse.notFound('risk.telegramNotFound');
      const set = {
        provider_name: body.providerName,
        company_name: body.companyName,
        group_id: body.groupId,
        language: body.language,
      };
      await db.updateTable('telegram_group').set(set).where('id', '=', body.id).execute();
      await this.audit(
        auth,
        AUDIT_ACTIONS.telegramUpdated,
        'setting',
        `telegram:${body.id}`,
        { ...body },
        ip,
        tx,
      );
      return telegramRow({ ...current, ...set });
    });
  }

  async telegramDelete(auth: AuthContext, id: number, ip: string): Promise<null> {
    return this.deps.store.transaction(async (tx) => {
      const db = tx as unknown as RiskReadDb;
      const current = await db
        .selectFrom('telegram_group')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) throw refuse.notFound('risk.telegramNotFound');
      await db.deleteFrom('telegram_group').where('id', '=', id).execute();
      await this.audit(
        auth,
        AUDIT_ACTIONS.telegramDeleted,
        'setting',
        `telegram:${id}`,
        { groupId: current.group_id },
        ip,
        tx,
      );
      return null;
    });
  }

  async telegramTest(id: number): Promise<{ ok: boolean; detail: string }> {
    const group = await this.db
      .selectFrom('telegram_group')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!group) throw refuse.notFound('risk.telegramNotFound');
    if (!this.deps.sendTelegram) throw refuse.bad('risk.telegramNotConfigured');
    const text =
      group.language === 'zh'
        ? `数据管理系统：${group.company_name}（${group.provider_name}）的告警群组测试消息`
        : `Data Management System: test message to the alert group of ${group.company_name} (${group.provider_name})`;
    return this.deps.sendTelegram(group.group_id, text);
  }

  private audit(
    auth: AuthContext,
    action: (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS],
    targetType: 'risk' | 'setting' | 'alert',
    targetId: string,
    detail: Record<string, unknown>,
    ip: string,
    tx: Db,
  ) {
    return this.deps.audit.record(
      { actor: { id: auth.accountId, name: auth.account }, action, targetType, targetId, detail, ip },
      tx,
    );
  }
}

function manualRow(r: {
  id: number;
  account: string;
  provider: number;
  risk_type: number;
  created_at: number;
  created_by: string;
}): ManualRiskRow {
  return {
    id: Number(r.id),
    account: r.account,
    provider: Number(r.provider),
    riskType: Number(r.risk_type) as RiskLevel,
    createdAt: Number(r.created_at),
    createdBy: r.created_by,
  };
}

function telegramRow(r: {
  id: number;
  provider_name: string;
  company_name: string;
  group_id: string;
  language: string;
  created_at: number;
}): TelegramGroupRow {
  return {
    id: Number(r.id),
    providerName: r.provider_name,
    companyName: r.company_name,
    groupId: r.group_id,
    language: r.language === 'en' ? 'en' : 'zh',
    createdAt: Number(r.created_at),
  };
}
