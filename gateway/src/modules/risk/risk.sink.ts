import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  LIVE_EVENTS,
  LIVE_VERSION,
  type AlertChanged,
  type LiveAlert,
  type SeqEventName,
  type ServerEventPayload,
} from '@dms/shared/contracts/live/events';
import type { Db } from '../../platform/db/db.store';
import type { RiskTables } from '../../platform/db/db.risk';
import type { ReplayRecord } from '../../platform/live/live.replay';
import type {
  CrossbetFinding,
  PlayerFinding,
  ProviderFinding,
  RiskFinding,
} from '../../engine/risk/riskFinding';
import type { RiskOutput, RiskSink } from '../../engine/risk/riskSink.port';

type RiskDb = Kysely<RiskTables>;

/** Providers as stored: comma-separated with a comma on each side (`,3,7,`), so `like '%,7,%'` scopes. */
export const providersText = (providers: readonly number[]) =>
  `,${[...new Set(providers)].sort((a, b) => a - b).join(',')},`;
export const providersOf = (text: string) => text.split(',').filter(Boolean).map(Number);

/** The id of a group as stored and pushed: the detector's own when short enough, else a digest of it. */
export function groupKey(detectorId: string): string {
  return detectorId.length <= 64
    ? detectorId
    : `g${createHash('sha256').update(detectorId).digest('hex').slice(0, 40)}`;
}

/** Stores one change with the next store `seq`; the payload is kept without `seq` and given it on read. */
export async function storeChange<E extends SeqEventName>(
  tx: RiskDb,
  event: E,
  payload: Omit<ServerEventPayload<E>, 'seq'>,
  at: number,
): Promise<ReplayRecord> {
  const row = await tx
    .insertInto('risk_change')
    .values({ event, payload: JSON.stringify(payload), at } as never)
    .returning('seq')
    .executeTakeFirstOrThrow();
  const seq = Number(row.seq);
  return { event, payload: { ...payload, seq } } as unknown as ReplayRecord;
}

export interface AlertRecord {
  id: number;
  kind: LiveAlert['kind'];
  level: LiveAlert['level'];
  state: LiveAlert['state'];
  subject: string;
  providers: string;
  raised_at: number;
  by_id: number | null;
  by_name: string | null;
  at: number | null;
  outcome: string | null;
}

/** The live payload of an alert row. */
export function liveAlertOf(row: AlertRecord): LiveAlert {
  return {
    id: Number(row.id),
    kind: row.kind,
    level: row.level,
    state: row.state,
    subject: row.subject,
    raisedAt: Number(row.raised_at),
    ...(row.by_id !== null && row.by_name ? { by: { accountId: row.by_id, name: row.by_name } } : {}),
    ...(row.at !== null ? { at: Number(row.at) } : {}),
    ...(row.outcome === 'confirmed' || row.outcome === 'false_positive' ? { outcome: row.outcome } : {}),
  };
}

export function alertChange(row: AlertRecord): Omit<AlertChanged, 'seq'> {
  return { v: LIVE_VERSION, providers: providersOf(row.providers), alert: liveAlertOf(row) };
}

/** A finding's level as stored before a new finding of it, and a group's evidence rounds. */
interface StoredBefore {
  level: number;
  rounds?: number;
}

/**
 * The risk runner's sink (`riskSink.port.ts`): stores each finding as the current picture of its group,
 * player or provider, its evidence rounds, one numbered change per finding, and an alert (with a Telegram
 * outbox row per group) when a finding is raised or its level rises — all through the runner's
 * transaction, so that a chunk's findings and the checkpoint after it are stored together or not at all.
 * What it stored is pushed to the live channel only after that transaction committed ({@link committed}).
 */
export class RiskStoreSink implements RiskSink<RiskFinding> {
  private pending: ReplayRecord[] = [];

  constructor(private readonly publish: (records: readonly ReplayRecord[]) => void) {}

