import type { Observable, Subscription } from 'rxjs';
import { GameId } from '@dms/shared/domain/games';
import { PERM } from '@dms/shared/permissions/codes';
import {
  LIVE_EVENTS,
  LIVE_VERSION,
  type BetsPlaced,
  type LiveBet,
  type RoundSettled,
  type RoundStarted,
} from '@dms/shared/contracts/live/events';
import type { BetPlacedEvent, PlatformEvent, RoundSettledEvent } from '@dms/shared/contracts/events/platform';
import type { CommittedBatch } from '../../engine/pipeline.service';
import { audience, type LivePublisher } from '../../platform/live/live.publisher';

/** How the round streams are batched and which events count as live. */
export interface LiveRoundsOptions {
  /** Events are gathered this long and sent together (100–250 ms; 100 by default). */
  flushMs: number;
  /** Events whose `ts` is older than this (a backfill, a replayed history) are not pushed. */
  liveWindowMs: number;
  /** The clock the live window is measured against. */
  now: () => number;
  /**
   * The committed totals of a round per provider and bet type, read from the store when it settles: right
   * after a restart, and with several gateways taking events, this process did not see every bet. Without
   * it, the totals are those of the bets this process saw.
   */
  totalsOf?: (roundId: string) => Promise<readonly TotalRow[]>;
}

/** One provider's bets of one type on a round. */
export interface TotalRow {
  provider: number;
  betType: string;
  bets: number;
  amount: number;
  payout: number;
}

type Totals = Map<number, Map<string, { bets: number; amount: number; payout: number }>>;

export const DEFAULT_LIVE_ROUNDS: Omit<LiveRoundsOptions, 'now'> = {
  flushMs: 100,
  liveWindowMs: 10 * 60_000,
};

/** Most bets in one `bets:placed` payload (the contract's bound). */
const BETS_PER_PAYLOAD = 5000;
/** An open round not settled after this long is forgotten (its table stopped, or its settlement was lost). */
const OPEN_ROUND_TTL_MS = 30 * 60_000;

/** The live screen of a game: the baccarat monitor (3000) or the Teen Patti monitor (11001). */
export function monitorOf(gameId: number): string {
  return gameId === GameId.TeenPatti ? PERM.TEEN_PATTI_MONITOR : PERM.BACCARAT_MONITOR;
}

interface OpenBet {
  provider: number;
  betType: string;
  amount: number;
}

interface OpenRound {
  seenAt: number;
  bets: Map<string, OpenBet>;
}

/** `scope`: one provider's sockets, or those of the whole scope (`'all'`); absent: the round's provider and the whole scope. */
type Item =
  | { kind: 'started'; payload: RoundStarted }
  | { kind: 'bets'; payload: BetsPlaced; scope: number | 'all' }
  | { kind: 'settle'; event: RoundSettledEvent; seen: Totals };

/**
 * The round streams of the live channel, read from the engine's committed batches (so a client never sees
 * what the store does not hold): `round:started`, `bets:placed` (gathered over `flushMs`) and
 * `round:settled` with the round's totals per bet type. Everything is scoped by provider: a round is started
 * for its table's provider, and the sockets of each provider whose players bet on it receive that
 * provider's bets and a settlement whose totals count its bets only, so no socket learns another provider's
 * money; the sockets of the whole scope (the super account) receive one payload with every bet and the
 * round's whole totals instead of one per provider. Events are gathered for `flushMs` and sent in commit
 * order, but for a settlement, sent at once with its round's gathered events (each round's events stay in
 * commit order).
 */
export class LiveRounds {
  private readonly open = new Map<string, OpenRound>();
  private items: Item[] = [];
  /** The pending `bets:placed` item of each round and provider in the current window. */
  private betsItem = new Map<string, BetsPlaced>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private subscription: Subscription | undefined;
  private lastPrune = 0;
  /** The flushes in progress, in order. */
  private sending: Promise<void> = Promise.resolve();
  /** Payloads sent since start (for the benchmark and the logs). */
  sent = 0;

