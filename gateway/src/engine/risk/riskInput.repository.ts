import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect, Store } from '../../platform/db/db.store';
import type { RiskInput, SettledBet, SettledRound, WalletEvent } from './detector.port';
import { INPUT_KIND, comparePositions, positionOf, type RiskPosition } from './riskPosition';

/**
 * Reads what the pipeline committed, for the risk engine, in commit order (`docs/DATA-MODEL.md`, "Commit
 * order"): the settled rounds, each with its bets and their payouts, and the wallet events (transfers,
 * bonuses, prizes), after a position, in bounded chunks. Within one commit the order is event time (a
 * round's settlement time), then id, then kind (round, transfer, bonus, prize), so that the same rows are
 * always read in the same order, on SQLite and PostgreSQL alike.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the store's database type plus ours; raw SQL below
type AnyKysely = Kysely<any>;

/** An input with its position. */
export interface PositionedInput {
  position: RiskPosition;
  input: RiskInput;
}

interface RoundRow {
  id: string;
  provider: number;
  game_id: number;
  table_id: string;
  shoe_id: string;
  started_at: number;
  settled_at: number;
  result: string | null;
  settled_seq: number;
}

interface BetRow {
  id: string;
  round_id: string;
  provider: number;
  currency: string;
  account: string;
  player_id: number;
  bet_type: string;
  amount: number;
  payout: number | null;
  ts: number;
  seq: number;
}

interface WalletRow {
  id: string;
  provider: number;
  currency: string;
  account: string;
  player_id: number;
  amount: number;
  ts: number;
  seq: number;
  direction?: number;
  kind?: string;
}

/** Repository of the risk engine's input. */
export class RiskInputRepository {
  constructor(
    private readonly db: AnyKysely,
    private readonly dialect: Dialect,
  ) {}

  /** The repository over a store's database. */
  static of(store: Store): RiskInputRepository {
    return new RiskInputRepository(store.db as unknown as AnyKysely, store.dialect);
  }

  private async run<R>(text: string, params: readonly unknown[]): Promise<R[]> {
    const result = await this.db.executeQuery<R>(CompiledQuery.raw(text, params as unknown[]));
    return result.rows as R[];
  }

  /**
   * `(seq, ts, id) > (…)` (or `>=` for a kind after the position's): rows of `kind` after `after`, and
   * committed by `horizon` at the latest ($1–$4; the limit is $5).
   */
  private after(
    columns: string,
    kind: number,
    after: RiskPosition,
    horizon: number,
  ): { where: string; params: unknown[] } {
    const op = kind > after.kind ? '>=' : '>';
    const pg = this.dialect === 'postgres';
    const p = pg ? '($1::bigint, $2::bigint, $3::varchar)' : '(?, ?, ?)';
    const seq = columns.slice(0, columns.indexOf(','));
    return {
      where: `(${columns}) ${op} ${p} and ${seq} <= ${pg ? '$4::bigint' : '?'}`,
      params: [after.seq, after.ts, after.id, horizon],
    };
  }

  private limitParam(n: number): string {
    return this.dialect === 'postgres' ? `$${n}` : '?';
  }

  /**
   * The last commit whose rows are all visible now. Commits are numbered in the order they commit (one at a
   * time), so reading up to this number gives every query of a chunk the same commits: without it, a commit
   * landing between the rounds query and the wallet queries gave its wallet events without its rounds, and
   * the checkpoint then moved past those rounds for good.
   */
  private async horizon(): Promise<number> {
    const rows = await this.run<{ seq: number }>('select seq from commit_seq where id = 1', []);
    return Number(rows[0]?.seq ?? 0);
  }