  async write(tx: Db, outputs: readonly RiskOutput<RiskFinding>[]): Promise<void> {
    const db = tx as unknown as RiskDb;
    const records: ReplayRecord[] = [];
    const telegramGroups =
      outputs.length > 0 ? await db.selectFrom('telegram_group').select('id').execute() : [];
    for (const { output } of outputs) {
      const previous = await this.previous(db, output);
      const change = await this.storeFinding(db, output, previous);
      records.push(change);
      const raised = previous === undefined || output.level > previous.level;
      if (!raised) continue;
      const alert = await this.raiseAlert(db, output);
      records.push(alert.record);
      // One outbox row per alert: the drainer sends it to every Telegram group.
      if (telegramGroups.length > 0)
        await db
          .insertInto('telegram_outbox')
          .values({ alert_id: alert.id, attempts: 0, next_at: 0, last_error: null } as never)
          .execute();
    }
    this.pending.push(...records);
  }

  /** The runner's transaction committed: push what it stored. */
  committed(): void {
    const records = this.pending;
    this.pending = [];
    if (records.length > 0) this.publish(records);
  }

  /** The runner's transaction failed: what it stored is gone, push nothing. */
  discarded(): void {
    this.pending = [];
  }

  /** The finding's level as stored before it (and a group's evidence rounds); undefined when it is new. */
  private async previous(db: RiskDb, f: RiskFinding): Promise<StoredBefore | undefined> {
    if (f.type === 'crossbet') {
      const group = await db
        .selectFrom('risk_group')
        .select(['level', 'rounds'])
        .where('id', '=', groupKey(f.id))
        .executeTakeFirst();
      return group && { level: Number(group.level), rounds: Number(group.rounds) };
    }
    const row =
      f.type === 'player'
        ? await db
            .selectFrom('risk_player')
            .select('level')
            .where('provider', '=', f.provider)
            .where('account', '=', f.account)
            .executeTakeFirst()
        : await db
            .selectFrom('risk_provider')
            .select('level')
            .where('provider', '=', f.provider)
            .executeTakeFirst();
    return row && { level: Number(row.level) };
  }

  /** Stores the finding and its change; `before`, the finding as stored before it (undefined when new). */
  private async storeFinding(db: RiskDb, f: RiskFinding, before?: StoredBefore): Promise<ReplayRecord> {
    if (f.type === 'crossbet') return this.storeGroup(db, f, before?.rounds ?? 0);
    if (f.type === 'player') return this.storePlayer(db, f);
    return this.storeProvider(db, f);
  }

  private async storeGroup(db: RiskDb, f: CrossbetFinding, roundsBefore: number): Promise<ReplayRecord> {
    const id = groupKey(f.id);
    const members = [...f.members].sort(
      (a, b) => a.provider - b.provider || a.account.localeCompare(b.account),
    );
    const providers = members.map((m) => m.provider);
    const tables = f.tables.slice(0, 100);
    const event = f.change === 'raised' ? LIVE_EVENTS.crossbetRaised : LIVE_EVENTS.crossbetUpdated;
    const record = await storeChange(
      db,
      event,
      {
        v: LIVE_VERSION,
        providers: [...new Set(providers)],
        added: Math.max(0, f.rounds - roundsBefore),
        group: {
          id,
          kind: f.kind,
          level: f.level,
          members: members.slice(0, 16),
          rounds: f.rounds,
          turnover: Math.round(f.turnover),
          firstDetectedAt: f.firstDetectedAt,
          lastSeenAt: f.lastSeenAt,
          tables,
        },
      },
      f.lastSeenAt,
    );
    const seq = (record.payload as { seq: number }).seq;
    const values = {
      kind: f.kind,
      level: f.level,
      score: f.score,
      members: JSON.stringify(members),
      providers: providersText(providers),
      accounts: `,${members.map((m) => `${m.provider}:${m.account}`).join(',')},`,
      rounds: f.rounds,
      turnover: Math.round(f.turnover),
      last_seen_at: f.lastSeenAt,
      tables: JSON.stringify(tables),
      seq,
    };
    await db
      .insertInto('risk_group')
      .values({ id, first_detected_at: f.firstDetectedAt, ...values } as never)
      .onConflict((oc) => oc.column('id').doUpdateSet(values as never))
      .execute();
    for (const roundId of f.evidenceRounds) {
      await db
        .insertInto('risk_group_round')
        .values({ group_id: id, round_id: roundId, seq } as never)
        .onConflict((oc) => oc.columns(['group_id', 'round_id']).doNothing())
        .execute();
    }
    return record;
  }

