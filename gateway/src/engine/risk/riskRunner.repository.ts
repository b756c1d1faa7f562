import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Db, Store } from '../../platform/db/db.store';
import { START_POSITION, type RiskPosition } from './riskPosition';
import { yieldToIo } from './slicedJson';

/** Kysely types of the runner's tables (migration `0010_risk_runner`). */
export interface RiskRunnerTables {
  risk_checkpoint: {
    partition: string;
    seq: number;
    ts: number;
    id: string;
    kind: number;
    inputs: number;
    updated_at: number;
  };
  risk_snapshot: {
    partition: string;
    seq: number;
    ts: number;
    id: string;
    kind: number;
    inputs: number;
    state: string;
    taken_at: number;
  };
  risk_lease: { name: string; holder: string; expires_at: number; acquired_at: number };
  risk_snapshot_piece: { partition: string; generation: string; n: number; text: string };
}

/**
 * A state stored in pieces: `risk_snapshot.state` holds this, the generation of its pieces and their count
 * (a stored detector state begins with `{`, `[` or `#pieces`, never with this).
 */
const PIECES_MARK = '#stored-in-pieces ';
/** The most characters of a piece (cut at a line's end when it has lines): a few ms of SQLite each. */
export const PIECE_CHARS = 2_000_000;

/** The generation and count of the pieces a `risk_snapshot.state` stands for, if it is stored in pieces. */
function piecesOf(state: string | undefined): { generation: string; count: number } | undefined {
  if (!state?.startsWith(PIECES_MARK)) return undefined;
  const [generation = '', count] = state.slice(PIECES_MARK.length).split(' ');
  return { generation, count: Number(count) };
}
const generationOf = (state: string | undefined) => piecesOf(state)?.generation;

/** Where a text is cut into pieces of at most `size` characters: at a line's end where one is in reach. */
export function pieceEnds(text: string, size: number): number[] {
  const ends: number[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + size);
    if (end < text.length) {
      const newline = text.lastIndexOf('\n', end - 1);
      if (newline >= at) end = newline + 1;
      // No line's end in reach: never split a character's UTF-16 pair.
      else if (end - 1 > at && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end -= 1;
    }
    ends.push(end);
    at = end;
  }
  return ends;
}

/** A checkpoint: the position of the last input whose outputs are stored, and how many inputs that makes. */
export interface RunnerCheckpoint {
  position: RiskPosition;
  inputs: number;
}

/** A stored detector state and the checkpoint it reflects. */
export interface RunnerSnapshot extends RunnerCheckpoint {
  /** The detector's snapshot as JSON. */
  state: string;
  takenAt: number;
}

/** The checkpoint was moved by someone else (another runner took over): this runner's chunk is void. */
export class CheckpointMovedError extends Error {
  constructor(partition: string) {
    super(`the risk checkpoint of ${partition} was moved by another runner`);
    this.name = 'CheckpointMovedError';
  }
}

/** The lease is not this runner's any more. */
export class LeaseLostError extends Error {
  constructor(name: string) {
    super(`the risk lease ${name} is not held any more`);
    this.name = 'LeaseLostError';
  }
}

/** What one chunk's transaction stores. */
export interface ChunkCommit {
  partition: string;
  lease: { name: string; holder: string; now: number };
  /** The checkpoint the chunk was read after (compared). */
  from: RunnerCheckpoint;
  /** The checkpoint after the chunk (set). */
  to: RunnerCheckpoint;
  /** Writes the chunk's outputs through the transaction. */
  write(tx: Db): Promise<void>;
  /** The detector's state after the chunk, when a snapshot is due. */
  snapshot?: string | undefined;
  /**
   * Or a snapshot taken at an earlier checkpoint (written behind detection), as
   * {@link RiskRunnerRepository.writePieces} stored it: stored with the chunk, at `at`.
   */
  stored?: { state: string; at: RunnerCheckpoint } | undefined;
}

/** The risk runner's checkpoint, snapshot and lease in the store. */
export class RiskRunnerRepository {
  private readonly db: Kysely<RiskRunnerTables>;

  constructor(
    private readonly store: Store,
    /** A state longer than this is stored in pieces of this size (tests make it small). */
    private readonly pieceChars = PIECE_CHARS,
  ) {
    this.db = store.db as unknown as Kysely<RiskRunnerTables>;
  }

