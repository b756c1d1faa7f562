import { sql, type Kysely } from 'kysely';
import type { Db } from '../../platform/db/db.store';
import type { TpSimTables } from '../../platform/db/db.teenPattiSim';

type SimDb = Kysely<TpSimTables>;
const simDb = (db: Db) => db as unknown as SimDb;

/** A stored simulation as the service reads it (JSON columns still text). */
export interface SimRecord {
  id: number;
  name: string;
  seed: string;
  players: number;
  rounds: number;
  doneRounds: number;
  stakes: string;
  status: string;
  saved: boolean;
  summary: string;
  staked: number;
  payout: number;
  cancelRequested: boolean;
  createdBy: string;
  createdAt: number;
  heartbeatAt: number;
  finishedAt: number | null;
}

/** One round's compact row: the winning seats as a bit mask (bit 0 seat 1), categories, result 0 A 1 B 2 tie. */
export interface SimRoundRecord {
  idx: number;
  winnerMask: number;
  winnerCategory: number;
  categoryA: number;
  categoryB: number;
  result: number;
  payout: number;
}

/** Filters of a simulation's rounds. */
export interface RoundFilter {
  winnerCategory?: number | undefined;
  winnerSeat?: number | undefined;
  result?: number | undefined;
  minPayout?: number | undefined;
  maxPayout?: number | undefined;
}

const SIM_COLUMNS = [
  'id',
  'name',
  'seed',
  'players',
  'rounds',
  'done_rounds',
  'stakes',
  'status',
  'saved',
  'summary',
  'staked',
  'payout',
  'cancel_requested',
  'created_by',
  'created_at',
  'heartbeat_at',
  'finished_at',
] as const;

type SimRow = Pick<TpSimTables['tp_sim'], (typeof SIM_COLUMNS)[number]>;