  constructor(
    private readonly publisher: LivePublisher,
    private readonly options: LiveRoundsOptions,
  ) {}

  /** Follows the engine's commits until {@link stop}. */
  start(committed$: Observable<CommittedBatch>): void {
    this.subscription = committed$.subscribe((batch) => this.accept(batch.events));
  }

  /**
   * Takes the events of one committed batch. A settlement goes out at once, with what was gathered of its
   * round before it (its start, its last bets): a settling table is what the monitor waits for, and the
   * window would add up to `flushMs` to it. The other rounds' bets stay in their window.
   */
  accept(events: readonly PlatformEvent[]): void {
    const now = this.options.now();
    const oldest = now - this.options.liveWindowMs;
    let settling: Set<string> | undefined;
    for (const e of events) {
      if (e.ts < oldest) continue;
      if (e.type === 'round.started') {
        this.open.set(e.roundId, { seenAt: now, bets: new Map() });
        this.items.push({
          kind: 'started',
          payload: {
            v: LIVE_VERSION,
            providers: [e.provider],
            roundId: e.roundId,
            gameId: e.gameId,
            tableId: e.tableId,
            shoeId: e.shoeId,
            startedAt: e.ts,
          },
        });
      } else if (e.type === 'bet.placed') this.bet(e, now);
      else if (e.type === 'round.settled') {
        this.settle(e);
        (settling ??= new Set()).add(e.roundId);
      }
    }
    if (settling) this.sendRounds(settling);
    if (this.items.length > 0 && this.timer === undefined) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs);
    }
    if (now - this.lastPrune > 60_000) this.prune(now);
  }

  private bet(e: BetPlacedEvent, now: number): void {
    let round = this.open.get(e.roundId);
    if (!round) {
      round = { seenAt: now, bets: new Map() };
      this.open.set(e.roundId, round);
    }
    round.bets.set(e.transactionId, { provider: e.provider, betType: e.betType, amount: e.amount });
    const bet: LiveBet = {
      id: e.transactionId,
      provider: e.provider,
      currency: e.currency,
      account: e.account,
      betType: e.betType,
      amount: e.amount,
      ts: e.ts,
    };
    for (const scope of [e.provider, 'all'] as const) {
      const key = `${e.roundId}|${scope}`;
      let item = this.betsItem.get(key);
      if (!item || item.bets.length >= BETS_PER_PAYLOAD) {
        item = {
          v: LIVE_VERSION,
          providers: [],
          roundId: e.roundId,
          gameId: e.gameId,
          tableId: e.tableId,
          bets: [],
        };
        this.betsItem.set(key, item);
        this.items.push({ kind: 'bets', payload: item, scope });
      }
      item.bets.push(bet);
      if (!item.providers.includes(e.provider)) item.providers.push(e.provider);
    }
  }

  private settle(e: RoundSettledEvent): void {
    const round = this.open.get(e.roundId);
    this.open.delete(e.roundId);
    const payouts = new Map(e.payouts.map((p) => [p.transactionId, p.payout]));
    // Totals per provider and bet type of the bets this process saw (the payouts say what each returned).
    const seen: Totals = new Map();
    for (const [id, bet] of round?.bets ?? []) {
      let types = seen.get(bet.provider);
      if (!types) seen.set(bet.provider, (types = new Map()));
      const total = types.get(bet.betType) ?? { bets: 0, amount: 0, payout: 0 };
      total.bets += 1;
      total.amount += bet.amount;
      total.payout += payouts.get(id) ?? 0;
      types.set(bet.betType, total);
    }
    this.items.push({ kind: 'settle', event: e, seen });
  }

  /** The settlement's payloads: one per provider with bets (and the table's), one for the whole scope. */
  private settledPayloads(
    e: RoundSettledEvent,
    totals: Totals,
  ): { payload: RoundSettled; scope: number | 'all' }[] {
    const byProvider: Totals = new Map([[e.provider, totals.get(e.provider) ?? new Map()], ...totals]);
    const settled = (
      providers: number[],
      types: Map<string, { bets: number; amount: number; payout: number }>,
    ): RoundSettled => ({
      v: LIVE_VERSION,
      providers,
      roundId: e.roundId,
      gameId: e.gameId,
      tableId: e.tableId,
      shoeId: e.shoeId,
      settledAt: e.ts,
      result: e.result,
      totals: [...types].slice(0, 16).map(([betType, t]) => ({ betType, ...t })),
    });
    const out: { payload: RoundSettled; scope: number | 'all' }[] = [];
    const whole = new Map<string, { bets: number; amount: number; payout: number }>();
    for (const [provider, types] of byProvider) {
      out.push({ payload: settled([provider], types), scope: provider });
      for (const [betType, t] of types) {
        const sum = whole.get(betType) ?? { bets: 0, amount: 0, payout: 0 };
        sum.bets += t.bets;
        sum.amount += t.amount;
        sum.payout += t.payout;
        whole.set(betType, sum);
      }
    }
    out.push({ payload: settled([...byProvider.keys()], whole), scope: 'all' });
    return out;
  }

  /** The store's totals of a settled round, or what this process saw when there is no reader (or it fails). */
  private async totals(item: Extract<Item, { kind: 'settle' }>): Promise<Totals> {
    const read = this.options.totalsOf;
    if (!read) return item.seen;
    try {
      const rows = await read(item.event.roundId);
      const out: Totals = new Map();
      for (const r of rows) {
        let types = out.get(r.provider);
        if (!types) out.set(r.provider, (types = new Map()));
        types.set(r.betType, { bets: r.bets, amount: r.amount, payout: r.payout });
      }
      return out;
    } catch {
      return item.seen;
    }
  }

  /**
   * Sends what was gathered, in order (called by the timer; tests and `stop` call it directly). A settlement
   * waits for its totals from the store, and what follows it waits for it.
   */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const items = this.items;
    this.items = [];
    this.betsItem = new Map();
    this.sending = this.sending.then(() => this.send(items));
    return this.sending;
  }

  /** Sends the gathered items of these rounds now, in order; the rest stay gathered. */
  private sendRounds(rounds: ReadonlySet<string>): void {
    const now: Item[] = [];
    const later: Item[] = [];
    for (const item of this.items)
      (rounds.has(item.kind === 'settle' ? item.event.roundId : item.payload.roundId) ? now : later).push(
        item,
      );
    this.items = later;
    // A bet of the round after its settlement (a late one) starts a payload of its own.
    for (const item of now)
      if (item.kind === 'bets') this.betsItem.delete(`${item.payload.roundId}|${item.scope}`);
    if (later.length === 0 && this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.sending = this.sending.then(() => this.send(now));
  }

  private async send(items: Item[]): Promise<void> {
    for (const item of items) {
      if (item.kind === 'settle') {
        const code = monitorOf(item.event.gameId);
        const totals = await this.totals(item);
        for (const { payload, scope } of this.settledPayloads(item.event, totals)) {
          this.publisher.publish(LIVE_EVENTS.roundSettled, payload, audience.scoped(code, scope));
          this.sent += 1;
        }
        continue;
      }
      const code = monitorOf(item.payload.gameId);
      if (item.kind === 'started')
        this.publisher.publish(
          LIVE_EVENTS.roundStarted,
          item.payload,
          audience.screen(code, item.payload.providers),
        );
      else this.publisher.publish(LIVE_EVENTS.betsPlaced, item.payload, audience.scoped(code, item.scope));
      this.sent += 1;
    }
  }

  private prune(now: number): void {
    this.lastPrune = now;
    for (const [id, round] of this.open) if (now - round.seenAt > OPEN_ROUND_TTL_MS) this.open.delete(id);
  }

  /** Stops following the commits and sends what is gathered. */
  async stop(): Promise<void> {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    await this.flush();
  }
}
