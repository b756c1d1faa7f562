import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { API_BASE } from '@dms/shared/contracts/http/paths';
import { PERM } from '@dms/shared/permissions/codes';
import { dayRange } from '@dms/shared/format/businessDay';
import { ENUM_LABELS } from '@dms/shared/domain/labels';
import { SEED_PROVIDERS } from '../../platform/db/db.seed';
import type {
  DailyRow,
  GameRecordRow,
  OperatorDailyRow,
  PlayerRow,
  ProfitCompare,
  StatsPage,
  Summary,
  TransferRow,
} from '@dms/shared/contracts/http/stats';
import { createStaff, startTestApp, type StaffFixture, type TestApp } from '../../testing/testing.app';
import { EventBatchWriter } from '../../engine/batch.service';
import { EventsRepository } from '../../engine/events.repository';
import { DayCutter } from '../../engine/events.mapper';
import { seedStatsFixture, type FixtureBet, type StatsFixture } from './stats.fixture';

let t: TestApp;
let f: StatsFixture;
let tz: string;
/** Scope 1001 / CNY only, session access (no special code). */
let narrow: StaffFixture;
/** Company Profit (12000) with scope 1001 / CNY. */
let profitNarrow: StaffFixture;

beforeAll(async () => {
  t = await startTestApp();
  tz = t.config.timeZone;
  f = await seedStatsFixture(t.app.store, { timeZone: tz });
  narrow = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1001], currencies: ['CNY'] });
  profitNarrow = await createStaff(t, {
    codes: [PERM.COMPANY_PROFIT],
    providers: [1001],
    currencies: ['CNY'],
  });
});

afterAll(async () => {
  await t?.close();
});

const all = () => ({
  providerIds: '1001,1002,1003',
  currencies: 'CNY,USD',
  startDate: f.firstDay,
  endDate: f.lastDay,
});

function get<T>(path: string, query: Record<string, string | number | undefined>, token = t.adminToken) {
  return t.call<T>('GET', path, { token, query });
}

/** Bets of the fixture inside a filter, in (ts, id) order descending unless `asc`. */
function expectedBets(
  filter: { providers: number[]; currencies: string[]; start: string; end: string },
  asc = false,
): FixtureBet[] {
  const from = dayRange(filter.start, tz)[0];
  const to = dayRange(filter.end, tz)[1];
  const rows = f.bets.filter(
    (b) =>
      filter.providers.includes(b.provider) &&
      filter.currencies.includes(b.currency) &&
      b.ts >= from &&
      b.ts < to,
  );
  rows.sort((a, b) => (a.ts - b.ts || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) * (asc ? 1 : -1));
  return rows;
}

