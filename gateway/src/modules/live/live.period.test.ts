import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '@dms/shared/permissions/codes';
import type { AlertChanged } from '@dms/shared/contracts/live/events';
import type { LiveReplayPage, ReplayItem } from '@dms/shared/contracts/http/liveReplay';
import { T0, ev } from '../../engine/events.fixtures';
import { createStaff, startTestApp, type TestApp } from '../../testing/testing.app';
import type { PeriodReplaySource } from '../../platform/live/live.replay';

const alert = (
  seq: number,
  at: number,
  provider: number,
  kind: 'crossbet' | 'player' = 'crossbet',
): AlertChanged => ({
  v: 1,
  seq,
  providers: [provider],
  alert: { id: seq, kind, level: 3, state: 'open', subject: `g${seq}`, raisedAt: at },
});

const ALERTS = [
  alert(1, T0 + 25_000, 1001),
  alert(2, T0 + 25_000, 1002),
  alert(3, T0 + 26_000, 1001, 'player'),
  alert(4, T0 + 70_000, 1001),
];

const fake: PeriodReplaySource = {
  alertsBetween: ({ from, to, after, limit }) =>
    Promise.resolve(
      ALERTS.filter(
        (a) =>
          a.alert.raisedAt >= from &&
          a.alert.raisedAt < to &&
          (!after || a.alert.raisedAt > after.at || (a.alert.raisedAt === after.at && a.seq > after.seq)),
      ).slice(0, limit),
    ),
  flaggedRounds: (ids) => Promise.resolve(new Map(ids.includes('pr-2') ? [['pr-2', ['ring-7']]] : [])),
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ app: { periodReplay: fake } });
  // Three rounds of provider 1001's table; round 2 has a bet of provider 1002 too; round 3 is of 1002's table.
  const events = [];
  for (const [n, host] of [
    [1, 1001],
    [2, 1001],
    [3, 1002],
  ] as const) {
    const start = T0 + (n - 1) * 30_000;
    const roundId = `pr-${n}`;
    events.push(ev.round({ id: `prs-${n}`, roundId, provider: host, ts: start }));
    events.push(
      ev.bet({
        id: `pb-${n}a`,
        transactionId: `pb-${n}a`,
        roundId,
        provider: host,
        amount: 1000 * n,
        ts: start + 1,
      }),
    );
    if (n === 2)
      events.push(
        ev.bet({
          id: 'pb-2b',
          transactionId: 'pb-2b',
          roundId,
          provider: 1002,
          betType: 'player',
          amount: 500,
          ts: start + 2,
          playerId: 2,
        }),
      );
    events.push(
      ev.settled({
        id: `pst-${n}`,
        roundId,
        provider: host,
        ts: start + 20_000,
        payouts: [{ transactionId: `pb-${n}a`, playerId: 1, payout: 1950 * n }],
      }),
    );
  }
  const res = await t.app.engine.submit(events);
  expect(res.refused).toEqual([]);
});
afterAll(async () => {
  await t?.close();
});

async function all(token: string, limit: number): Promise<ReplayItem[]> {
  const items: ReplayItem[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const res = await t.call<LiveReplayPage>('GET', '/live/replay', {
      token,
      query: { from: T0, to: T0 + 120_000, limit, cursor },
    });
    expect(res.body.code).toBe(0);
    items.push(...res.body.data.items);
    if (res.body.data.next === null) return items;
    cursor = res.body.data.next;
  }
  throw new Error('no end');
}

const summary = (items: ReplayItem[]) =>
  items.map((i) =>
    i.kind === 'round' ? `${i.round.roundId}${i.flagged ? '!' : ''}` : `alert${i.alert.seq}`,
  );

describe('GET /live/replay', () => {
  it("merges the period's rounds and cross-bet alerts in event-time order, page by page, flagged rounds marked", async () => {
    const staff = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1001] });
    for (const limit of [1, 2, 500]) {
      expect(summary(await all(staff.token, limit))).toEqual(['pr-1', 'alert1', 'pr-2!', 'alert4']);
    }
    const items = await all(staff.token, 500);
    const second = items[2];
    expect(second).toMatchObject({
      kind: 'round',
      groups: ['ring-7'],
      round: { providers: [1001], totals: [{ betType: 'banker', bets: 1, amount: 2000, payout: 3900 }] },
    });
  });

  it("scopes rounds and totals to the caller's providers", async () => {
    const staff = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1002] });
    const items = await all(staff.token, 500);
    expect(summary(items)).toEqual(['alert2', 'pr-2!', 'pr-3']);
    expect(items[1]).toMatchObject({
      round: { providers: [1002], totals: [{ betType: 'player', bets: 1, amount: 500, payout: 0 }] },
    });
  });

  it('needs the baccarat monitor permission (3000)', async () => {
    const staff = await createStaff(t, { codes: [PERM.RISK_DATA] });
    const res = await t.call('GET', '/live/replay', {
      token: staff.token,
      query: { from: T0, to: T0 + 1000 },
    });
    expect(res.status).toBe(403);
  });

  it('refuses a period over seven days and a cursor it did not make', async () => {
    const day = 86_400_000;
    const long = await t.call('GET', '/live/replay', {
      token: t.adminToken,
      query: { from: T0, to: T0 + 8 * day },
    });
    expect(long.body.key).toBe('validation.rangeTooLong');
    const bad = await t.call('GET', '/live/replay', {
      token: t.adminToken,
      query: { from: T0, to: T0 + day, cursor: 'abc' },
    });
    expect(bad.body.key).toBe('stats.badCursor');
  });
});