  /** The checkpoint of `partition`; created at the start of commit order when there is none. */
  async checkpoint(partition: string, now: number): Promise<RunnerCheckpoint> {
    await this.db
      .insertInto('risk_checkpoint')
      .values({ partition, ...START_POSITION, inputs: 0, updated_at: now })
      .onConflict((oc) => oc.column('partition').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('risk_checkpoint')
      .selectAll()
      .where('partition', '=', partition)
      .executeTakeFirstOrThrow();
    return {
      position: { seq: Number(row.seq), ts: Number(row.ts), id: row.id, kind: Number(row.kind) },
      inputs: Number(row.inputs),
    };
  }

  /**
   * The last snapshot of `partition`, if any, its pieces read one at a time (a few ms each). Pieces of any other generation
   * (written by a runner that stopped or lost the lease before its chunk committed) are dropped.
   */
  async snapshot(partition: string): Promise<RunnerSnapshot | undefined> {
    const row = await this.db
      .selectFrom('risk_snapshot')
      .selectAll()
      .where('partition', '=', partition)
      .executeTakeFirst();
    await this.dropPieces(partition, (g) => g !== generationOf(row?.state));
    if (!row) return undefined;
    return {
      position: { seq: Number(row.seq), ts: Number(row.ts), id: row.id, kind: Number(row.kind) },
      inputs: Number(row.inputs),
      state: await this.readPieces(partition, row.state),
      takenAt: Number(row.taken_at),
    };
  }

  /** The state a `risk_snapshot.state` stands for: itself, or its pieces joined. */
  private async readPieces(partition: string, state: string): Promise<string> {
    const stored = piecesOf(state);
    if (stored === undefined) return state;
    const { generation, count } = stored;
    const texts: string[] = [];
    for (let n = 0; n < count; n++) {
      const piece = await this.db
        .selectFrom('risk_snapshot_piece')
        .select('text')
        .where('partition', '=', partition)
        .where('generation', '=', generation)
        .where('n', '=', n)
        .executeTakeFirst();
      if (!piece) throw new Error(`stored snapshot: piece ${n} of ${count} of ${generation} is missing`);
      // No pause between pieces: at a restart the detector comes first (with one, the backlog's ingest took
      // its turns: 57 pieces read in 2.9 s instead of 0.3).
      texts.push(piece.text);
    }
    return texts.join('');
  }

  /**
   * Stores a long state's pieces, each in its own statement, and gives what `risk_snapshot.state` holds, to be
   * stored by a {@link commitChunk} (its `stored`): until then they are no one's, and dropped at the next
   * {@link snapshot} read.
   */
  async writePieces(partition: string, state: string): Promise<string> {
    if (state.length <= this.pieceChars) return state;
    const generation = randomBytes(8).toString('hex');
    const ends = pieceEnds(state, this.pieceChars);
    let at = 0;
    for (const [n, end] of ends.entries()) {
      await this.db
        .insertInto('risk_snapshot_piece')
        .values({ partition, generation, n, text: state.slice(at, end) })
        .execute();
      at = end;
      await yieldToIo();
    }
    return `${PIECES_MARK}${generation} ${ends.length}`;
  }

  /** Drops the pieces of `partition` of the generations `drop` names, one statement a piece. */
  private async dropPieces(partition: string, drop: (generation: string) => boolean): Promise<void> {
    const pieces = await this.db
      .selectFrom('risk_snapshot_piece')
      .select(['generation', 'n'])
      .where('partition', '=', partition)
      .execute();
    for (const { generation, n } of pieces) {
      if (!drop(generation)) continue;
      await this.db
        .deleteFrom('risk_snapshot_piece')
        .where('partition', '=', partition)
        .where('generation', '=', generation)
        .where('n', '=', n)
        .execute();
      await yieldToIo();
    }
  }

  /**
   * Takes the lease `name` for `holder` until `now + ttlMs` when it is free, lapsed or already the
   * holder's (a renewal). Answers whether the holder has it.
   */
  async acquireLease(name: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
    const row = await this.db
      .insertInto('risk_lease')
      .values({ name, holder, expires_at: now + ttlMs, acquired_at: now })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet((eb) => ({
            holder: eb.ref('excluded.holder'),
            expires_at: eb.ref('excluded.expires_at'),
            // A renewal keeps the time it was first acquired.
            acquired_at: eb
              .case()
              .when('risk_lease.holder', '=', holder)
              .then(eb.ref('risk_lease.acquired_at'))
              .else(eb.ref('excluded.acquired_at'))
              .end(),
          }))
          .where((eb) =>
            eb.or([eb('risk_lease.holder', '=', holder), eb('risk_lease.expires_at', '<=', now)]),
          ),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === holder;
  }

  /** Gives the lease up (graceful stop), so that another process takes over at once. */
  async releaseLease(name: string, holder: string): Promise<void> {
    await this.db.deleteFrom('risk_lease').where('name', '=', name).where('holder', '=', holder).execute();
  }

  /** Who holds the lease `name` now, if anyone does. */
  async leaseHolder(name: string, now: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('risk_lease')
      .select('holder')
      .where('name', '=', name)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.holder;
  }

  /**
   * In one transaction: moves the checkpoint from `from` to `to` (compare and set: throws
   * {@link CheckpointMovedError} when another runner moved it), checks the lease (throws
   * {@link LeaseLostError}), writes the outputs and, when given, the snapshot at `to` (or the one `stored`, at
   * its own checkpoint). A long snapshot's pieces are stored before, a statement each, and those of the
   * snapshot it replaces dropped after (or its own, when the transaction fails), so that no statement holds
   * the store for long.
   */
  async commitChunk(c: ChunkCommit): Promise<void> {
    const state =
      c.snapshot === undefined ? c.stored?.state : await this.writePieces(c.partition, c.snapshot);
    let replaced: string | undefined;
    try {
      replaced = await this.transaction(c, state);
    } catch (err) {
      const mine = generationOf(state);
      if (mine !== undefined) await this.dropPieces(c.partition, (g) => g === mine).catch(() => undefined);
      throw err;
    }
    if (replaced !== undefined)
      await this.dropPieces(c.partition, (g) => g === replaced).catch(() => undefined);
  }

  /** The transaction of {@link commitChunk}; gives the generation of the pieces of the state it replaced. */
  private async transaction(c: ChunkCommit, state: string | undefined): Promise<string | undefined> {
    return this.store.transaction(async (trx) => {
      const tx = trx as unknown as Kysely<RiskRunnerTables>;
      // A write first: on SQLite it takes the write lock (waiting for it) before anything is read, so the
      // transaction never has to upgrade a read snapshot that another writer made stale.
      const moved = await tx
        .updateTable('risk_checkpoint')
        .set({
          seq: c.to.position.seq,
          ts: c.to.position.ts,
          id: c.to.position.id,
          kind: c.to.position.kind,
          inputs: c.to.inputs,
          updated_at: c.lease.now,
        })
        .where('partition', '=', c.partition)
        .where('seq', '=', c.from.position.seq)
        .where('ts', '=', c.from.position.ts)
        .where('id', '=', c.from.position.id)
        .where('kind', '=', c.from.position.kind)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new CheckpointMovedError(c.partition);
      const lease = await tx
        .selectFrom('risk_lease')
        .select('holder')
        .where('name', '=', c.lease.name)
        .where('holder', '=', c.lease.holder)
        .where('expires_at', '>', c.lease.now)
        .executeTakeFirst();
      if (!lease) throw new LeaseLostError(c.lease.name);
      await c.write(trx);
      if (state === undefined) return undefined;
      const before = await tx
        .selectFrom('risk_snapshot')
        .select(sql<string>`substr(state, 1, 64)`.as('head'))
        .where('partition', '=', c.partition)
        .executeTakeFirst();
      const at = c.snapshot === undefined && c.stored ? c.stored.at : c.to;
      const row = {
        seq: at.position.seq,
        ts: at.position.ts,
        id: at.position.id,
        kind: at.position.kind,
        inputs: at.inputs,
        state,
        taken_at: c.lease.now,
      };
      await tx
        .insertInto('risk_snapshot')
        .values({ partition: c.partition, ...row })
        .onConflict((oc) => oc.column('partition').doUpdateSet(row))
        .execute();
      return generationOf(before?.head);
    });
  }
}
