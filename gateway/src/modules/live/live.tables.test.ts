import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '@dms/shared/permissions/codes';
import type { LiveTable } from '@dms/shared/contracts/http/liveReplay';
import type { PlatformEvent } from '@dms/shared/contracts/events/platform';
import { T0, ev } from '../../engine/events.fixtures';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { createStaff, startTestApp, type TestApp } from '../../testing/testing.app';
import { PeriodRepository } from './live.period.repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const events: PlatformEvent[] = [];
  const round = (table: string, host: number, shoe: string, n: number, start: number, settle: boolean) => {
    const roundId = `${table}-${shoe}-${n}`;
    events.push(
      ev.round({ id: `s-${roundId}`, roundId, tableId: table, shoeId: shoe, provider: host, ts: start }),
    );
    events.push(
      ev.bet({
        id: `b-${roundId}`,
        transactionId: `b-${roundId}`,
        roundId,
        tableId: table,
        shoeId: shoe,
        provider: host,
        amount: 100,
        ts: start + 1,
      }),
    );
    if (settle)
      events.push(
        ev.settled({
          id: `e-${roundId}`,
          roundId,
          tableId: table,
          shoeId: shoe,
          provider: host,
          ts: start + 20_000,
          result: { winner: n % 2 ? 'banker' : 'player' },
          payouts: [{ transactionId: `b-${roundId}`, playerId: 1, payout: 0 }],
        }),
      );
    return roundId;
  };
  // BAC-01 (provider 1001): a round of an older shoe, three of shoe S2, and one in play with a bet of 1002 too.
  round('BAC-01', 1001, 'S1', 1, T0, true);
  for (let n = 1; n <= 3; n++) round('BAC-01', 1001, 'S2', n, T0 + n * 30_000, true);
  const open = round('BAC-01', 1001, 'S2', 4, T0 + 4 * 30_000, false);
  events.push(
    ev.bet({
      id: 'b-x',
      transactionId: 'b-x',
      roundId: open,
      tableId: 'BAC-01',
      shoeId: 'S2',
      provider: 1002,
      betType: 'player',
      amount: 700,
      ts: T0 + 4 * 30_000 + 5,
      playerId: 9,
    }),
  );
  // BAC-02 (provider 1002): one round in play. BAC-09: quiet for hours.
  round('BAC-02', 1002, 'S7', 1, T0 + 100_000, false);
  round('BAC-09', 1001, 'S9', 1, T0 - 3 * 3_600_000, true);
  const res = await t.app.engine.submit(events);
  expect(res.refused).toEqual([]);
});
afterAll(async () => {
  await t?.close();
});

const tables = async (token: string, gameId = 1) =>
  t.call<LiveTable[]>('GET', '/live/tables', { token, query: { gameId } });

describe('GET /live/tables', () => {
  it("gives each active table's round in play with the caller's totals and its current shoe's road", async () => {
    const staff = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1001] });
    const res = await tables(staff.token);
    expect(res.body.code).toBe(0);
    expect(res.body.data.map((x) => x.tableId)).toEqual(['BAC-01']);
    const [table] = res.body.data;
    expect(table?.road.map((r) => r.roundId)).toEqual(['BAC-01-S2-1', 'BAC-01-S2-2', 'BAC-01-S2-3']);
    expect(table?.road[0]?.result).toEqual({ winner: 'banker' });
    expect(table?.current).toEqual({
      roundId: 'BAC-01-S2-4',
      startedAt: T0 + 120_000,
      providers: [1001],
      totals: [{ betType: 'banker', bets: 1, amount: 100, payout: 0 }],
    });
  });

  it('shows another provider’s table where the caller’s players bet now, with their bets only', async () => {
    const staff = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1002] });
    const res = await tables(staff.token);
    expect(res.body.data.map((x) => x.tableId)).toEqual(['BAC-01', 'BAC-02']);
    expect(res.body.data[0]?.current?.totals).toEqual([
      { betType: 'player', bets: 1, amount: 700, payout: 0 },
    ]);
  });

  it("needs the game's monitor permission", async () => {
    const teen = await createStaff(t, { codes: [PERM.TEEN_PATTI_MONITOR] });
    expect((await tables(teen.token, 1)).status).toBe(403);
    expect((await tables(teen.token, 2)).body.data).toEqual([]);
    const risk = await createStaff(t, { codes: [PERM.RISK_DATA] });
    expect((await tables(risk.token, 1)).status).toBe(403);
  });

  // SQLite's planner, without statistics, chooses by the shape of the query: what it reads does not depend on
  // the data, so an empty store shows the plan of a busy one.
  it.skipIf(!!process.env.DATABASE_URL)(
    "reads a scoped picture by the rounds' indexes, never every bet of the caller's providers nor every round",
    async () => {
      const sqlite = t.app.store.sqlite!;
      const queries: CompiledQuery[] = [];
      // The store's own connection, its queries logged (never destroyed here: that would close it).
      const db = new Kysely<unknown>({
        dialect: new SqliteDialect({ database: sqlite }),
        log: (e) => void (e.level === 'query' && queries.push(e.query)),
      });
      const repo = new PeriodRepository({ db: db as never });
      await repo.totals(
        Array.from({ length: 150 }, (_, i) => `R-${i}`),
        [1001, 1002, 1003, 1004, 1005, 1006],
      );
      await repo.newestStart(1);
      await repo.roundsSince(1, T0);
      const plans = queries.map((q) =>
        (sqlite.prepare(`explain query plan ${q.sql}`).all(...q.parameters) as { detail: string }[])
          .map((r) => r.detail)
          .join('; '),
      );
      // The bets by their rounds' index (`b`: bet_record), each one's pending payout by its key.
      expect(plans[0]).toMatch(/^SEARCH b USING INDEX bet_round \(round_id=\?\)/);
      expect(plans[0]).toMatch(
        /SEARCH p USING INDEX sqlite_autoindex_pending_payout_1 \(transaction_id=\?\)/,
      );
      expect(plans[1]).toMatch(/USING (COVERING )?INDEX round_game_start/);
      expect(plans[2]).toMatch(/USING INDEX round_game_start/);
    },
  );
});
