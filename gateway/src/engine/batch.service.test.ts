import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { PlatformEvent } from '@dms/shared/contracts/events/platform';
import type { TestStore } from '../testing/testing.store';
import { EventBatchWriter } from './batch.service';
import { DayCutter } from './events.mapper';
import { EventsRepository } from './events.repository';
import { T0, ev } from './events.fixtures';
import { countRows, openEventsTestStore } from './events.testing';
import { readRollups, recomputeRollups } from './rollup.repository';
import { buildWorld } from '../feed/sim.world';
import { simulateDay } from '../feed/sim.day';

const TABLES = [
  'player',
  'login_record',
  'transfer_record',
  'game_round',
  'bet_record',
  'bonus_record',
  'prize_record',
  'pending_payout',
  'daily_game',
  'daily_account',
  'daily_player',
  'rollup_pending',
];

let test: TestStore;
let writer: EventBatchWriter;

beforeAll(async () => {
  test = await openEventsTestStore();
});
afterAll(async () => {
  await test.dispose();
});
beforeEach(async () => {
  for (const t of TABLES) await sql`delete from ${sql.table(t)}`.execute(test.store.db);
  writer = new EventBatchWriter(EventsRepository.of(test.store), new DayCutter('Asia/Shanghai'));
});

async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) {
    out[t] = (await sql`select * from ${sql.table(t)}`.execute(test.store.db)).rows
      .map((r) => JSON.stringify(r))
      .sort();
  }
  return out;
}

async function expectRollupsMatchRaw() {
  const stored = await readRollups(test.store.db);
  const recomputed = await recomputeRollups(test.store.db);
  expect(Object.fromEntries(stored.daily_game)).toEqual(Object.fromEntries(recomputed.daily_game));
  expect(Object.fromEntries(stored.daily_account)).toEqual(Object.fromEntries(recomputed.daily_account));
  expect(Object.fromEntries(stored.daily_player)).toEqual(Object.fromEntries(recomputed.daily_player));
}

const oneOfEach = (): PlatformEvent[] => [
  ev.registered(),
  ev.login(),
  ev.transfer(),
  ev.bonus(),
  ev.round(),
  ev.bet(),
  ev.bet({ transactionId: 'tx-2', playerId: 2, account: 'bob', betType: 'player', amount: 10_000 }),
  ev.settled({
    payouts: [
      { transactionId: 'tx-1', playerId: 1, payout: 19_500 },
      { transactionId: 'tx-2', playerId: 2, payout: 0 },
    ],
  }),
  ev.prize(),
  ev.transfer({ id: 'tr-2', direction: 0, amount: 20_000, ts: T0 + 60_000 }),
];

/** A repository whose transactions fail after taking their commit number and writing the rows. */
class FailingRepository extends EventsRepository {
  constructor(private readonly inner: EventsRepository) {
    super(inner.tables as never, inner.dialect);
  }

  override transaction<T>(fn: (tx: EventsRepository) => Promise<T>): Promise<T> {
    return this.inner.transaction(async (tx) => {
      await fn(tx);
      throw new Error('injected');
    });
  }
}

/** A repository whose roll-up transactions fail (after taking the pending deltas) while `failing` is set. */
class FailingRollupRepository extends EventsRepository {
  failing = true;
  constructor(private readonly inner: EventsRepository) {
    super(inner.tables as never, inner.dialect);
  }

  override transaction<T>(fn: (tx: EventsRepository) => Promise<T>): Promise<T> {
    return this.inner.transaction(async (tx) => {
      const failing = this.failing;
      const wrapped = Object.create(tx) as EventsRepository;
      wrapped.upsertDailyPlayer = async (deltas) => {
        const out = await tx.upsertDailyPlayer(deltas);
        if (failing) throw new Error('injected roll-up failure');
        return out;
      };
      return fn(wrapped);
    });
  }
}