  /**
   * Up to `limit` inputs after `after`, in commit order, each with its position. Rounds come with their
   * settled bets stored by the settling commit or an earlier one (in event time, then id), so that a round
   * read again later is the same round.
   */
  async read(after: RiskPosition, limit: number): Promise<PositionedInput[]> {
    const n = Math.max(1, Math.floor(limit));
    const horizon = await this.horizon();
    const rounds = this.after('settled_seq, settled_at, id', INPUT_KIND.round, after, horizon);
    const roundRows = await this.run<RoundRow>(
      'select id, provider, game_id, table_id, shoe_id, started_at, settled_at, result, settled_seq from game_round ' +
        `where settled_seq is not null and ${rounds.where} order by settled_seq, settled_at, id limit ${this.limitParam(5)}`,
      [...rounds.params, n],
    );
    const out: PositionedInput[] = roundRows.map((r) => {
      const round: SettledRound = {
        seq: Number(r.settled_seq),
        roundId: r.id,
        gameId: Number(r.game_id),
        tableId: r.table_id,
        shoeId: r.shoe_id,
        provider: Number(r.provider),
        startedAt: Number(r.started_at),
        settledAt: Number(r.settled_at),
        result: parseResult(r.result),
        bets: [],
      };
      return { position: positionOf({ type: 'round', round }), input: { type: 'round', round } };
    });

    const wallets: [string, number, string][] = [
      ['transfer_record', INPUT_KIND.transfer, 'direction'],
      ['bonus_record', INPUT_KIND.bonus, 'kind'],
      ['prize_record', INPUT_KIND.prize, 'kind'],
    ];
    for (const [table, kind, extra] of wallets) {
      const w = this.after('seq, ts, id', kind, after, horizon);
      const rows = await this.run<WalletRow>(
        `select id, provider, currency, account, player_id, amount, ts, seq, ${extra} from ${table} ` +
          `where ${w.where} order by seq, ts, id limit ${this.limitParam(5)}`,
        [...w.params, n],
      );
      for (const r of rows) {
        const event: WalletEvent = {
          seq: Number(r.seq),
          id: r.id,
          kind:
            kind === INPUT_KIND.transfer
              ? Number(r.direction) === 1
                ? 'transfer_in'
                : 'transfer_out'
              : kind === INPUT_KIND.bonus
                ? 'bonus'
                : 'prize',
          provider: Number(r.provider),
          currency: r.currency,
          account: r.account,
          playerId: Number(r.player_id),
          amount: Number(r.amount),
          ts: Number(r.ts),
          ...(r.kind !== undefined ? { detail: r.kind } : {}),
        };
        out.push({ position: positionOf({ type: 'wallet', event }), input: { type: 'wallet', event } });
      }
    }

    out.sort((a, b) => comparePositions(a.position, b.position));
    out.length = Math.min(out.length, n);
    await this.attachBets(out);
    return out;
  }

  /** Fills in the bets of the rounds among `inputs`. */
  private async attachBets(inputs: readonly PositionedInput[]): Promise<void> {
    const rounds = new Map<string, SettledRound>();
    for (const { input } of inputs) if (input.type === 'round') rounds.set(input.round.roundId, input.round);
    if (rounds.size === 0) return;
    const ids = [...rounds.keys()];
    // A bet stored before its round's settlement has its payout in pending_payout from the settling commit
    // until the roll-up transaction right after it stores it in the bet's row.
    const select =
      'select b.id, b.round_id, b.provider, b.currency, b.account, b.player_id, b.bet_type, b.amount, ' +
      'coalesce(b.payout, p.payout) as payout, b.ts, b.seq from bet_record b left join pending_payout p ' +
      'on p.transaction_id = b.id and p.round_id = b.round_id where ';
    const rows =
      this.dialect === 'postgres'
        ? await this.run<BetRow>(`${select} b.round_id = any($1::text[])`, [ids])
        : await this.run<BetRow>(`${select} b.round_id in (select value from json_each(?))`, [
            JSON.stringify(ids),
          ]);
    for (const r of rows) {
      const round = rounds.get(r.round_id);
      if (!round || r.payout === null || Number(r.seq) > round.seq) continue;
      const bet: SettledBet = {
        id: r.id,
        provider: Number(r.provider),
        currency: r.currency,
        account: r.account,
        playerId: Number(r.player_id),
        betType: r.bet_type,
        amount: Number(r.amount),
        payout: Number(r.payout),
        ts: Number(r.ts),
      };
      round.bets.push(bet);
    }
    for (const round of rounds.values()) {
      round.bets.sort((a, b) => a.ts - b.ts || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    }
  }
}

function parseResult(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