describe('filters', () => {
  const cases: [string, Record<string, string>, string][] = [
    [
      'no provider',
      { currencies: 'CNY', startDate: '2026-01-01', endDate: '2026-01-02' },
      'Do not choose providerId !',
    ],
    [
      'empty provider',
      { providerIds: '', currencies: 'CNY', startDate: '2026-01-01', endDate: '2026-01-02' },
      'Do not choose providerId !',
    ],
    [
      'no currency',
      { providerIds: '1001', startDate: '2026-01-01', endDate: '2026-01-02' },
      'Do not choose currency !',
    ],
    ['no date', { providerIds: '1001', currencies: 'CNY' }, 'Do not choose date !'],
    [
      'no end date',
      { providerIds: '1001', currencies: 'CNY', startDate: '2026-01-01' },
      'Do not choose date !',
    ],
    [
      'start after end',
      { providerIds: '1001', currencies: 'CNY', startDate: '2026-01-03', endDate: '2026-01-02' },
      'Start date is less than end date !',
    ],
    [
      'more than 366 days',
      { providerIds: '1001', currencies: 'CNY', startDate: '2025-01-01', endDate: '2026-01-02' },
      'The date range is at most 366 days !',
    ],
  ];
  // The message key the client shows each spec message by (errors:<key> in its locale files).
  const KEY_OF: Record<string, string> = {
    'Do not choose providerId !': 'validation.providerRequired',
    'Do not choose currency !': 'validation.currencyRequired',
    'Do not choose date !': 'validation.dateRequired',
    'Start date is less than end date !': 'validation.dateOrder',
    'The date range is at most 366 days !': 'validation.rangeTooLong',
  };
  for (const path of ['/stats/game-records', '/stats/daily', '/stats/summary', '/stats/transfers/export']) {
    for (const [name, query, msg] of cases) {
      it(`${path} refuses ${name} with "${msg}"`, async () => {
        const res = await get(path, query);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: -1, msg, data: null, key: KEY_OF[msg] });
      });
    }
  }

  it('company profit refuses a missing range and a reversed one with the spec messages', async () => {
    const base = {
      providerIds: '1001',
      currencies: 'CNY',
      aStart: '2026-01-01',
      aEnd: '2026-01-05',
      bStart: '2026-01-06',
    };
    const missing = await get('/company-profit/compare', base);
    expect(missing.body).toMatchObject({ code: -1, msg: 'Do not choose date !' });
    const reversed = await get('/company-profit/compare', { ...base, bEnd: '2026-01-02' });
    expect(reversed.body).toMatchObject({ code: -1, msg: 'Start date is less than end date !' });
    const noProvider = await get('/company-profit/compare', { ...base, providerIds: '', bEnd: '2026-01-09' });
    expect(noProvider.body).toMatchObject({ code: -1, msg: 'Do not choose providerId !' });
  });

  it('refuses a sort key outside the whitelist and a malformed day, naming the field', async () => {
    const sort = await get('/stats/game-records', { ...all(), sortBy: 'amount' });
    expect(sort.status).toBe(400);
    expect(sort.body.msg).toBe('sortBy: sortBy must be one of ts');
    const day = await get('/stats/daily', { ...all(), startDate: '2026-02-30' });
    expect(day.body.msg).toBe('startDate: startDate must be a day written YYYY-MM-DD');
  });

  it('refuses provider ids beyond what the column holds with -1 naming the field, never a 500', async () => {
    for (const path of ['/stats/summary', '/stats/game-records', '/stats/daily/export']) {
      const res = await get(path, { ...all(), providerIds: '1001,1700000000000' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: -1,
        msg: 'providerIds.1: must be a whole number from 1 to 2147483647',
        key: 'validation.integerRange',
      });
    }
  });

  it('refuses a NUL or a bidirectional override in a game-record search, naming the field', async () => {
    for (const [field, value, msg] of [
      ['account', 'p\u0000', 'account: must not contain control characters'],
      ['roundId', 'r\u0000', 'roundId: must not contain control characters'],
      ['transactionId', 'tx\u202e1', 'transactionId: must not contain bidirectional control characters'],
    ] as const) {
      const res = await get('/stats/game-records', { ...all(), [field]: value });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: -1, msg });
    }
  });

  it('refuses a forged cursor whose key holds a NUL or an integer beyond bigint', async () => {
    const forge = (key: unknown[]) => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
    for (const [path, cursor] of [
      ['/stats/login', forge([Date.now(), 'l\u0000', 1])],
      ['/stats/game-records', forge([Date.now(), 'x'.repeat(65), 1])],
      ['/stats/registered', forge([Date.now(), 1e30, 1])],
    ] as const) {
      const res = await get(path, { ...all(), cursor });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('cursor is not valid for this query: go back to page 1');
    }
  });

  it('asks for a session first', async () => {
    const res = await t.call('GET', '/stats/daily', { query: all() });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(-2);
  });
});

