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
}

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
  | { kind: 'settled'; payload: RoundSettled; scope: number | 'all' };

/**
 * The round streams of the live channel, read from the engine's committed batches (so a client never sees
 * what the store does not hold): `round:started`, `bets:placed` (gathered over `flushMs`) and
 * `round:settled` with the round's totals per bet type. Everything is scoped by provider: a round is started
 * for its table's provider, and the sockets of each provider whose players bet on it receive that
 * provider's bets and a settlement whose totals count its bets only, so no socket learns another provider's
 * money; the sockets of the whole scope (the super account) receive one payload with every bet and the
 * round's whole totals instead of one per provider. Events are gathered for `flushMs` and sent in commit
 * order.
 */
export class LiveRounds {
  private readonly open = new Map<string, OpenRound>();
  private items: Item[] = [];
  /** The pending `bets:placed` item of each round and provider in the current window. */
  private betsItem = new Map<string, BetsPlaced>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private subscription: Subscription | undefined;
  private lastPrune = 0;
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

  /** Takes the events of one committed batch. */
  accept(events: readonly PlatformEvent[]): void {
    const now = this.options.now();
    const oldest = now - this.options.liveWindowMs;
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
      else if (e.type === 'round.settled') this.settle(e);
    }
    if (this.items.length > 0 && this.timer === undefined) {
      this.timer = setTimeout(() => this.flush(), this.options.flushMs);
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
    // Totals per provider and bet type, from the bets this gateway saw (the payouts say what each returned).
    const byProvider = new Map<number, Map<string, { bets: number; amount: number; payout: number }>>();
    byProvider.set(e.provider, new Map());
    for (const [id, bet] of round?.bets ?? []) {
      let types = byProvider.get(bet.provider);
      if (!types) byProvider.set(bet.provider, (types = new Map()));
      const total = types.get(bet.betType) ?? { bets: 0, amount: 0, payout: 0 };
      total.bets += 1;
      total.amount += bet.amount;
      total.payout += payouts.get(id) ?? 0;
      types.set(bet.betType, total);
    }
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
    const whole = new Map<string, { bets: number; amount: number; payout: number }>();
    for (const [provider, types] of byProvider) {
      this.items.push({ kind: 'settled', payload: settled([provider], types), scope: provider });
      for (const [betType, t] of types) {
        const sum = whole.get(betType) ?? { bets: 0, amount: 0, payout: 0 };
        sum.bets += t.bets;
        sum.amount += t.amount;
        sum.payout += t.payout;
        whole.set(betType, sum);
      }
    }
    this.items.push({ kind: 'settled', payload: settled([...byProvider.keys()], whole), scope: 'all' });
  }

  /** Sends what was gathered, in order (called by the timer; tests and `stop` call it directly). */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const items = this.items;
    this.items = [];
    this.betsItem = new Map();
    for (const item of items) {
      const code = monitorOf(item.payload.gameId);
      if (item.kind === 'started')
        this.publisher.publish(
          LIVE_EVENTS.roundStarted,
          item.payload,
          audience.screen(code, item.payload.providers),
        );
      else if (item.kind === 'bets')
        this.publisher.publish(LIVE_EVENTS.betsPlaced, item.payload, audience.scoped(code, item.scope));
      else this.publisher.publish(LIVE_EVENTS.roundSettled, item.payload, audience.scoped(code, item.scope));
      this.sent += 1;
    }
  }

  private prune(now: number): void {
    this.lastPrune = now;
    for (const [id, round] of this.open) if (now - round.seenAt > OPEN_ROUND_TTL_MS) this.open.delete(id);
  }

  /** Stops following the commits and sends what is gathered. */
  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.flush();
  }
}
