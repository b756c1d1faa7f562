import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@dms/shared/contracts/envelope';
import type { RateChange, RateHistoryRow, RateRow } from '@dms/shared/contracts/http/rates';
import { daysOf, type ProfitCompare } from '@dms/shared/contracts/http/stats';
import { ERR } from '@dms/shared/errors/codes';
import { PERM } from '@dms/shared/permissions/codes';
import { createStaff, startTestApp, type StaffFixture, type TestApp } from '../../testing/testing.app';
import { seedStatsFixture, type StatsFixture } from '../stats/stats.fixture';

let t: TestApp;
let f: StatsFixture;
/** Company Profit (12000) only: reads rates, cannot change them. */
let reader: StaffFixture;
/** Exchange rates (12001): changes them. */
let admin: StaffFixture;

beforeAll(async () => {
  t = await startTestApp();
  f = await seedStatsFixture(t.app.store, { timeZone: t.config.timeZone });
  reader = await createStaff(t, { codes: [PERM.COMPANY_PROFIT] });
  admin = await createStaff(t, { codes: [PERM.EXCHANGE_RATES] });
});

afterAll(async () => {
  await t?.close();
});

const post = <T>(path: string, body: unknown, token = admin.token) =>
  t.call<T>('POST', path, { token, body });
const list = (query: Record<string, string | number | undefined>, token = admin.token) =>
  t.call<Page<RateRow>>('GET', '/exchange-rates/list', { token, query });

describe('exchange rate administration', () => {
  it('sets a rate for every day of a range, replacing what was there, and lists them newest first', async () => {
    const first = await post<RateChange>('/exchange-rates/set', {
      currency: 'eur',
      startDay: '2024-03-01',
      endDay: '2024-03-05',
      rate: '0.9123',
    });
    expect(first.body).toEqual({ code: 0, msg: 'success', data: { written: 5, replaced: 0, deleted: 0 } });
    const again = await post<RateChange>('/exchange-rates/set', {
      currency: 'EUR',
      startDay: '2024-03-04',
      endDay: '2024-03-06',
      rate: 0.95,
    });
    expect(again.body.data).toEqual({ written: 3, replaced: 2, deleted: 0 });
    const rows = (await list({ currency: 'EUR', startDay: '2024-03-01', endDay: '2024-03-31' })).body.data;
    expect(rows.total).toBe(6);
    expect(rows.list.map((r) => [r.day, r.rate])).toEqual([
      ['2024-03-06', 0.95],
      ['2024-03-05', 0.95],
      ['2024-03-04', 0.95],
      ['2024-03-03', 0.9123],
      ['2024-03-02', 0.9123],
      ['2024-03-01', 0.9123],
    ]);
    expect(rows.list[0]?.updatedBy).toBe(admin.account);
  });

  it('deletes the rates of a range and records every change in the audit log and the history', async () => {
    await post('/exchange-rates/set', {
      currency: 'THB',
      startDay: '2024-04-01',
      endDay: '2024-04-10',
      rate: 35,
    });
    const deleted = await post<RateChange>('/exchange-rates/delete', {
      currency: 'THB',
      startDay: '2024-04-03',
      endDay: '2024-04-30',
    });
    expect(deleted.body.data).toEqual({ written: 0, replaced: 0, deleted: 8 });
    expect((await list({ currency: 'THB' })).body.data.total).toBe(2);
    const history = await t.call<Page<RateHistoryRow>>('GET', '/exchange-rates/history', {
      token: reader.token,
      query: { pageSize: 2 },
    });
    expect(history.body.data.list).toEqual([
      expect.objectContaining({ action: 'rate.delete', currency: 'THB', startDay: '2024-04-03', deleted: 8 }),
      expect.objectContaining({
        action: 'rate.set',
        currency: 'THB',
        rate: 35,
        written: 10,
        actor: admin.account,
      }),
    ]);
    const audit = await t.call<Page<{ action: string; targetId: string }>>('GET', '/permission/audit/list', {
      token: t.adminToken,
      query: { targetType: 'setting', pageSize: 1 },
    });
    expect(audit.body.data.list[0]).toMatchObject({ action: 'rate.delete', targetId: 'rate:THB' });
  });

  it.each([
    [{ currency: 'USD', startDay: '2024-01-01', endDay: '2024-01-01', rate: 1 }, 'rates.baseCurrency'],
    [{ currency: 'XYZ', startDay: '2024-01-01', endDay: '2024-01-01', rate: 1 }, 'rates.unknownCurrency'],
    [{ currency: 'CNY', startDay: '2024-01-01', endDay: '2024-01-01', rate: 0 }, 'validation.rate'],
    [{ currency: 'CNY', startDay: '2024-01-01', endDay: '2024-01-01', rate: 'seven' }, 'validation.rate'],
    [{ currency: 'CNY', startDay: '2024-01-05', endDay: '2024-01-01', rate: 7 }, 'validation.dateOrder'],
    [{ currency: 'CNY', startDay: '2024-13-01', endDay: '2024-13-02', rate: 7 }, 'validation.dayFormat'],
    [{ currency: 'CNY', startDay: '2023-01-01', endDay: '2024-06-01', rate: 7 }, 'validation.rangeTooLong'],
  ])('refuses %o with -1 and the key %s, and writes nothing', async (body, key) => {
    const before = (await list({})).body.data.total;
    const res = await post('/exchange-rates/set', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: ERR.GENERAL, key });
    expect((await list({})).body.data.total).toBe(before);
  });

  it('lets Company Profit readers see the rates and only 12001 change them', async () => {
    expect((await list({}, reader.token)).status).toBe(200);
    const refused = await post(
      '/exchange-rates/set',
      { currency: 'CNY', startDay: '2024-01-01', endDay: '2024-01-01', rate: 7 },
      reader.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: ERR.GENERAL, key: 'access.noPermission' });
    const outsider = await createStaff(t, { codes: [PERM.RISK_DATA] });
    expect((await list({}, outsider.token)).status).toBe(403);
  });
});