describe('scope', () => {
  it('shows an account only its providers and currencies', async () => {
    const res = await get<StatsPage<GameRecordRow>>(
      '/stats/game-records',
      { providerIds: '1001', currencies: 'CNY', startDate: f.firstDay, endDate: f.lastDay, pageSize: 500 },
      narrow.token,
    );
    expect(res.body.code).toBe(0);
    const expected = expectedBets({
      providers: [1001],
      currencies: ['CNY'],
      start: f.firstDay,
      end: f.lastDay,
    });
    expect(res.body.data.total).toBe(expected.length);
    expect(res.body.data.list.length).toBeGreaterThan(0);
    expect(res.body.data.list.every((r) => r.provider === 1001 && r.currency === 'CNY')).toBe(true);
  });

  it('refuses a provider or a currency outside the scope with 403', async () => {
    const provider = await get(
      '/stats/game-records',
      { ...all(), providerIds: '1001,1002', currencies: 'CNY' },
      narrow.token,
    );
    expect(provider.status).toBe(403);
    expect(provider.body).toEqual({
      code: -1,
      msg: 'provider not in your scope',
      data: null,
      key: 'access.providerOutOfScope',
    });
    const currency = await get(
      '/stats/summary',
      { ...all(), providerIds: '1001', currencies: 'USD' },
      narrow.token,
    );
    expect(currency.status).toBe(403);
    expect(currency.body.msg).toBe('currency not in your scope');
    const exported = await get(
      '/stats/daily/export',
      { ...all(), providerIds: '1002', currencies: 'CNY' },
      narrow.token,
    );
    expect(exported.status).toBe(403);
  });

  it('keeps Company Profit to holders of 12000, within their scope', async () => {
    const q = {
      providerIds: '1001',
      currencies: 'CNY',
      aStart: f.firstDay,
      aEnd: f.firstDay,
      bStart: f.lastDay,
      bEnd: f.lastDay,
    };
    const refused = await get('/company-profit/compare', q, narrow.token);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('No permission');
    const allowed = await get<ProfitCompare>('/company-profit/compare', q, profitNarrow.token);
    expect(allowed.body.code).toBe(0);
    const outside = await get(
      '/company-profit/compare',
      { ...q, providerIds: '1001,1003' },
      profitNarrow.token,
    );
    expect(outside.status).toBe(403);
  });
});