describe('EventBatchWriter', () => {
  it('stores every event of a batch and rolls it up per day, provider, currency and game', async () => {
    const out = await writer.write(oneOfEach());
    expect(out.inserted).toHaveLength(10);
    expect(out.settledBets).toBe(2);
    const game = await sql<Record<string, unknown>>`select * from daily_game`.execute(test.store.db);
    expect(game.rows).toEqual([
      {
        day: '2024-03-01',
        provider: 1001,
        currency: 'CNY',
        game_id: 1,
        turnover: 20_000,
        payout: 19_500,
        bets: 2,
        rounds: 1,
        settled_turnover: 20_000,
        settled_bets: 2,
      },
    ]);
    const account = await sql<Record<string, unknown>>`select * from daily_account`.execute(test.store.db);
    expect(account.rows[0]).toMatchObject({
      registrations: 1,
      logins: 1,
      login_players: 1,
      transfer_in: 100_000,
      transfer_in_count: 1,
      transfer_out: 20_000,
      transfer_out_count: 1,
      bonus: 5000,
      bonus_count: 1,
      prize: 7000,
      prize_count: 1,
    });
    const bet = await sql<
      Record<string, unknown>
    >`select payout, settled_at from bet_record where id = 'tx-1'`.execute(test.store.db);
    expect(bet.rows[0]).toEqual({ payout: 19_500, settled_at: T0 + 20_000 });
    const round = await sql<Record<string, unknown>>`select settled_at, result from game_round`.execute(
      test.store.db,
    );
    expect(round.rows[0]?.settled_at).toBe(T0 + 20_000);
    expect(JSON.parse(String(round.rows[0]?.result))).toMatchObject({ winner: 'banker' });
    await expectRollupsMatchRaw();
  });

  it('changes nothing when a batch is replayed: no row added, roll-ups unchanged', async () => {
    await writer.write(oneOfEach());
    const before = await snapshot();
    const again = await writer.write(oneOfEach());
    expect(again.inserted).toEqual([]);
    expect(again.settledBets).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('counts a repeated key inside one batch once', async () => {
    const out = await writer.write([ev.login(), ev.login(), ev.bet(), ev.bet({ id: 'other-event-id' })]);
    expect(out.inserted).toHaveLength(2);
    expect(await countRows(test.store, 'login_record')).toBe(1);
    expect(await countRows(test.store, 'bet_record')).toBe(1);
    await expectRollupsMatchRaw();
  });

  it('applies a round settlement once, even when sent again under another event id', async () => {
    await writer.write([ev.round(), ev.bet(), ev.settled()]);
    const before = await snapshot();
    const out = await writer.write([
      ev.settled({ id: 'st-r1-again', payouts: [{ transactionId: 'tx-1', playerId: 1, payout: 999_999 }] }),
    ]);
    expect(out.inserted).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('settles bets stored by earlier batches when their round settles, and a replayed bet beside the settlement', async () => {
    await writer.write([ev.round(), ev.bet()]);
    const out = await writer.write([ev.bet(), ev.settled()]);
    expect(out.inserted.map((e) => e.type)).toEqual(['round.settled']);
    expect(out.settledBets).toBe(1);
    const bet = await sql<Record<string, unknown>>`select payout, settled_at from bet_record`.execute(
      test.store.db,
    );
    expect(bet.rows[0]).toEqual({ payout: 19_500, settled_at: T0 + 20_000 });
    const round = await sql<Record<string, unknown>>`select started_at, settled_at from game_round`.execute(
      test.store.db,
    );
    expect(round.rows[0]).toEqual({ started_at: T0, settled_at: T0 + 20_000 });
    await expectRollupsMatchRaw();
  });

  it('settles a bet that arrives after its round was settled', async () => {
    await writer.write([ev.round(), ev.settled()]);
    expect(await countRows(test.store, 'pending_payout')).toBe(1);
    const out = await writer.write([ev.bet()]);
    expect(out.settledBets).toBe(1);
    expect(await countRows(test.store, 'pending_payout')).toBe(0);
    const bet = await sql<Record<string, unknown>>`select payout from bet_record`.execute(test.store.db);
    expect(bet.rows[0]?.payout).toBe(19_500);
    await expectRollupsMatchRaw();
  });

  it('numbers each batch with the next commit sequence: bets and wallet rows by the batch that stored them, rounds by the batch that settled them', async () => {
    const first = await writer.write([
      ev.round(),
      ev.bet(),
      ev.transfer(),
      ev.round({ id: 'rs-r2', roundId: 'r2' }),
    ]);
    const second = await writer.write([
      ev.settled(),
      ev.bonus(),
      ev.prize(),
      ev.settled({ id: 'st-r3', roundId: 'r3', payouts: [] }),
    ]);
    const third = await writer.write([ev.settled()]);
    expect(second.seq).toBe(first.seq + 1);
    expect(third.seq).toBe(second.seq + 1);
    const seqOf = async (table: string, column = 'seq') =>
      Object.fromEntries(
        (
          await sql<{
            id: string;
            s: number | null;
          }>`select id, ${sql.ref(column)} as s from ${sql.table(table)}`.execute(test.store.db)
        ).rows.map((r) => [r.id, r.s === null ? null : Number(r.s)]),
      );
    // r1 settled by the second batch (an update), r3 created settled by it, r2 never settled.
    expect(await seqOf('game_round', 'settled_seq')).toEqual({ r1: second.seq, r2: null, r3: second.seq });
    expect(await seqOf('bet_record')).toEqual({ 'tx-1': first.seq });
    expect(await seqOf('transfer_record')).toEqual({ 'tr-1': first.seq });
    expect(await seqOf('bonus_record')).toEqual({ 'bo-1': second.seq });
    expect(await seqOf('prize_record')).toEqual({ 'pr-1': second.seq });
  });

  it('gives a rolled-back batch its number back: the next batch takes it', async () => {
    const before = await writer.write([ev.login({ id: 'before' })]);
    const failing = new EventBatchWriter(
      new FailingRepository(EventsRepository.of(test.store)),
      new DayCutter('Asia/Shanghai'),
    );
    await expect(failing.write([ev.login({ id: 'lost' })])).rejects.toThrow('injected');
    const after = await writer.write([ev.login({ id: 'after' })]);
    expect(after.seq).toBe(before.seq + 1);
    expect(await countRows(test.store, 'login_record')).toBe(2);
  });

  it('tells the events committed before their roll-ups, and resolves once the roll-ups are added', async () => {
    let peek: Promise<number[]> | undefined;
    const done = await writer.write(oneOfEach(), (outcome) => {
      expect(outcome.inserted).toHaveLength(oneOfEach().length);
      // Read at once: the events are there; on SQLite's one connection, before the roll-up transaction.
      peek = Promise.all(
        ['login_record', 'rollup_pending', 'daily_player'].map((t) => countRows(test.store, t)),
      );
    });
    const [logins, pending, players] = (await peek) ?? [];
    expect(logins).toBe(1);
    if (test.store.dialect === 'sqlite') expect([pending, players]).toEqual([1, 0]);
    expect(done.inserted).toHaveLength(oneOfEach().length);
    expect(await countRows(test.store, 'rollup_pending')).toBe(0);
    await expectRollupsMatchRaw();
  });

  it('keeps a batch stored when adding its roll-ups fails, and adds its deltas once, by the next roll-up or another writer', async () => {
    const repo = new FailingRollupRepository(EventsRepository.of(test.store));
    const errors: unknown[] = [];
    const failing = new EventBatchWriter(repo, new DayCutter('Asia/Shanghai'), (err) => errors.push(err));
    const first = await failing.write(oneOfEach());
    expect(first.inserted).toHaveLength(oneOfEach().length);
    expect(errors).toHaveLength(1);
    expect(await countRows(test.store, 'rollup_pending')).toBe(1);
    expect(await countRows(test.store, 'daily_player')).toBe(0);
    // Another batch of the same writer fails too: two batches pending.
    await failing.write([ev.login({ id: 'login-2', ts: T0 + 120_000 })]);
    expect(await countRows(test.store, 'rollup_pending')).toBe(2);
    // Another writer (a gateway started after this one stopped) adds both, from their stored deltas.
    await new EventBatchWriter(EventsRepository.of(test.store), new DayCutter('Asia/Shanghai')).rollUp();
    expect(await countRows(test.store, 'rollup_pending')).toBe(0);
    await expectRollupsMatchRaw();
    // The failing writer's next roll-up finds nothing of them: nothing counted twice.
    repo.failing = false;
    await failing.write([ev.login({ id: 'login-3', ts: T0 + 180_000 })]);
    expect(await countRows(test.store, 'rollup_pending')).toBe(0);
    await expectRollupsMatchRaw();
  });

  it('adds pending deltas that are not its own batches exactly as its own (the stored form)', async () => {
    const repo = new FailingRollupRepository(EventsRepository.of(test.store));
    const failing = new EventBatchWriter(repo, new DayCutter('Asia/Shanghai'), () => undefined);
    await failing.write(oneOfEach());
    const stored = (await sql<{ deltas: string }>`select deltas from rollup_pending`.execute(test.store.db))
      .rows;
    expect(stored).toHaveLength(1);
    // Its own writer adds them from memory; the row read back gives the same roll-ups.
    repo.failing = false;
    await failing.rollUp();
    const fromMemory = await readRollups(test.store.db);
    for (const t of ['daily_game', 'daily_account', 'daily_player']) {
      await sql`delete from ${sql.table(t)}`.execute(test.store.db);
    }
    await sql`insert into rollup_pending (seq, deltas) values (${999}, ${stored[0]?.deltas})`.execute(
      test.store.db,
    );
    await writer.rollUp();
    expect(await readRollups(test.store.db)).toEqual(fromMemory);
  });

  it('pays bets stored before their settlement with the roll-ups: after the commit it tells, before it resolves', async () => {
    const bets = [ev.round(), ev.bet(), ev.bet({ transactionId: 'tx-2', playerId: 2, account: 'bob' })];
    await writer.write(bets);
    const settle = ev.settled({
      payouts: [
        { transactionId: 'tx-1', playerId: 1, payout: 19_500 },
        { transactionId: 'tx-2', playerId: 2, payout: 0 },
        // Not stored yet: kept in pending_payout for when it arrives.
        { transactionId: 'tx-3', playerId: 3, payout: 500 },
      ],
    });
    const payouts = () =>
      sql<{ id: string; payout: number | null }>`select id, payout from bet_record order by id`
        .execute(test.store.db)
        .then((r) => r.rows.map((b) => [b.id, b.payout === null ? null : Number(b.payout)]));
    let peek: Promise<unknown[]> | undefined;
    const done = await writer.write([settle], (outcome) => {
      expect(outcome.settledBets).toBe(0);
      peek = payouts();
    });
    if (test.store.dialect === 'sqlite')
      expect(await peek).toEqual([
        ['tx-1', null],
        ['tx-2', null],
      ]);
    expect(done.settledBets).toBe(2);
    expect(await payouts()).toEqual([
      ['tx-1', 19_500],
      ['tx-2', 0],
    ]);
    expect(await countRows(test.store, 'pending_payout')).toBe(1);
    await writer.write([ev.bet({ id: 'tx-3', transactionId: 'tx-3', playerId: 3, account: 'carol' })]);
    expect((await payouts())[2]).toEqual(['tx-3', 500]);
    expect(await countRows(test.store, 'pending_payout')).toBe(0);
    await expectRollupsMatchRaw();
  });

  it('keeps the payouts of a settlement whose roll-up failed pending, and another writer stores them once', async () => {
    await writer.write([
      ev.round(),
      ev.bet(),
      ev.bet({ transactionId: 'tx-2', playerId: 2, account: 'bob' }),
    ]);
    const repo = new FailingRollupRepository(EventsRepository.of(test.store));
    const failing = new EventBatchWriter(repo, new DayCutter('Asia/Shanghai'), () => undefined);
    const out = await failing.write([
      ev.settled({
        payouts: [
          { transactionId: 'tx-1', playerId: 1, payout: 19_500 },
          { transactionId: 'tx-2', playerId: 2, payout: 0 },
        ],
      }),
    ]);
    expect(out.inserted).toHaveLength(1);
    expect(out.settledBets).toBe(0);
    const unpaid = await sql<{
      n: number;
    }>`select count(*) as n from bet_record where payout is null`.execute(test.store.db);
    expect(Number(unpaid.rows[0]?.n)).toBe(2);
    // Another writer (a gateway started after this one stopped) pays them from the stored row.
    await new EventBatchWriter(EventsRepository.of(test.store), new DayCutter('Asia/Shanghai')).rollUp();
    const paid = await sql<{ payout: number }>`select payout from bet_record order by id`.execute(
      test.store.db,
    );
    expect(paid.rows.map((r) => Number(r.payout))).toEqual([19_500, 0]);
    await expectRollupsMatchRaw();
    // The failing writer's next roll-up finds nothing of them: nothing paid or counted twice.
    repo.failing = false;
    await failing.write([ev.login({ id: 'login-3', ts: T0 + 180_000 })]);
    expect(await countRows(test.store, 'rollup_pending')).toBe(0);
    await expectRollupsMatchRaw();
  });

  it('leaves a payout naming a bet of another round alone', async () => {
    await writer.write([ev.bet({ roundId: 'r2' }), ev.settled()]);
    const bet = await sql<Record<string, unknown>>`select payout from bet_record`.execute(test.store.db);
    expect(bet.rows[0]?.payout).toBeNull();
    expect(await countRows(test.store, 'pending_payout')).toBe(0);
  });

  it('counts a round once per provider, currency and day, and a player signing in twice once', async () => {
    await writer.write([ev.bet(), ev.login()]);
    await writer.write([
      ev.bet({ transactionId: 'tx-2', playerId: 2, account: 'bob' }),
      ev.bet({ transactionId: 'tx-3', playerId: 3, account: 'carol', currency: 'USD' }),
      ev.login({ id: 'login-2', ts: T0 + 3_600_000 }),
    ]);
    const game = await sql<{
      currency: string;
      rounds: number;
      bets: number;
    }>`select currency, rounds, bets from daily_game order by currency`.execute(test.store.db);
    expect(game.rows).toEqual([
      { currency: 'CNY', rounds: 1, bets: 2 },
      { currency: 'USD', rounds: 1, bets: 1 },
    ]);
    const account = await sql<{
      logins: number;
      login_players: number;
    }>`select logins, login_players from daily_account where currency = 'CNY'`.execute(test.store.db);
    expect(account.rows[0]).toEqual({ logins: 2, login_players: 1 });
    await expectRollupsMatchRaw();
  });

  it('cuts days in the business time zone: 23:59 and 00:01 Shanghai fall on two days', async () => {
    const midnight = Date.UTC(2024, 2, 1, 16, 0, 0); // 2024-03-02 00:00 in Shanghai
    await writer.write([
      ev.login({ id: 'a', ts: midnight - 60_000 }),
      ev.login({ id: 'b', ts: midnight + 60_000 }),
    ]);
    const days = await sql<{ day: string }>`select day from daily_account order by day`.execute(
      test.store.db,
    );
    expect(days.rows.map((r) => r.day)).toEqual(['2024-03-01', '2024-03-02']);
  });

  it('keeps roll-ups equal to a recomputation from raw rows over two simulated days with replays and late bets', async () => {
    const world = buildWorld({
      seed: 'rollup-test',
      players: 400,
      providers: [1001, 1002, 1003],
      currencies: ['CNY', 'USD', 'INR'],
      historyFrom: Date.UTC(2024, 2, 1),
      historyTo: Date.UTC(2024, 2, 3),
    });
    const day = Date.UTC(2024, 2, 1) / 86_400_000;
    const events = [...simulateDay(world, day), ...simulateDay(world, day + 1)];
    expect(events.filter((e) => e.type === 'round.settled').length).toBeGreaterThan(50);
    // Batches of uneven sizes; one batch sent twice; settlements of some rounds before their bets.
    const batches: PlatformEvent[][] = [];
    for (let i = 0; i < events.length; i += 777) batches.push(events.slice(i, i + 777));
    const [b0, b1, ...rest] = batches as [PlatformEvent[], PlatformEvent[], ...PlatformEvent[][]];
    const early = b1.filter((e) => e.type === 'round.settled');
    await writer.write([...b0, ...early]);
    await writer.write(b1);
    await writer.write(b1);
    for (const b of rest) await writer.write(b);
    await expectRollupsMatchRaw();
    const unsettled = await sql<{
      n: number;
    }>`select count(*) as n from bet_record where payout is null`.execute(test.store.db);
    expect(Number(unsettled.rows[0]?.n)).toBe(0);
    expect(await countRows(test.store, 'pending_payout')).toBe(0);
    expect(await countRows(test.store, 'bet_record')).toBe(
      events.filter((e) => e.type === 'bet.placed').length,
    );
  });
});
