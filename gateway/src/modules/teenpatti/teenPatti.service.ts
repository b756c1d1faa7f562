import { randomBytes } from 'node:crypto';
import type { Page } from '@dms/shared/contracts/envelope';
import { AUDIT_ACTIONS, type AuditAction } from '@dms/shared/contracts/http/auditActions';
import {
  TP_SIM_MAX_RUNNING,
  type TpDealQuery,
  type TpDealResult,
  type TpEvaluateResult,
  type TpSimDetail,
  type TpSimListQuery,
  type TpSimRoundRow,
  type TpSimRow,
  type TpSimRunBody,
  type TpSimSaveBody,
  type TpSimStatus,
} from '@dms/shared/contracts/http/teenPatti';
import type { TeenPattiBetType } from '@dms/shared/domain/games';
import { cardText, compareHands, evaluateHand, parseHand } from '@dms/shared/games/handInput';
import { showdown } from '@dms/shared/games/teenPatti';
import {
  betFigures,
  dealFromSeed,
  SimTally,
  simulateRound,
  teenPattiTheory,
  type SimStakes,
  type SimSummary,
} from '@dms/shared/games/teenPattiSim';
import type { TeenPattiWinner } from '@dms/shared/games/settlement';
import { refuse } from '../../platform/errors/errors';
import type { AuthContext } from '../../platform/auth/auth.context';
import type { Store } from '../../platform/db/db.store';
import type { Logger } from '../../platform/logger/logger';
import type { AuditService } from '../audit/audit.service';
import * as repo from './teenPatti.repository';

export interface TeenPattiServiceDeps {
  store: Store;
  audit: AuditService;
  logger: Logger;
  now: () => number;
  /** Rounds played and stored per chunk, between two visits of the event loop. */
  chunkRounds?: number;
}

/** A running row whose heartbeat is older than this belongs to a gateway that stopped. */
const HEARTBEAT_STALE_MS = 60_000;
/** Unsaved runs are removed a day after they started. */
const UNSAVED_KEEP_MS = 86_400_000;
const DEFAULT_CHUNK = 2000;

const RESULT_CODE: Readonly<Record<TeenPattiWinner, number>> = { player_a: 0, player_b: 1, tie: 2 };
const RESULT_OF_CODE: readonly TeenPattiWinner[] = ['player_a', 'player_b', 'tie'];

/** The filters of the rounds calls, as the repository takes them. */
export interface RoundQuery {
  id: number;
  winnerCategory?: number | undefined;
  winnerSeat?: number | undefined;
  result?: TeenPattiWinner | undefined;
  minPayout?: number | undefined;
  maxPayout?: number | undefined;
}

interface Job {
  cancelled: boolean;
  done: Promise<void>;
}

/**
 * The Teen Patti test tools and simulations. Hands typed as text are read and ranked by
 * `shared/games/handInput` (a bad card refused with a key that names it). A simulation runs in this process
 * in chunks of rounds: each chunk is played (`shared/games/teenPattiSim`), stored with the sums so far in
 * one transaction, then the event loop is visited before the next, so requests keep being answered while
 * millions of rounds run. A cancel is a flag in the store (any instance may receive it), read after every
 * chunk. Runs, cancels, saves and deletes are audited.
 */
export class TeenPattiService {
  private readonly jobs = new Map<number, Job>();
  private stopping = false;

  constructor(private readonly deps: TeenPattiServiceDeps) {}

  /** Ranks one or two hands; two are compared. */
  evaluate(hands: readonly string[]): TpEvaluateResult {
    const parsed = hands.map((text, i) => {
      const p = parseHand(text, i + 1);
      if (!p.ok) throw refuse.bad(p.error.key, p.error.params as never);
      return p.cards;
    });
    const evaluations = parsed.map((cards, i) => {
      const e = evaluateHand(cards);
      if (!e) throw refuse.bad('cards.handSize', { hand: i + 1, count: cards.length });
      return e;
    });
    const [a, b] = evaluations;
    if (!a) throw refuse.bad('cards.empty', { hand: 1 });
    if (!b) return { hands: evaluations, comparison: null };
    if (a.game !== b.game) throw refuse.bad('cards.sizesDiffer');
    const shared = (parsed[0] ?? []).find((c) => (parsed[1] ?? []).includes(c));
    if (shared !== undefined) throw refuse.bad('cards.inBothHands', { card: cardText(shared) });
    return { hands: evaluations, comparison: compareHands(a, b) };
  }

  /** The deal of a seed, with each hand's category and the showdown's winners. */
  deal(q: TpDealQuery): TpDealResult {
    const hands = dealFromSeed(q.seed, q.players);
    const result = showdown(hands);
    return {
      seed: q.seed,
      hands: hands.map((cards, i) => ({
        seat: i + 1,
        cards: cards.map((c) => ({ code: cardText(c), rank: c & 15, suit: c >> 4 })),
        category: result.hands[i]?.category ?? 0,
      })),
      winners: result.winners.map((w) => w + 1),
    };
  }