describe('game records', () => {
  it('pages through every bet in (time, id) order, newest first, with the roll-up total', async () => {
    const expected = expectedBets({
      providers: [1001, 1002, 1003],
      currencies: ['CNY', 'USD'],
      start: f.firstDay,
      end: f.lastDay,
    });
    const pageSize = 17;
    const seen: string[] = [];
    let total = 0;
    for (let page = 1; page <= Math.ceil(expected.length / pageSize); page += 1) {
      const res = await get<StatsPage<GameRecordRow>>('/stats/game-records', { ...all(), page, pageSize });
      expect(res.body.code).toBe(0);
      total = res.body.data.total;
      seen.push(...res.body.data.list.map((r) => r.transactionId));
    }
    expect(total).toBe(expected.length);
    expect(seen).toEqual(expected.map((b) => b.id));
    const byCursor: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await get<StatsPage<GameRecordRow>>('/stats/game-records', {
        ...all(),
        pageSize: 50,
        cursor,
      });
      byCursor.push(...res.body.data.list.map((r) => r.transactionId));
      cursor = res.body.data.nextCursor ?? undefined;
    } while (cursor);
    expect(byCursor).toEqual(seen);
    const beyond = await get<StatsPage<GameRecordRow>>('/stats/game-records', {
      ...all(),
      page: 10_000,
      pageSize,
    });
    expect(beyond.body.data.list).toEqual([]);
  });

  it('gives the same pages oldest first, and through the keyset cursor', async () => {
    const expected = expectedBets(
      { providers: [1002, 1003], currencies: ['CNY', 'USD'], start: f.firstDay, end: f.lastDay },
      true,
    );
    const q = { ...all(), providerIds: '1002,1003', sortOrder: 'asc', pageSize: 23 };
    const byPage: string[] = [];
    const byCursor: string[] = [];
    let cursor: string | undefined;
    for (let page = 1; page <= Math.ceil(expected.length / 23); page += 1) {
      const p = await get<StatsPage<GameRecordRow>>('/stats/game-records', { ...q, page });
      byPage.push(...p.body.data.list.map((r) => r.transactionId));
      const c = await get<StatsPage<GameRecordRow>>('/stats/game-records', { ...q, page, cursor });
      byCursor.push(...c.body.data.list.map((r) => r.transactionId));
      cursor = c.body.data.nextCursor ?? undefined;
    }
    expect(cursor).toBeUndefined();
    expect(byPage).toEqual(expected.map((b) => b.id));
    expect(byCursor).toEqual(byPage);
  });

  it('refuses a cursor of the other order', async () => {
    const first = await get<StatsPage<GameRecordRow>>('/stats/game-records', { ...all(), pageSize: 5 });
    const cursor = first.body.data.nextCursor as string;
    const res = await get('/stats/game-records', { ...all(), pageSize: 5, sortOrder: 'asc', cursor });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('cursor is not valid for this query: go back to page 1');
  });

  it('maps a row with the spec operation and the player result', async () => {
    const expected = expectedBets({
      providers: [1001, 1002, 1003],
      currencies: ['CNY', 'USD'],
      start: f.firstDay,
      end: f.lastDay,
    });
    const res = await get<StatsPage<GameRecordRow>>('/stats/game-records', { ...all(), pageSize: 500 });
    const open = res.body.data.list.find((r) => r.payout === null);
    const settled = res.body.data.list.find((r) => r.payout !== null);
    expect(open).toMatchObject({ op: 'bet', direction: 0, winLoss: null, settledAt: null });
    expect(settled).toMatchObject({ op: 'bet', direction: 1 });
    const raw = expected.find((b) => b.id === settled?.transactionId) as FixtureBet;
    expect(settled).toEqual({
      transactionId: raw.id,
      roundId: raw.roundId,
      playerId: raw.playerId,
      account: raw.account,
      provider: raw.provider,
      currency: raw.currency,
      gameId: raw.gameId,
      tableId: raw.tableId,
      shoeId: raw.shoeId,
      betType: raw.betType,
      op: 'bet',
      direction: 1,
      amount: raw.amount,
      payout: raw.payout,
      winLoss: (raw.payout as number) - raw.amount,
      ts: raw.ts,
      settledAt: raw.settledAt,
    });
  });

  it('searches by account, round id and transaction id', async () => {
    const sample = f.bets[Math.floor(f.bets.length / 2)] as FixtureBet;
    const byAccount = await get<StatsPage<GameRecordRow>>('/stats/game-records', {
      ...all(),
      account: sample.account,
      pageSize: 500,
    });
    const accountBets = expectedBets({
      providers: [1001, 1002, 1003],
      currencies: ['CNY', 'USD'],
      start: f.firstDay,
      end: f.lastDay,
    }).filter((b) => b.account === sample.account);
    expect(byAccount.body.data.list.map((r) => r.transactionId)).toEqual(accountBets.map((b) => b.id));
    expect(byAccount.body.data).toMatchObject({ total: accountBets.length, totalCapped: false });

    const byRound = await get<StatsPage<GameRecordRow>>('/stats/game-records', {
      ...all(),
      roundId: sample.roundId,
    });
    expect(byRound.body.data.list.length).toBeGreaterThan(0);
    expect(byRound.body.data.list.every((r) => r.roundId === sample.roundId)).toBe(true);
    expect(byRound.body.data.total).toBe(f.bets.filter((b) => b.roundId === sample.roundId).length);

    const byTx = await get<StatsPage<GameRecordRow>>('/stats/game-records', {
      ...all(),
      transactionId: sample.id,
    });
    expect(byTx.body.data.list.map((r) => r.transactionId)).toEqual([sample.id]);
    expect(byTx.body.data.total).toBe(1);

    const other = sample.provider === 1001 ? '1002' : '1001';
    const outside = await get<StatsPage<GameRecordRow>>('/stats/game-records', {
      ...all(),
      providerIds: other,
      transactionId: sample.id,
    });
    expect(outside.body.data).toMatchObject({ list: [], total: 0 });
  });
});

describe('other raw tables', () => {
  it('lists transfers with the spec operation labels, oldest first', async () => {
    const res = await get<StatsPage<TransferRow>>('/stats/transfers', {
      ...all(),
      sortOrder: 'asc',
      pageSize: 500,
    });
    const expected = [...f.transfers].sort((a, b) => a.ts - b.ts || (a.id < b.id ? -1 : 1));
    expect(res.body.data.total).toBe(expected.length);
    expect(res.body.data.list.map((r) => r.id)).toEqual(expected.slice(0, 500).map((x) => x.id));
    expect(
      res.body.data.list.every((r) => r.op === 'transfer' && (r.direction === 0 || r.direction === 1)),
    ).toBe(true);
  });

  it('lists logins, registrations, bonuses and prizes with roll-up totals', async () => {
    const inRange = <T extends { day: string }>(rows: T[]) =>
      rows.filter((r) => r.day >= f.firstDay && r.day <= f.lastDay);
    for (const [path, rows] of [
      ['/stats/login', f.logins],
      ['/stats/registered', f.players],
      ['/stats/bonus', f.bonuses],
      ['/stats/prizes', f.prizes],
    ] as const) {
      const res = await get<StatsPage<{ ts: number }>>(path, { ...all(), pageSize: 500 });
      expect(res.body.code, path).toBe(0);
      expect(res.body.data.total, path).toBe(inRange([...rows]).length);
      const ts = res.body.data.list.map((r) => r.ts);
      expect(ts, path).toEqual([...ts].sort((a, b) => b - a));
    }
  });
});

