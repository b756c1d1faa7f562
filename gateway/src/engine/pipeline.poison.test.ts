import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestStore } from '../testing/testing.store';
import { EventBatchWriter } from './batch.service';
import { DayCutter } from './events.mapper';
import { EventsRepository } from './events.repository';
import { T0, ev } from './events.fixtures';
import { countRows, openEventsTestStore } from './events.testing';
import { readRollups, recomputeRollups } from './rollup.repository';
import { EventPipeline } from './pipeline.service';

// A store failure tied to one event, injected in the store itself: a trigger that refuses bets of the
// account `poison`. Runs on SQLite, and on PostgreSQL where DATABASE_URL is set.
let test: TestStore;
let pipeline: EventPipeline;

beforeAll(async () => {
  test = await openEventsTestStore();
  if (test.store.dialect === 'postgres') {
    await sql`create function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.account = 'poison' then raise exception 'poisoned account'; end if;
        return new;
      end $$`.execute(test.store.db);
    await sql`create trigger refuse_poison before insert on bet_record for each row execute function refuse_poison()`.execute(
      test.store.db,
    );
  } else {
    await sql`create trigger refuse_poison before insert on bet_record when new.account = 'poison'
      begin select raise(abort, 'poisoned account'); end`.execute(test.store.db);
  }
});
afterAll(async () => {
  await test.dispose();
});
afterEach(async () => {
  await pipeline.stop();
});

function open(): EventPipeline {
  pipeline = new EventPipeline(
    new EventBatchWriter(EventsRepository.of(test.store), new DayCutter('Asia/Shanghai')),
    { now: () => T0 },
  );
  pipeline.start();
  return pipeline;
}

const bet = (n: number, account = `p${n}`) =>
  ev.bet({
    transactionId: `tx-${n}`,
    id: `tx-${n}`,
    playerId: 100 + n,
    account,
    roundId: 'r-poison',
    ts: T0 + n,
  });

describe(`one bad event in a write (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('stores every good event of every sender written with it, and refuses only the bad one by its index', async () => {
    const p = open();
    // Three senders in one turn: one write transaction, which the poisoned bet makes fail.
    const [a, b, c] = await Promise.all([
      p.submit([bet(1), bet(2, 'poison'), bet(3), ev.round({ id: 'rs-poison', roundId: 'r-poison' })]),
      p.submit([bet(4), ev.login({ id: 'login-b' })]),
      p.submit([ev.transfer({ id: 'tr-c' }), bet(5)]),
    ]);
    expect(a).toEqual({
      accepted: 3,
      duplicates: 0,
      refused: [{ index: 1, id: 'tx-2', reason: expect.stringContaining('poisoned account') }],
    });
    expect(b).toEqual({ accepted: 2, duplicates: 0, refused: [] });
    expect(c).toEqual({ accepted: 2, duplicates: 0, refused: [] });
    const bets = await test.store.db
      .selectFrom('bet_record' as never)
      .select(sql<string>`id`.as('id'))
      .execute();
    expect(bets.map((r) => (r as { id: string }).id).sort()).toEqual(['tx-1', 'tx-3', 'tx-4', 'tx-5']);
    expect(await countRows(test.store, 'login_record')).toBe(1);
    expect(await countRows(test.store, 'transfer_record')).toBe(1);
    expect(await countRows(test.store, 'game_round')).toBe(1);
    // Nothing of the failed attempts is left in the roll-ups.
    const stored = await readRollups(test.store.db);
    const recomputed = await recomputeRollups(test.store.db);
    expect(Object.fromEntries(stored.daily_game)).toEqual(Object.fromEntries(recomputed.daily_game));
    expect(Object.fromEntries(stored.daily_player)).toEqual(Object.fromEntries(recomputed.daily_player));

    // The sender sends its batch again: the good ones are duplicates, the bad one refused again.
    const again = await p.submit([bet(1), bet(2, 'poison'), bet(3)]);
    expect(again).toMatchObject({ accepted: 0, duplicates: 2, refused: [{ index: 1, id: 'tx-2' }] });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'refuses by its index an account with a NUL byte (which PostgreSQL text cannot hold) and stores the rest',
    async () => {
      const p = open();
      const [a, b] = await Promise.all([
        p.submit([
          ev.login({ id: 'nul-0' }),
          ev.login({ id: 'nul-1', account: 'p\u0000' }),
          ev.login({ id: 'nul-2' }),
        ]),
        p.submit([ev.login({ id: 'nul-3' })]),
      ]);
      expect(a).toMatchObject({ accepted: 2, refused: [{ index: 1, id: 'nul-1' }] });
      expect(b).toMatchObject({ accepted: 1, refused: [] });
    },
  );
});