  /** Starts a simulation; it runs on after the answer. */
  async run(auth: AuthContext, body: TpSimRunBody, ip: string): Promise<{ id: number; seed: string }> {
    if (this.jobs.size >= TP_SIM_MAX_RUNNING) {
      throw refuse.conflict('tpSim.tooManyRunning', { max: TP_SIM_MAX_RUNNING });
    }
    const { store, now } = this.deps;
    await this.pruneUnsaved();
    const seed = body.seed ?? randomBytes(6).toString('hex');
    const stakes: SimStakes = { ...body.stakes };
    const at = now();
    const id = await store.transaction(async (tx) => {
      const simId = await repo.insertSim(tx, {
        seed,
        players: body.players,
        rounds: body.rounds,
        stakes: JSON.stringify(stakes),
        summary: JSON.stringify(new SimTally(body.players).snapshot()),
        by: auth.account,
        at,
      });
      await this.audit(auth, AUDIT_ACTIONS.tpSimRun, simId, { ...body, seed }, ip, tx);
      return simId;
    });
    const job: Job = { cancelled: false, done: Promise.resolve() };
    job.done = this.play(id, seed, body.players, body.rounds, stakes, job).catch((err: unknown) => {
      this.deps.logger.error({ err, simulation: id }, 'simulation failed');
    });
    this.jobs.set(id, job);
    return { id, seed };
  }