describe('roll-up tables', () => {
  it('adds daily data per day and currency as the raw rows do', async () => {
    const res = await get<StatsPage<DailyRow>>('/stats/daily', {
      ...all(),
      pageSize: 500,
      sortBy: 'day',
      sortOrder: 'asc',
    });
    expect(res.body.code).toBe(0);
    for (const row of res.body.data.list) {
      const bets = f.bets.filter((b) => b.day === row.day && b.currency === row.currency);
      const turnover = bets.reduce((n, b) => n + b.amount, 0);
      const payout = bets.reduce((n, b) => n + (b.payout ?? 0), 0);
      expect(row).toMatchObject({
        turnover,
        payout,
        ggr: turnover - payout,
        bets: bets.length,
        activePlayers: new Set(bets.map((b) => b.playerId)).size,
        logins: f.logins.filter((l) => l.day === row.day && l.currency === row.currency).length,
        transferIn: f.transfers
          .filter((x) => x.day === row.day && x.currency === row.currency && x.direction === 1)
          .reduce((n, x) => n + x.amount, 0),
      });
    }
    const days = res.body.data.list.map((r) => `${r.day}|${r.currency}`);
    expect(days).toEqual([...days].sort());
    const byTurnover = await get<StatsPage<DailyRow>>('/stats/daily', {
      ...all(),
      pageSize: 5,
      sortBy: 'turnover',
    });
    const turnovers = res.body.data.list.map((r) => r.turnover).sort((a, b) => b - a);
    expect(byTurnover.body.data.list.map((r) => r.turnover)).toEqual(turnovers.slice(0, 5));
    expect(byTurnover.body.data.total).toBe(res.body.data.total);
  });

  it('splits operator daily data by provider', async () => {
    const res = await get<StatsPage<OperatorDailyRow>>('/stats/operator-daily', { ...all(), pageSize: 500 });
    const sum = res.body.data.list.reduce((n, r) => n + r.turnover, 0);
    expect(sum).toBe(f.bets.reduce((n, b) => n + b.amount, 0));
    expect(new Set(res.body.data.list.map((r) => r.provider))).toEqual(new Set([1001, 1002, 1003]));
  });

  it("ranks players by turnover with each player's figures", async () => {
    const res = await get<StatsPage<PlayerRow>>('/stats/players', { ...all(), pageSize: 3 });
    const byPlayer = new Map<number, number>();
    for (const b of f.bets) byPlayer.set(b.playerId, (byPlayer.get(b.playerId) ?? 0) + b.amount);
    const top = [...byPlayer.values()].sort((a, b) => b - a).slice(0, 3);
    expect(res.body.data.list.map((r) => r.turnover)).toEqual(top);
    const playersWithRows = new Set([...f.logins.map((l) => l.playerId), ...f.bets.map((b) => b.playerId)]);
    expect(res.body.data.total).toBe(playersWithRows.size);
    const first = res.body.data.list[0] as PlayerRow;
    const own = f.bets.filter((b) => b.playerId === first.playerId);
    expect(first).toMatchObject({
      bets: own.length,
      activeDays: new Set(own.map((b) => b.day)).size,
      logins: f.logins.filter((l) => l.playerId === first.playerId).length,
    });
  });

  it('sums the headline figures of the range', async () => {
    const res = await get<Summary>('/stats/summary', all());
    const turnover = f.bets.reduce((n, b) => n + b.amount, 0);
    const payout = f.bets.reduce((n, b) => n + (b.payout ?? 0), 0);
    expect(res.body.data.totals).toEqual({
      turnover,
      payout,
      ggr: turnover - payout,
      margin: (turnover - payout) / turnover,
      bets: f.bets.length,
      activePlayers: new Set(f.bets.map((b) => b.playerId)).size,
      registrations: f.players.filter((p) => p.day >= f.firstDay).length,
      logins: f.logins.length,
      transferIn: f.transfers.filter((x) => x.direction === 1).reduce((n, x) => n + x.amount, 0),
      transferOut: f.transfers.filter((x) => x.direction === 0).reduce((n, x) => n + x.amount, 0),
      bonus: f.bonuses.reduce((n, x) => n + x.amount, 0),
      prize: f.prizes.reduce((n, x) => n + x.amount, 0),
    });
    expect(res.body.data.byCurrency.map((c) => c.currency)).toEqual(['CNY', 'USD']);
    expect(res.body.data.byCurrency.reduce((n, c) => n + c.activePlayers, 0)).toBe(
      res.body.data.totals.activePlayers,
    );
  });
});

