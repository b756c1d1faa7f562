import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStore } from '../../testing/testing.store';
import { EventBatchWriter } from '../batch.service';
import { DayCutter } from '../events.mapper';
import { EventsRepository } from '../events.repository';
import { T0, ev } from '../events.fixtures';
import { openEventsTestStore } from '../events.testing';
import { RiskInputRepository, type PositionedInput } from './riskInput.repository';
import { START_POSITION, comparePositions } from './riskPosition';

let test: TestStore;
let reader: RiskInputRepository;
let writer: EventBatchWriter;
const seqs: number[] = [];

const payout = (transactionId: string, value: number) => ({ transactionId, playerId: 1, payout: value });

beforeAll(async () => {
  test = await openEventsTestStore();
  reader = RiskInputRepository.of(test.store);
  writer = new EventBatchWriter(EventsRepository.of(test.store), new DayCutter('Asia/Shanghai'));
  const batches = [
    [
      ev.round(),
      ev.bet({ transactionId: 'b1', id: 'b1', betType: 'player', account: 'ann', ts: T0 + 2000 }),
      ev.bet({ transactionId: 'b2', id: 'b2', betType: 'banker', account: 'bob', ts: T0 + 1000 }),
      ev.transfer({ id: 't1', ts: T0 + 5 }),
      ev.round({ id: 'rs-r2', roundId: 'r2' }),
      ev.bet({ transactionId: 'b3', id: 'b3', roundId: 'r2' }),
    ],
    [
      ev.settled({ payouts: [payout('b1', 0), payout('b2', 19_500), payout('b9', 20_000)] }),
      ev.bonus({ id: 'bo1', ts: T0 + 1, kind: 'rebate' }),
      ev.prize({ id: 'pr1', ts: T0 + 30_000 }),
      ev.transfer({ id: 't2', direction: 0, amount: 50, ts: T0 + 25_000 }),
    ],
    [
      // Stored after its round settled: not part of the round for the risk engine.
      ev.bet({ transactionId: 'b9', id: 'b9', account: 'late' }),
      // Settled without a payout for b3: b3 stays unsettled.
      ev.settled({ id: 'st-r2', roundId: 'r2', payouts: [], ts: T0 + 21_000 }),
      ev.settled({ id: 'st-r3', roundId: 'r3', payouts: [], ts: T0 + 21_000 }),
    ],
    [
      ev.prize({ id: 'same', ts: T0 + 40_000 }),
      ev.bonus({ id: 'same', ts: T0 + 40_000 }),
      ev.transfer({ id: 'same', ts: T0 + 40_000 }),
    ],
  ];
  for (const b of batches) seqs.push((await writer.write(b)).seq);
});
afterAll(async () => {
  await test.dispose();
});

const label = (p: PositionedInput) =>
  p.input.type === 'round' ? `round ${p.input.round.roundId}` : `${p.input.event.kind} ${p.input.event.id}`;

async function readAll(limit: number): Promise<PositionedInput[]> {
  const out: PositionedInput[] = [];
  let after = START_POSITION;
  for (;;) {
    const chunk = await reader.read(after, limit);
    if (chunk.length === 0) return out;
    expect(chunk.length).toBeLessThanOrEqual(limit);
    out.push(...chunk);
    after = chunk[chunk.length - 1]?.position ?? after;
  }
}