describe('CSV import', () => {
  it('imports a file of day,currency,rate lines (header, comments, semicolons with a decimal comma)', async () => {
    const csv = [
      'day,currency,rate',
      '# rates of the first week of May',
      '2024-05-01,INR,83.1',
      '2024-05-02,inr,83.2',
      '',
      '2024-05-01;PHP;"56,5"',
    ].join('\r\n');
    const res = await post<RateChange>('/exchange-rates/import', { csv });
    expect(res.body).toEqual({ code: 0, msg: 'success', data: { written: 3, replaced: 0, deleted: 0 } });
    const rows = (await list({ startDay: '2024-05-01', endDay: '2024-05-31' })).body.data.list;
    expect(rows.map((r) => `${r.day} ${r.currency} ${r.rate}`)).toEqual([
      '2024-05-02 INR 83.2',
      '2024-05-01 INR 83.1',
      '2024-05-01 PHP 56.5',
    ]);
  });

  it('refuses a file with bad lines whole, naming each line, and keeps the rates that were there', async () => {
    const csv = [
      'day,currency,rate',
      '2024-05-01,INR,99',
      '2024-02-30,INR,83',
      '2024-05-03,INR,-1',
      '2024-05-04,USD,1',
      '2024-05-05,ZZZ,5',
      '2024-05-01,INR,98',
      '2024-05-06,INR',
    ].join('\n');
    const res = await post('/exchange-rates/import', { csv });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: ERR.GENERAL, key: 'rates.csvInvalid', params: { count: 6 } });
    expect((res.body.data as { errors: { line: number; key: string }[] }).errors).toEqual([
      { line: 3, key: 'rates.csvDay', params: { line: 3 } },
      { line: 4, key: 'rates.csvRate', params: { line: 4 } },
      { line: 5, key: 'rates.csvBase', params: { line: 5, currency: 'USD' } },
      { line: 6, key: 'rates.csvCurrency', params: { line: 6 } },
      {
        line: 7,
        key: 'rates.csvDuplicate',
        params: { line: 7, first: 2, day: '2024-05-01', currency: 'INR' },
      },
      { line: 8, key: 'rates.csvColumns', params: { line: 8, count: 2 } },
    ]);
    const kept = (await list({ currency: 'INR', startDay: '2024-05-01', endDay: '2024-05-01' })).body.data
      .list;
    expect(kept.map((r) => r.rate)).toEqual([83.1]);
  });

  it('refuses a file without a rate line', async () => {
    const res = await post('/exchange-rates/import', { csv: 'day,currency,rate\n\n# nothing\n' });
    expect(res.body).toMatchObject({ code: ERR.GENERAL, key: 'rates.csvEmpty' });
  });
});