describe('company profit', () => {
  function recompute(bets: FixtureBet[]) {
    const turnover = bets.reduce((n, b) => n + b.amount, 0);
    const payout = bets.reduce((n, b) => n + (b.payout ?? 0), 0);
    return {
      turnover,
      payout,
      ggr: turnover - payout,
      margin: turnover === 0 ? null : (turnover - payout) / turnover,
      bets: bets.length,
      activePlayers: new Set(bets.map((b) => b.playerId)).size,
    };
  }

  it('compares two ranges with totals and breakdowns equal to a recomputation from raw bets', async () => {
    const aEnd = '2026-01-05';
    const bStart = '2026-01-06';
    const q = {
      providerIds: '1001,1002',
      currencies: 'CNY,USD',
      aStart: f.firstDay,
      aEnd,
      bStart,
      bEnd: f.lastDay,
    };
    const res = await get<ProfitCompare>('/company-profit/compare', q);
    expect(res.body.code).toBe(0);
    const scoped = f.bets.filter((b) => b.provider !== 1003);
    const a = scoped.filter((b) => b.day <= aEnd);
    const b = scoped.filter((x) => x.day >= bStart);
    const { a: ra, b: rb, diff } = res.body.data;
    expect(ra.totals).toEqual(recompute(a));
    expect(rb.totals).toEqual(recompute(b));
    for (const p of [1001, 1002]) {
      expect(ra.byProvider.find((r) => r.provider === p)).toEqual({
        provider: p,
        ...recompute(a.filter((x) => x.provider === p)),
      });
    }
    for (const c of ['CNY', 'USD']) {
      expect(rb.byCurrency.find((r) => r.currency === c)).toEqual({
        currency: c,
        ...recompute(b.filter((x) => x.currency === c)),
      });
    }
    for (const g of rb.byGame) {
      expect(g).toEqual({
        gameId: g.gameId,
        ...recompute(b.filter((x) => x.gameId === g.gameId)),
        activePlayers: null,
      });
    }
    expect(ra.byDay.map((d) => d.day)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
    ]);
    for (const d of ra.byDay)
      expect(d).toEqual({ day: d.day, ...recompute(a.filter((x) => x.day === d.day)) });
    const ta = recompute(a);
    const tb = recompute(b);
    expect(diff.turnover).toEqual({
      value: tb.turnover - ta.turnover,
      pct: Math.round(((tb.turnover - ta.turnover) / ta.turnover) * 10_000) / 100,
    });
    expect(diff.activePlayers.value).toBe(tb.activePlayers - ta.activePlayers);
    expect(diff.ggr.value).toBe(tb.ggr - ta.ggr);
  });

  it('counts bets, players and settlements that arrive after a first call', async () => {
    const q = {
      providerIds: '1003',
      currencies: 'USD',
      aStart: f.firstDay,
      aEnd: f.firstDay,
      bStart: f.lastDay,
      bEnd: f.lastDay,
    };
    const records = { providerIds: '1003', currencies: 'USD', startDate: f.lastDay, endDate: f.lastDay };
    const pageBefore = await get<StatsPage<GameRecordRow>>('/stats/game-records', records);
    const before = await get<ProfitCompare>('/company-profit/compare', q);
    const player = 990_001;
    const [ds] = dayRange(f.lastDay, tz);
    const writer = new EventBatchWriter(EventsRepository.of(t.app.store), new DayCutter(tz));
    await writer.write([
      {
        type: 'bet.placed',
        id: 'late-bet-1',
        provider: 1003,
        currency: 'USD',
        ts: ds + 3_600_000,
        playerId: player,
        account: 'latecomer',
        transactionId: 'late-tx-1',
        roundId: 'late-round-1',
        betType: 'banker',
        amount: 700,
        gameId: 1,
        shoeId: 'S',
        tableId: 'T1',
      },
    ]);
    const after = await get<ProfitCompare>('/company-profit/compare', q);
    expect(after.body.data.b.totals.bets).toBe(before.body.data.b.totals.bets + 1);
    expect(after.body.data.b.totals.turnover).toBe(before.body.data.b.totals.turnover + 700);
    expect(after.body.data.b.totals.activePlayers).toBe((before.body.data.b.totals.activePlayers ?? 0) + 1);
    expect(after.body.data.a).toEqual(before.body.data.a);
    const pageAfter = await get<StatsPage<GameRecordRow>>('/stats/game-records', records);
    expect(pageAfter.body.data.total).toBe(pageBefore.body.data.total + 1);
    expect(pageAfter.body.data.list.map((r) => r.transactionId)).toContain('late-tx-1');

    // A settlement changes payout and no bet count: it is seen all the same.
    await writer.write([
      {
        type: 'round.settled',
        id: 'late-settle-1',
        provider: 1003,
        currency: 'USD',
        ts: ds + 3_630_000,
        roundId: 'late-round-1',
        gameId: 1,
        tableId: 'T1',
        shoeId: 'S',
        result: { winner: 'banker' },
        payouts: [{ transactionId: 'late-tx-1', playerId: player, payout: 1_365 }],
      },
    ]);
    const settled = await get<ProfitCompare>('/company-profit/compare', q);
    expect(settled.body.data.b.totals.payout).toBe(after.body.data.b.totals.payout + 1_365);
    expect(settled.body.data.b.totals.ggr).toBe(after.body.data.b.totals.ggr - 1_365);
    expect(settled.body.data.b.totals.bets).toBe(after.body.data.b.totals.bets);
    expect(settled.body.data.a).toEqual(before.body.data.a);
    f.bets.push({
      id: 'late-tx-1',
      roundId: 'late-round-1',
      playerId: player,
      account: 'latecomer',
      provider: 1003,
      currency: 'USD',
      gameId: 1,
      tableId: 'T1',
      shoeId: 'S',
      betType: 'banker',
      amount: 700,
      payout: 1_365,
      ts: ds + 3_600_000,
      settledAt: ds + 3_630_000,
      day: f.lastDay,
    });
  });

  it('gives a null percentage when the base range is empty', async () => {
    const q = {
      providerIds: '1001',
      currencies: 'CNY',
      aStart: '2025-06-01',
      aEnd: '2025-06-30',
      bStart: f.firstDay,
      bEnd: f.lastDay,
    };
    const res = await get<ProfitCompare>('/company-profit/compare', q);
    expect(res.body.data.a.totals).toEqual({
      turnover: 0,
      payout: 0,
      ggr: 0,
      margin: null,
      bets: 0,
      activePlayers: 0,
    });
    expect(res.body.data.diff.turnover.pct).toBeNull();
    expect(res.body.data.diff.turnover.value).toBe(res.body.data.b.totals.turnover);
    expect(res.body.data.diff.margin).toEqual({ value: null, pct: null });
    expect(res.body.data.a.byDay).toHaveLength(30);
  });
});