  private async play(
    id: number,
    seed: string,
    players: number,
    rounds: number,
    stakes: SimStakes,
    job: Job,
  ): Promise<void> {
    const { store, now } = this.deps;
    const chunk = this.deps.chunkRounds ?? DEFAULT_CHUNK;
    const tally = new SimTally(players);
    let staked = 0;
    let payout = 0;
    let status: TpSimStatus = 'done';
    try {
      for (let start = 0; start < rounds; start += chunk) {
        const end = Math.min(rounds, start + chunk);
        const rows: repo.SimRoundRecord[] = [];
        for (let i = start; i < end; i++) {
          const r = simulateRound(seed, i, players, stakes);
          tally.add(r, stakes);
          staked += r.staked;
          payout += r.payout;
          let mask = 0;
          for (const seat of r.winners) mask |= 1 << (seat - 1);
          rows.push({
            idx: i,
            winnerMask: mask,
            winnerCategory: r.winnerCategory,
            categoryA: r.categories[0] ?? 0,
            categoryB: r.categories[1] ?? 0,
            result: RESULT_CODE[r.result],
            payout: r.payout,
          });
        }
        const summary = JSON.stringify(tally.snapshot());
        // Requests waiting since the rounds were played are answered before the chunk is written.
        await new Promise<void>((resolve) => setImmediate(resolve));
        await store.transaction((tx) =>
          repo.storeChunk(tx, id, rows, { doneRounds: end, summary, staked, payout, at: now() }),
        );
        if (end < rounds) {
          if (job.cancelled || this.stopping || (await repo.cancelRequested(store.db, id))) {
            status = 'cancelled';
            break;
          }
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      }
    } catch (err) {
      status = 'failed';
      throw err;
    } finally {
      this.jobs.delete(id);
      await repo.finishSim(store.db, id, status, now()).catch(() => undefined);
    }
  }

  /** Stops a running simulation after its current chunk. */
  async cancel(auth: AuthContext, id: number, ip: string): Promise<TpSimRow> {
    const sim = await this.record(id);
    if (this.statusOf(sim) !== 'running') throw refuse.conflict('tpSim.notRunning');
    await repo.requestCancel(this.deps.store.db, id);
    const job = this.jobs.get(id);
    if (job) {
      job.cancelled = true;
      await job.done;
    }
    await this.audit(auth, AUDIT_ACTIONS.tpSimCancelled, id, {}, ip);
    return this.row(await this.record(id));
  }

  /** Names a simulation that ended and lists it in the viewer. */
  async save(auth: AuthContext, body: TpSimSaveBody, ip: string): Promise<TpSimRow> {
    const sim = await this.record(body.id);
    if (this.statusOf(sim) === 'running') throw refuse.conflict('tpSim.running');
    await this.deps.store.transaction(async (tx) => {
      await repo.saveSim(tx, body.id, body.name);
      await this.audit(auth, AUDIT_ACTIONS.tpSimSaved, body.id, { name: body.name }, ip, tx);
    });
    return this.row(await this.record(body.id));
  }

  /** Deletes a simulation that is not running, and its rounds. */
  async delete(auth: AuthContext, id: number, ip: string): Promise<null> {
    const sim = await this.record(id);
    if (this.statusOf(sim) === 'running') throw refuse.conflict('tpSim.running');
    await this.deps.store.transaction(async (tx) => {
      await repo.deleteSim(tx, id);
      await this.audit(auth, AUDIT_ACTIONS.tpSimDeleted, id, { name: sim.name, seed: sim.seed }, ip, tx);
    });
    return null;
  }

  /** A simulation with its figures against the exact odds. */
  async get(id: number): Promise<TpSimDetail> {
    const sim = await this.record(id);
    const summary = JSON.parse(sim.summary) as SimSummary;
    const theory = teenPattiTheory();
    return {
      ...this.row(sim),
      summary,
      bets: betFigures(summary),
      theory,
    };
  }

  /** Saved simulations, newest first. */
  async list(q: TpSimListQuery): Promise<Page<TpSimRow>> {
    const { rows, total } = await repo.listSaved(
      this.deps.store.db,
      q.keyword || undefined,
      (q.page - 1) * q.pageSize,
      q.pageSize,
    );
    return { list: rows.map((r) => this.row(r)), total, page: q.page, pageSize: q.pageSize };
  }

  /** A page of a simulation's rounds, each dealt again from its seed. */
  async rounds(q: RoundQuery & { page: number; pageSize: number }): Promise<Page<TpSimRoundRow>> {
    const sim = await this.record(q.id);
    const { rows, total } = await repo.roundsPage(
      this.deps.store.db,
      q.id,
      this.filter(q),
      (q.page - 1) * q.pageSize,
      q.pageSize,
    );
    const rowOf = this.roundRow(sim);
    return { list: rows.map(rowOf), total, page: q.page, pageSize: q.pageSize };
  }

  /** The simulation and every round of the filter, for an export; undefined rows when none matches. */
  async exportRounds(q: RoundQuery): Promise<{ sim: TpSimRow; rows: AsyncIterable<TpSimRoundRow> }> {
    const sim = await this.record(q.id);
    const rowOf = this.roundRow(sim);
    const source = repo.allRounds(this.deps.store.db, q.id, this.filter(q));
    async function* rows(): AsyncGenerator<TpSimRoundRow> {
      for await (const r of source) yield rowOf(r);
    }
    return { sim: this.row(sim), rows: rows() };
  }

  /** Stops every running simulation (the gateway is closing); they end as cancelled. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.jobs.values()].map((j) => j.done));
  }

  private filter(q: RoundQuery): repo.RoundFilter {
    return {
      winnerCategory: q.winnerCategory,
      winnerSeat: q.winnerSeat,
      result: q.result === undefined ? undefined : RESULT_CODE[q.result],
      minPayout: q.minPayout,
      maxPayout: q.maxPayout,
    };
  }

  private roundRow(sim: repo.SimRecord): (r: repo.SimRoundRecord) => TpSimRoundRow {
    const stakes = JSON.parse(sim.stakes) as Record<TeenPattiBetType, number>;
    const staked = stakes.player_a + stakes.player_b + stakes.tie + stakes.pair_plus;
    return (r) => {
      const round = simulateRound(sim.seed, r.idx, sim.players, stakes);
      const winners: number[] = [];
      for (let s = 0; s < sim.players; s++) if (r.winnerMask & (1 << s)) winners.push(s + 1);
      return {
        index: r.idx,
        hands: round.hands.map((h) => h.map(cardText)),
        categories: round.categories,
        winners,
        winnerCategory: r.winnerCategory,
        result: RESULT_OF_CODE[r.result] ?? 'tie',
        staked,
        payout: r.payout,
        net: staked - r.payout,
      };
    };
  }

  private async record(id: number): Promise<repo.SimRecord> {
    const sim = await repo.getSim(this.deps.store.db, id);
    if (!sim) throw refuse.notFound('tpSim.notFound');
    return sim;
  }

  private statusOf(sim: repo.SimRecord): TpSimStatus {
    if (sim.status !== 'running') return sim.status as TpSimStatus;
    if (this.jobs.has(sim.id)) return 'running';
    return this.deps.now() - sim.heartbeatAt > HEARTBEAT_STALE_MS ? 'interrupted' : 'running';
  }

  private row(sim: repo.SimRecord): TpSimRow {
    return {
      id: sim.id,
      name: sim.name,
      seed: sim.seed,
      players: sim.players,
      rounds: sim.rounds,
      doneRounds: sim.doneRounds,
      stakes: JSON.parse(sim.stakes) as TpSimRow['stakes'],
      status: this.statusOf(sim),
      saved: sim.saved,
      createdBy: sim.createdBy,
      createdAt: sim.createdAt,
      finishedAt: sim.finishedAt,
      staked: sim.staked,
      payout: sim.payout,
    };
  }

  private async pruneUnsaved(): Promise<void> {
    const { store, now } = this.deps;
    const ids = await repo.staleUnsaved(store.db, now() - UNSAVED_KEEP_MS, now() - HEARTBEAT_STALE_MS);
    for (const id of ids) if (!this.jobs.has(id)) await store.transaction((tx) => repo.deleteSim(tx, id));
  }

  private audit(
    auth: AuthContext,
    action: AuditAction,
    id: number,
    detail: Record<string, unknown>,
    ip: string,
    db?: Parameters<AuditService['record']>[1],
  ): Promise<void> {
    return this.deps.audit.record(
      {
        actor: { id: auth.accountId, name: auth.account },
        action,
        targetType: 'simulation',
        targetId: `tp-sim:${id}`,
        detail,
        ip,
      },
      db,
    );
  }
}