describe('Company Profit in a reporting currency', () => {
  const compare = (query: Record<string, string>) =>
    t.call<ProfitCompare>('GET', '/company-profit/compare', { token: t.adminToken, query });
  const range = () => ({
    providerIds: '1001,1002,1003',
    aStart: f.firstDay,
    aEnd: daysOf(f.firstDay, f.lastDay)[2] as string,
    bStart: daysOf(f.firstDay, f.lastDay)[3] as string,
    bEnd: f.lastDay,
  });
  /** CNY per USD on a day of the fixture: a different rate each day. */
  const cny = (i: number) => 7 + i / 10;

  beforeAll(async () => {
    const days = daysOf(f.firstDay, f.lastDay);
    const csv = days.map((day, i) => `${day},CNY,${cny(i)}`).join('\n');
    expect((await post('/exchange-rates/import', { csv })).body.code).toBe(0);
  });

  it('converts each day at its own rate and adds the currencies up in the reporting currency', async () => {
    const days = daysOf(f.firstDay, f.lastDay);
    const one = async (currency: string) => (await compare({ ...range(), currencies: currency })).body.data;
    const [inCny, inUsd] = await Promise.all([one('CNY'), one('USD')]);
    const res = await compare({ ...range(), currencies: 'CNY,USD', reportCurrency: 'USD' });
    expect(res.status).toBe(200);
    const report = res.body.data.report;
    expect(report).toMatchObject({ currency: 'USD', base: 'USD', missing: [], missingCount: 0 });
    for (const side of ['a', 'b'] as const) {
      let turnover = 0;
      let payout = 0;
      for (const d of inCny[side].byDay) {
        const rate = cny(days.indexOf(d.day));
        turnover += d.turnover / rate;
        payout += d.payout / rate;
      }
      for (const d of inUsd[side].byDay) {
        turnover += d.turnover;
        payout += d.payout;
      }
      expect(report?.[side].totals.turnover).toBe(Math.round(turnover));
      expect(report?.[side].totals.payout).toBe(Math.round(payout));
      expect(report?.[side].totals.ggr).toBe(Math.round(turnover - payout));
      expect(report?.[side].totals.bets).toBe(inCny[side].totals.bets + inUsd[side].totals.bets);
    }
    // The per-currency figures stay one click away: each currency in itself, and converted.
    expect(res.body.data.a.byCurrency.map((c) => c.currency).sort()).toEqual(['CNY', 'USD']);
    const usdRow = report?.a.byCurrency.find((c) => c.currency === 'USD');
    expect(usdRow?.turnover).toBe(inUsd.a.totals.turnover);
  });

  it('reports in a currency that is not the base, through USD (CNY → CNY is 1, USD → CNY at the rate)', async () => {
    const res = await compare({ ...range(), currencies: 'CNY', reportCurrency: 'CNY' });
    expect(res.body.data.report?.a.totals.turnover).toBe(res.body.data.a.totals.turnover);
    const inUsd = await compare({ ...range(), currencies: 'USD', reportCurrency: 'CNY' });
    const days = daysOf(f.firstDay, f.lastDay);
    const expected = inUsd.body.data.a.byDay.reduce(
      (sum, d) => sum + d.turnover * cny(days.indexOf(d.day)),
      0,
    );
    expect(inUsd.body.data.report?.a.totals.turnover).toBe(Math.round(expected));
  });

  it('says which rates are missing instead of summing without them', async () => {
    const days = daysOf(f.firstDay, f.lastDay);
    const gap = days[1] as string;
    await post('/exchange-rates/delete', { currency: 'CNY', startDay: gap, endDay: gap });
    const res = await compare({ ...range(), currencies: 'CNY,USD', reportCurrency: 'USD' });
    const report = res.body.data.report;
    expect(report?.missing).toEqual([{ day: gap, currency: 'CNY' }]);
    expect(report?.missingCount).toBe(1);
    expect(report?.a.totals).toMatchObject({ turnover: null, payout: null, ggr: null, margin: null });
    expect(report?.a.totals.bets).toBeGreaterThan(0);
    expect(report?.a.byDay.find((d) => d.day === gap)?.turnover).toBeNull();
    expect(report?.a.byDay.find((d) => d.day === days[0])?.turnover).toEqual(expect.any(Number));
    expect(report?.a.byCurrency.find((c) => c.currency === 'USD')?.turnover).toEqual(expect.any(Number));
    expect(report?.a.byCurrency.find((c) => c.currency === 'CNY')?.turnover).toBeNull();
    // Range B has all its rates: its figures are there.
    expect(report?.b.totals.turnover).toEqual(expect.any(Number));
    expect(report?.diff.turnover).toEqual({ value: null, pct: null });
  });

  it('answers without a report when no reporting currency is asked for', async () => {
    const res = await compare({ ...range(), currencies: 'CNY' });
    expect(res.body.data.report).toBeNull();
  });
});