describe('exports', () => {
  async function download(path: string, query: Record<string, string>) {
    const qs = new URLSearchParams(query);
    const res = await fetch(`${t.url}${API_BASE}${path}?${qs}`, {
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    return res;
  }

  async function sheetOf(res: Response) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    return sheet;
  }

  /** The number of the header row: the last row kept in view, under the title and the filters. */
  const headerRowOf = (sheet: ExcelJS.Worksheet) => (sheet.views[0] as { ySplit: number }).ySplit;

  it('streams every game record of the filter as .xlsx: the filters above, names and labels as on screen, real numbers and dates', async () => {
    const res = await download('/stats/game-records/export', { ...all(), lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const name = `Game record-${f.firstDay}-${f.lastDay}.xlsx`;
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    const sheet = await sheetOf(res);
    expect(sheet.getRow(1).getCell(1).value).toBe('Game record');
    const lines = new Map<unknown, unknown>();
    for (let r = 2; r < headerRowOf(sheet) - 1; r += 1)
      lines.set(sheet.getRow(r).getCell(1).value, sheet.getRow(r).getCell(2).value);
    expect(lines.get('Providers')).toBe('Lucky Star, Golden Dragon, Royal Ganges');
    expect(lines.get('Currencies')).toBe('CNY, USD');
    expect(lines.get('Dates')).toBe(`${f.firstDay} to ${f.lastDay}`);
    expect(lines.get('Sorted by')).toBe('Time descending');
    expect(lines.get('Time zone')).toBe('Asia/Shanghai');
    const expected = expectedBets({
      providers: [1001, 1002, 1003],
      currencies: ['CNY', 'USD'],
      start: f.firstDay,
      end: f.lastDay,
    });
    const head = headerRowOf(sheet);
    expect(sheet.rowCount).toBe(head + expected.length);
    const header = (sheet.getRow(head).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['Transaction ID', 'Round ID', 'Player ID']);
    const firstRow = sheet.getRow(head + 1);
    const top = expected[0] as FixtureBet;
    expect(firstRow.getCell(1).value).toBe(top.id);
    expect(firstRow.getCell(5).value).toBe(SEED_PROVIDERS.find((p) => p.id === top.provider)?.name);
    expect(firstRow.getCell(7).value).toBe(ENUM_LABELS.game[String(top.gameId) as '1' | '2'].en);
    expect(firstRow.getCell(10).value).toBe(ENUM_LABELS.betType[top.betType as 'banker'].en);
    expect(firstRow.getCell(12).value).toBe(top.amount / 100);
    expect(firstRow.getCell(12).numFmt).toBe('#,##0.00');
    expect(firstRow.getCell(11).value).toBe(top.payout === null ? 'bet' : 'bet result');
    expect(firstRow.getCell(15).value).toBeInstanceOf(Date);
    expect(firstRow.getCell(15).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const ids = [];
    for (let r = head + 1; r <= sheet.rowCount; r += 1) ids.push(sheet.getRow(r).getCell(1).value);
    expect(ids).toEqual(expected.map((b) => b.id));
  });

  it('writes Chinese by default: headers, the file name and the transfer operation labels', async () => {
    const res = await download('/stats/transfers/export', all());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('转账数据'));
    const sheet = await sheetOf(res);
    const head = headerRowOf(sheet);
    expect(sheet.getRow(head).getCell(1).value).toBe('单号');
    const ops = new Set<unknown>();
    for (let r = head + 1; r <= sheet.rowCount; r += 1) ops.add(sheet.getRow(r).getCell(6).value);
    expect(ops).toEqual(new Set(['转入', '转出']));
    expect(sheet.rowCount).toBe(head + f.transfers.length);
  });

  it('exports roll-up tables too, with days as Excel dates', async () => {
    const res = await download('/stats/daily/export', { ...all(), lang: 'ja' });
    const sheet = await sheetOf(res);
    const head = headerRowOf(sheet);
    expect(sheet.getRow(head).getCell(1).value).toBe('日付');
    const list = await get<StatsPage<DailyRow>>('/stats/daily', { ...all(), pageSize: 500 });
    expect(sheet.rowCount).toBe(head + list.body.data.total);
    const first = list.body.data.list[0] as DailyRow;
    expect(sheet.getRow(head + 1).getCell(1).value).toEqual(new Date(`${first.day}T00:00:00Z`));
    expect(sheet.getRow(head + 1).getCell(3).value).toBe(first.turnover / 100);
  });

  it('answers "Not have data to downoad" instead of an empty file', async () => {
    const res = await download('/stats/game-records/export', {
      ...all(),
      startDate: '2025-03-01',
      endDate: '2025-03-31',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: -1,
      msg: 'Not have data to downoad',
      data: null,
      key: 'validation.noDataToDownload',
    });
    const players = await download('/stats/players/export', {
      ...all(),
      startDate: '2025-03-01',
      endDate: '2025-03-31',
    });
    expect(players.status).toBe(404);
  });
});