describe('RiskInputRepository', () => {
  it('reads settled rounds and wallet events in commit order, then event time, id and kind', async () => {
    const all = await reader.read(START_POSITION, 100);
    expect(all.map(label)).toEqual([
      'transfer_in t1',
      'bonus bo1',
      'round r1',
      'transfer_out t2',
      'prize pr1',
      'round r2',
      'round r3',
      'transfer_in same',
      'bonus same',
      'prize same',
    ]);
    const [a, b, c, d] = seqs as [number, number, number, number];
    expect(all.map((p) => p.position.seq)).toEqual([a, b, b, b, b, c, c, d, d, d]);
    for (let i = 1; i < all.length; i++) {
      expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBeLessThan(0);
    }
  });

  it('gives a round its settled bets stored up to the settling commit, in time order, and its result', async () => {
    const all = await reader.read(START_POSITION, 100);
    const r1 = all.find((p) => p.input.type === 'round' && p.input.round.roundId === 'r1')?.input;
    expect(r1).toEqual({
      type: 'round',
      round: {
        seq: seqs[1],
        roundId: 'r1',
        gameId: 1,
        tableId: 'BAC-01',
        shoeId: 'S1',
        provider: 1001,
        startedAt: T0,
        settledAt: T0 + 20_000,
        result: { winner: 'banker', playerPair: false, bankerPair: false },
        bets: [
          expect.objectContaining({
            id: 'b2',
            account: 'bob',
            betType: 'banker',
            amount: 10_000,
            payout: 19_500,
          }),
          expect.objectContaining({ id: 'b1', account: 'ann', betType: 'player', amount: 10_000, payout: 0 }),
        ],
      },
    });
    const r2 = all.find((p) => p.input.type === 'round' && p.input.round.roundId === 'r2')?.input;
    expect(r2?.type === 'round' && r2.round.bets).toEqual([]);
    const bonus = all.find((p) => label(p) === 'bonus bo1')?.input;
    expect(bonus).toEqual({
      type: 'wallet',
      event: {
        seq: seqs[1],
        id: 'bo1',
        kind: 'bonus',
        provider: 1001,
        currency: 'CNY',
        account: 'alice',
        playerId: 1,
        amount: 5000,
        ts: T0 + 1,
        detail: 'rebate',
      },
    });
  });

  it('gives the same inputs in chunks of any size, resuming after the last position read', async () => {
    const whole = (await reader.read(START_POSITION, 100)).map(label);
    for (const limit of [1, 2, 3]) expect((await readAll(limit)).map(label)).toEqual(whole);
  });

  it('reads nothing after the last input', async () => {
    const all = await reader.read(START_POSITION, 100);
    expect(await reader.read(all[all.length - 1]!.position, 100)).toEqual([]);
  });

  it('gives every query of a read the same commits: one that lands while it reads is left to the next read', async () => {
    const end = (await reader.read(START_POSITION, 100)).at(-1)!.position;
    // A commit (a transfer, then a round settled later in event time) lands right after the rounds query.
    let landed = false;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the store's database, queries passed through
    const db = test.store.db as unknown as Kysely<any>;
    const racing = new RiskInputRepository(
      new Proxy(db, {
        get(target, prop, receiver) {
          if (prop !== 'executeQuery') return Reflect.get(target, prop, receiver) as unknown;
          return async (query: CompiledQuery) => {
            const result = await target.executeQuery(query);
            if (!landed && query.sql.includes('from game_round')) {
              landed = true;
              await writer.write([
                ev.round({ id: 'rs-r5', roundId: 'r5' }),
                ev.transfer({ id: 't5', ts: T0 + 45_000 }),
                ev.settled({ id: 'st-r5', roundId: 'r5', payouts: [], ts: T0 + 50_000 }),
              ]);
            }
            return result;
          };
        },
      }),
      test.store.dialect,
    );
    // Not the commit's transfer without its round (the checkpoint would then move past the round for good).
    expect((await racing.read(end, 100)).map(label)).toEqual([]);
    expect(landed).toBe(true);
    expect((await reader.read(end, 100)).map(label)).toEqual(['transfer_in t5', 'round r5']);
  });

  it("gives a round read at its settling commit the payouts of its earlier bets, before they reach the bets' rows", async () => {
    const end = (await reader.read(START_POSITION, 100)).at(-1)!.position;
    await writer.write([
      ev.round({ id: 'rs-r6', roundId: 'r6' }),
      ev.bet({ transactionId: 'b61', id: 'b61', roundId: 'r6', betType: 'player', ts: T0 + 60_000 }),
      ev.bet({ transactionId: 'b62', id: 'b62', roundId: 'r6', betType: 'banker', ts: T0 + 61_000 }),
    ]);
    const settle = ev.settled({
      id: 'st-r6',
      roundId: 'r6',
      payouts: [payout('b61', 0), payout('b62', 19_500)],
      ts: T0 + 70_000,
    });
    const bets = (inputs: PositionedInput[]) =>
      inputs.flatMap((p) =>
        p.input.type === 'round' ? p.input.round.bets.map((b) => [b.id, b.payout]) : [],
      );
    let atCommit: Promise<PositionedInput[]> | undefined;
    let unpaidAtCommit: Promise<number> | undefined;
    await writer.write([settle], () => {
      atCommit = reader.read(end, 100);
      unpaidAtCommit = sql<{
        n: number;
      }>`select count(*) as n from bet_record where round_id = 'r6' and payout is null`
        .execute(test.store.db)
        .then((r) => Number(r.rows[0]?.n));
    });
    // On SQLite's one connection the read ran before the roll-up transaction: the bets' rows had no payout.
    if (test.store.dialect === 'sqlite') expect(await unpaidAtCommit).toBe(2);
    const expected = [
      ['b61', 0],
      ['b62', 19_500],
    ];
    expect(bets(await atCommit!)).toEqual(expected);
    expect(bets(await reader.read(end, 100))).toEqual(expected);
  });
});