  private async storePlayer(db: RiskDb, f: PlayerFinding): Promise<ReplayRecord> {
    const event = LIVE_EVENTS.playerFlagged;
    const record = await storeChange(
      db,
      event,
      {
        v: LIVE_VERSION,
        providers: [f.provider],
        player: {
          provider: f.provider,
          account: f.account,
          kinds: f.kinds,
          level: f.level,
          score: f.score,
          firstDetectedAt: f.firstDetectedAt,
        },
      },
      f.lastSeenAt,
    );
    const seq = (record.payload as { seq: number }).seq;
    const values = {
      kinds: f.kinds.join(','),
      level: f.level,
      score: f.score,
      reason: f.reason,
      last_seen_at: f.lastSeenAt,
      seq,
    };
    await db
      .insertInto('risk_player')
      .values({
        provider: f.provider,
        account: f.account,
        first_detected_at: f.firstDetectedAt,
        ...values,
      } as never)
      .onConflict((oc) => oc.columns(['provider', 'account']).doUpdateSet(values as never))
      .execute();
    return record;
  }

  private async storeProvider(db: RiskDb, f: ProviderFinding): Promise<ReplayRecord> {
    const record = await storeChange(
      db,
      LIVE_EVENTS.providerFlagged,
      {
        v: LIVE_VERSION,
        providers: [f.provider],
        provider: {
          provider: f.provider,
          kinds: f.kinds,
          level: f.level,
          score: f.score,
          firstDetectedAt: f.firstDetectedAt,
        },
      },
      f.lastSeenAt,
    );
    const seq = (record.payload as { seq: number }).seq;
    const values = {
      kinds: f.kinds.join(','),
      level: f.level,
      score: f.score,
      reason: f.reason,
      last_seen_at: f.lastSeenAt,
      seq,
    };
    await db
      .insertInto('risk_provider')
      .values({ provider: f.provider, first_detected_at: f.firstDetectedAt, ...values } as never)
      .onConflict((oc) => oc.column('provider').doUpdateSet(values as never))
      .execute();
    return record;
  }

  private async raiseAlert(db: RiskDb, f: RiskFinding): Promise<{ id: number; record: ReplayRecord }> {
    const subject =
      f.type === 'crossbet'
        ? groupKey(f.id)
        : f.type === 'player'
          ? `${f.provider}:${f.account}`
          : String(f.provider);
    const providers = f.type === 'crossbet' ? f.members.map((m) => m.provider) : [f.provider];
    const row: Omit<AlertRecord, 'id'> = {
      kind: f.type,
      level: f.level,
      state: 'open',
      subject: subject.slice(0, 160),
      providers: providersText(providers),
      raised_at: f.lastSeenAt,
      by_id: null,
      by_name: null,
      at: null,
      outcome: null,
    };
    const inserted = await db
      .insertInto('risk_alert')
      .values({ ...row, assignee_id: null, assignee_name: null, snoozed_until: null, seq: 0 } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    const record = await storeChange(db, LIVE_EVENTS.alertRaised, alertChange({ id, ...row }), f.lastSeenAt);
    await db
      .updateTable('risk_alert')
      .set({ seq: (record.payload as { seq: number }).seq })
      .where('id', '=', id)
      .execute();
    return { id, record };
  }
}