function toRecord(r: SimRow): SimRecord {
  return {
    id: Number(r.id),
    name: r.name,
    seed: r.seed,
    players: Number(r.players),
    rounds: Number(r.rounds),
    doneRounds: Number(r.done_rounds),
    stakes: r.stakes,
    status: r.status,
    saved: Number(r.saved) === 1,
    summary: r.summary,
    staked: Number(r.staked),
    payout: Number(r.payout),
    cancelRequested: Number(r.cancel_requested) === 1,
    createdBy: r.created_by,
    createdAt: Number(r.created_at),
    heartbeatAt: Number(r.heartbeat_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  };
}

/** Stores a new running simulation; returns its id. */
export async function insertSim(
  db: Db,
  s: {
    seed: string;
    players: number;
    rounds: number;
    stakes: string;
    summary: string;
    by: string;
    at: number;
  },
): Promise<number> {
  const row = await simDb(db)
    .insertInto('tp_sim')
    .values({
      seed: s.seed,
      players: s.players,
      rounds: s.rounds,
      done_rounds: 0,
      stakes: s.stakes,
      status: 'running',
      saved: 0,
      summary: s.summary,
      staked: 0,
      payout: 0,
      cancel_requested: 0,
      created_by: s.by,
      created_at: s.at,
      heartbeat_at: s.at,
      finished_at: null,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function getSim(db: Db, id: number): Promise<SimRecord | undefined> {
  const row = await simDb(db)
    .selectFrom('tp_sim')
    .select(SIM_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Whether someone asked to stop the simulation. */
export async function cancelRequested(db: Db, id: number): Promise<boolean> {
  const row = await simDb(db)
    .selectFrom('tp_sim')
    .select('cancel_requested')
    .where('id', '=', id)
    .executeTakeFirst();
  // A deleted simulation stops too.
  return !row || Number(row.cancel_requested) === 1;
}

/** Stores a chunk of rounds and the sums so far, in one transaction. */
export async function storeChunk(
  db: Db,
  id: number,
  rounds: readonly SimRoundRecord[],
  progress: { doneRounds: number; summary: string; staked: number; payout: number; at: number },
): Promise<void> {
  const d = simDb(db);
  // At most 8 columns × 4,000 rows per statement: under PostgreSQL's 65,535 parameters.
  for (let i = 0; i < rounds.length; i += 4000) {
    await d
      .insertInto('tp_sim_round')
      .values(
        rounds.slice(i, i + 4000).map((r) => ({
          sim_id: id,
          idx: r.idx,
          winner_mask: r.winnerMask,
          winner_category: r.winnerCategory,
          category_a: r.categoryA,
          category_b: r.categoryB,
          result: r.result,
          payout: r.payout,
        })),
      )
      .execute();
  }
  await d
    .updateTable('tp_sim')
    .set({
      done_rounds: progress.doneRounds,
      summary: progress.summary,
      staked: progress.staked,
      payout: progress.payout,
      heartbeat_at: progress.at,
    })
    .where('id', '=', id)
    .execute();
}

/** Ends a run: done, cancelled or failed. */
export async function finishSim(db: Db, id: number, status: string, at: number): Promise<void> {
  await simDb(db)
    .updateTable('tp_sim')
    .set({ status, finished_at: at, heartbeat_at: at })
    .where('id', '=', id)
    .execute();
}

/** Asks the instance running a simulation to stop it. */
export async function requestCancel(db: Db, id: number): Promise<void> {
  await simDb(db).updateTable('tp_sim').set({ cancel_requested: 1 }).where('id', '=', id).execute();
}

export async function saveSim(db: Db, id: number, name: string): Promise<void> {
  await simDb(db).updateTable('tp_sim').set({ name, saved: 1 }).where('id', '=', id).execute();
}

export async function deleteSim(db: Db, id: number): Promise<void> {
  const d = simDb(db);
  await d.deleteFrom('tp_sim_round').where('sim_id', '=', id).execute();
  await d.deleteFrom('tp_sim').where('id', '=', id).execute();
}

/** Ids of unsaved simulations created before `before` that no longer run. */
export async function staleUnsaved(db: Db, before: number, runningBefore: number): Promise<number[]> {
  const rows = await simDb(db)
    .selectFrom('tp_sim')
    .select('id')
    .where('saved', '=', 0)
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('status', '!=', 'running'), eb('heartbeat_at', '<', runningBefore)]))
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Saved simulations, newest first, optionally those whose name or seed holds `keyword`. */
export async function listSaved(
  db: Db,
  keyword: string | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: SimRecord[]; total: number }> {
  let q = simDb(db).selectFrom('tp_sim').where('saved', '=', 1);
  if (keyword) {
    const like = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(seed)`, 'like', sql`${like} escape '\\'`),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    q
      .select(SIM_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map(toRecord), total: Number(count?.n ?? 0) };
}

function filtered(db: Db, id: number, f: RoundFilter) {
  let q = simDb(db).selectFrom('tp_sim_round').where('sim_id', '=', id);
  if (f.winnerCategory !== undefined) q = q.where('winner_category', '=', f.winnerCategory);
  if (f.winnerSeat !== undefined) {
    const bit = 2 ** (f.winnerSeat - 1);
    q = q.where(sql<boolean>`(winner_mask & ${sql.lit(bit)}) <> 0`);
  }
  if (f.result !== undefined) q = q.where('result', '=', f.result);
  if (f.minPayout !== undefined) q = q.where('payout', '>=', f.minPayout);
  if (f.maxPayout !== undefined) q = q.where('payout', '<=', f.maxPayout);
  return q;
}

const ROUND_COLUMNS = [
  'idx',
  'winner_mask',
  'winner_category',
  'category_a',
  'category_b',
  'result',
  'payout',
] as const;

function toRound(r: Pick<TpSimTables['tp_sim_round'], (typeof ROUND_COLUMNS)[number]>): SimRoundRecord {
  return {
    idx: Number(r.idx),
    winnerMask: Number(r.winner_mask),
    winnerCategory: Number(r.winner_category),
    categoryA: Number(r.category_a),
    categoryB: Number(r.category_b),
    result: Number(r.result),
    payout: Number(r.payout),
  };
}

/** A page of a simulation's rounds in order, with the number matching the filter. */
export async function roundsPage(
  db: Db,
  id: number,
  f: RoundFilter,
  offset: number,
  limit: number,
): Promise<{ rows: SimRoundRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, id, f).select(ROUND_COLUMNS).orderBy('idx').offset(offset).limit(limit).execute(),
    filtered(db, id, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
  ]);
  return { rows: rows.map(toRound), total: Number(count?.n ?? 0) };
}

/** Every matching round in order, read a chunk at a time (keyset on the index): bounded memory for exports. */
export async function* allRounds(
  db: Db,
  id: number,
  f: RoundFilter,
  chunk = 5000,
): AsyncGenerator<SimRoundRecord> {
  let after = -1;
  for (;;) {
    const rows = await filtered(db, id, f)
      .where('idx', '>', after)
      .select(ROUND_COLUMNS)
      .orderBy('idx')
      .limit(chunk)
      .execute();
    for (const r of rows) yield toRound(r);
    if (rows.length < chunk) return;
    after = Number(rows[rows.length - 1]?.idx);
  }
}
