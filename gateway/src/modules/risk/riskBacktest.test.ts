import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformEvent } from '@dms/shared/contracts/events/platform';
import type { BacktestStarted, BacktestStatus } from '@dms/shared/contracts/http/riskBacktest';
import { BACKTEST_DAYS } from '@dms/shared/contracts/http/riskBacktest';
import { DEFAULT_RISK_SETTINGS, type RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import type { Page } from '@dms/shared/contracts/envelope';
import type { AuditRow } from '@dms/shared/contracts/http/audit';
import { PERM } from '@dms/shared/permissions/codes';
import { createStaff, startTestApp, type StaffFixture, type TestApp } from '../../testing/testing.app';
import type { RiskInput } from '../../engine/risk/detector.port';
import { createRiskDetector } from '../../engine/risk/risk.detector';
import { syntheticPlatform } from '../../engine/risk/risk.platform.fixture';
import { RiskInputRepository } from '../../engine/risk/riskInput.repository';
import { START_POSITION } from '../../engine/risk/riskPosition';
import { until } from './risk.fixture';

/**
 * The Risk Setting backtest over the API, on SQLite (and PostgreSQL with DATABASE_URL): a small labelled
 * history (pairs and rings among honest look-alikes, a bonus abuser, a lucky cheat) is stored through the
 * pipeline; a backtest's counts are compared with a recomputation — the shipped detector run directly
 * over the same stored rounds with the same settings, its findings counted here.
 */

let t: TestApp;
let settingsAdmin: StaffFixture;
let nobody: StaffFixture;
let windowFrom = 0;

const PROPOSED: RiskSettings = {
  ...DEFAULT_RISK_SETTINGS,
  levelMiddle: 2,
  levelHigh: 5,
  minSharedRounds: 10,
};

/** The platform events of a detector input: a round's start, bets and settlement, or a wallet event. */
function eventsOf(input: RiskInput): PlatformEvent[] {
  if (input.type === 'wallet') {
    const e = input.event;
    const common = { id: e.id, provider: e.provider, currency: e.currency, ts: e.ts, playerId: 1 };
    if (e.kind === 'bonus')
      return [{ type: 'bonus.granted', ...common, account: e.account, kind: 'welcome', amount: e.amount }];
    return [
      {
        type: 'transfer',
        ...common,
        account: e.account,
        direction: e.kind === 'transfer_in' ? 1 : 0,
        amount: e.amount,
      },
    ];
  }
  const r = input.round;
  const scope = { provider: r.provider, currency: 'CNY' };
  const where = { roundId: r.roundId, gameId: 1 as const, tableId: r.tableId, shoeId: r.shoeId };
  return [
    { type: 'round.started', id: `rs-${r.roundId}`, ...scope, ts: r.startedAt, ...where },
    ...r.bets.map((b): PlatformEvent => ({
      type: 'bet.placed',
      id: b.id,
      provider: b.provider,
      currency: b.currency,
      ts: b.ts - 1000,
      playerId: 1,
      account: b.account,
      transactionId: b.id,
      betType: b.betType,
      amount: b.amount,
      ...where,
    })),
    {
      type: 'round.settled',
      id: `st-${r.roundId}`,
      ...scope,
      ts: r.settledAt,
      ...where,
      result: { ...r.result, playerPair: false, bankerPair: false },
      payouts: r.bets.map((b) => ({ transactionId: b.id, playerId: 1, payout: b.payout })),
    },
  ];
}

const status = (id: string, token = t.adminToken) =>
  t.call<BacktestStatus>('GET', `/risk/backtest/${id}`, { token });

/** Counts as the backtest reports them, here from the detector's findings directly. */
function recount(settings: RiskSettings, inputs: readonly RiskInput[]) {
  const detector = createRiskDetector(settings);
  const best = new Map<string, { kinds: string[]; level: number }>();
  for (const input of inputs)
    for (const f of detector.process(input)) {
      const key =
        f.type === 'crossbet' ? f.id : f.type === 'player' ? `${f.provider}:${f.account}` : `${f.provider}`;
      const kinds = f.type === 'crossbet' ? [f.kind] : f.type === 'player' ? f.kinds : ['provider'];
      const seen = best.get(key) ?? { kinds: [], level: 0 };
      best.set(key, { kinds: [...new Set([...seen.kinds, ...kinds])], level: Math.max(seen.level, f.level) });
    }
  const counts: Record<string, { abnormal: number; middle: number; high: number }> = {};
  for (const kind of ['pair', 'ring', 'win_rate', 'bonus', 'transfer', 'provider'])
    counts[kind] = { abnormal: 0, middle: 0, high: 0 };
  for (const { kinds, level } of best.values())
    for (const k of kinds) counts[k]![(['abnormal', 'middle', 'high'] as const)[level - 1]!] += 1;
  return counts;
}

beforeAll(async () => {
  // Each page holds a few inputs, so that a job runs long enough to be cancelled while it runs.
  t = await startTestApp({ app: { riskBacktest: { pageSize: 4, sliceMs: 1 } } });
  t.app.engine.start();
  settingsAdmin = await createStaff(t, { codes: [PERM.RISK_SETTING] });
  nobody = await createStaff(t, { codes: [PERM.RISK_DATA] });
  const now = t.clock.now();
  windowFrom = now - BACKTEST_DAYS * 86_400_000;
  const { inputs } = syntheticPlatform({
    seed: 7,
    tables: 3,
    rounds: 220,
    honest: 36,
    pairs: 2,
    rings: 1,
    t0: now - 5 * 86_400_000,
  });
  // Outside the window: a pair's rounds 70 days ago, which no backtest may see.
  const old = syntheticPlatform({
    seed: 8,
    tables: 1,
    rounds: 30,
    honest: 0,
    pairs: 1,
    rings: 0,
    t0: now - 70 * 86_400_000,
  });
  const relabel = (i: RiskInput): RiskInput =>
    i.type === 'round'
      ? {
          type: 'round',
          round: {
            ...i.round,
            roundId: `old-${i.round.roundId}`,
            bets: i.round.bets.map((b) => ({ ...b, id: `old-${b.id}`, account: `old-${b.account}` })),
          },
        }
      : { type: 'wallet', event: { ...i.event, id: `old-${i.event.id}` } };
  const all = [...old.inputs.map(relabel), ...inputs];
  for (let i = 0; i < all.length; i += 60) {
    const r = await t.app.engine.submit(all.slice(i, i + 60).flatMap(eventsOf));
    expect(r.refused).toEqual([]);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('Risk Setting backtest', () => {
  it('counts what the current and the proposed thresholds flag, as the detector run over the same rounds does', async () => {
    const started = await t.call<BacktestStarted>('POST', '/risk/backtest', {
      token: settingsAdmin.token,
      body: PROPOSED,
    });
    expect(started.status).toBe(200);
    const seen: BacktestStatus[] = [];
    const done = await until(
      async () => {
        const s = (await status(started.body.data.id, settingsAdmin.token)).body.data;
        seen.push(s);
        return s.state === 'running' ? undefined : s;
      },
      'the backtest',
      600,
    );
    expect(done).toMatchObject({ state: 'done', phase: 'done', error: null });
    const result = done.result!;
    expect(done.roundsDone).toBe(result.rounds);
    expect(done.roundsTotal).toBe(result.rounds);
    // Progress was readable while it ran, and never went back.
    const running = seen.filter((s) => s.state === 'running');
    expect(running.length).toBeGreaterThan(0);
    for (let i = 1; i < running.length; i++)
      expect(running[i]!.roundsDone).toBeGreaterThanOrEqual(running[i - 1]!.roundsDone);

    // The recomputation: the stored inputs of the window, in commit order, through the detector directly.
    const reader = RiskInputRepository.of(t.app.store);
    const inputs: RiskInput[] = [];
    for (let after = START_POSITION; ;) {
      const chunk = await reader.read(after, 1000);
      if (chunk.length === 0) break;
      for (const { input } of chunk) {
        const ts = input.type === 'round' ? input.round.settledAt : input.event.ts;
        if (ts >= windowFrom) inputs.push(input);
      }
      after = chunk[chunk.length - 1]!.position;
    }
    const rounds = inputs.filter((i) => i.type === 'round');
    expect(result.rounds).toBe(rounds.length);
    expect(result.bets).toBe(rounds.reduce((n, i) => n + (i.type === 'round' ? i.round.bets.length : 0), 0));
    const current = recount(DEFAULT_RISK_SETTINGS, inputs);
    const proposed = recount(PROPOSED, inputs);
    expect(result.current.counts).toEqual(current);
    expect(result.proposed.counts).toEqual(proposed);
    // The history's pairs and ring are there to count, and the proposal changes what is flagged where.
    expect(current.pair!.abnormal + current.pair!.middle + current.pair!.high).toBeGreaterThan(0);
    expect(current.ring!.abnormal + current.ring!.middle + current.ring!.high).toBeGreaterThan(0);
    expect(result.proposed.counts).not.toEqual(result.current.counts);

    // The injected truth: 6 pairs and 4 rings on the stored baccarat tables, most caught with the defaults.
    expect(result.injected).toMatchObject({ pairs: 6, rings: 4, decoys: 30, tables: 3 });
    const q = result.current.quality;
    expect(q.recall).toBeGreaterThanOrEqual(0.5);
    expect(q.precision).toBeGreaterThan(0.5);
    expect(q.pairsCaught + q.ringsCaught).toBe(Math.round((q.recall ?? 0) * 10));
    expect(q.medianRoundsToDetection).toBeGreaterThan(0);
    expect(q.recallHigh!).toBeLessThanOrEqual(q.recallMiddle!);
    expect(q.recallMiddle!).toBeLessThanOrEqual(q.recall!);

    // The same history and seed give the same result.
    const again = await t.call<BacktestStarted>('POST', '/risk/backtest', {
      token: settingsAdmin.token,
      body: PROPOSED,
    });
    const second = await until(
      async () => {
        const s = (await status(again.body.data.id, settingsAdmin.token)).body.data;
        return s.state === 'running' ? undefined : s;
      },
      'the second backtest',
      600,
    );
    expect({ ...second.result!, from: 0, to: 0 }).toEqual({ ...result, from: 0, to: 0 });

    // Audited, with the proposed changes.
    const audit = await t.call<Page<AuditRow>>('GET', '/permission/audit/list', {
      token: t.adminToken,
      query: { targetType: 'setting', size: 50 },
    });
    const rows = audit.body.data.list.filter((r) => r.action === 'risk.backtest');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(rows[0]!.detail)).toMatchObject({
      changed: { levelMiddle: 2, levelHigh: 5, minSharedRounds: 10 },
    });
  }, 120_000);

  it('cancels a running backtest: cancelled, no result, and it stays so', async () => {
    const started = await t.call<BacktestStarted>('POST', '/risk/backtest', {
      token: t.adminToken,
      body: DEFAULT_RISK_SETTINGS,
    });
    const id = started.body.data.id;
    const cancelled = await t.call<BacktestStatus>('DELETE', `/risk/backtest/${id}`, { token: t.adminToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ id, state: 'cancelled', result: null });
    expect(cancelled.body.data.finishedAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    const later = await status(id);
    expect(later.body.data).toMatchObject({ state: 'cancelled', result: null });
  });

  it('runs one backtest per account: a new one cancels the previous', async () => {
    const first = await t.call<BacktestStarted>('POST', '/risk/backtest', { token: t.adminToken, body: {} });
    const second = await t.call<BacktestStarted>('POST', '/risk/backtest', { token: t.adminToken, body: {} });
    expect((await status(first.body.data.id)).body.data.state).toBe('cancelled');
    await t.call('DELETE', `/risk/backtest/${second.body.data.id}`, { token: t.adminToken });
  });

  it('refuses bad thresholds in the envelope, as Risk Setting does', async () => {
    const order = await t.call('POST', '/risk/backtest', {
      token: t.adminToken,
      body: { ...DEFAULT_RISK_SETTINGS, levelMiddle: 6, levelHigh: 3 },
    });
    expect(order.status).toBe(400);
    expect(order.body).toMatchObject({ code: -1, data: null });
    expect(order.body.msg).toMatch(/levelHigh/);
    const type = await t.call('POST', '/risk/backtest', { token: t.adminToken, body: { fdr: 'often' } });
    expect(type.status).toBe(400);
    expect(type.body.msg).toMatch(/fdr/);
    const range = await t.call('POST', '/risk/backtest', { token: t.adminToken, body: { ringMaxSize: 40 } });
    expect(range.status).toBe(400);
    expect(range.body.msg).toMatch(/ringMaxSize/);
  });

  it('answers 404 for an unknown id, a malformed one, or another account’s backtest', async () => {
    const mine = await t.call<BacktestStarted>('POST', '/risk/backtest', { token: t.adminToken, body: {} });
    const id = mine.body.data.id;
    expect((await status(id, settingsAdmin.token)).status).toBe(404);
    expect((await t.call('DELETE', `/risk/backtest/${id}`, { token: settingsAdmin.token })).status).toBe(404);
    expect((await status('00000000-0000-0000-0000-000000000000')).status).toBe(404);
    const bad = await status('not-a-job');
    expect(bad.status).toBe(404);
    expect(bad.body.code).toBe(-1);
    await t.call('DELETE', `/risk/backtest/${id}`, { token: t.adminToken });
  });

  it('refuses accounts without Risk Setting (10000) with 403', async () => {
    expect((await t.call('POST', '/risk/backtest', { token: nobody.token, body: {} })).status).toBe(403);
    const id = '00000000-0000-0000-0000-000000000000';
    expect((await status(id, nobody.token)).status).toBe(403);
    expect((await t.call('DELETE', `/risk/backtest/${id}`, { token: nobody.token })).status).toBe(403);
    expect((await t.call('POST', '/risk/backtest', { body: {} })).status).toBe(401);
  });

  it('is listed in /openapi.json with its three operations', async () => {
    const doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ops).toEqual(
      expect.arrayContaining(['riskBacktestStart', 'riskBacktestStatus', 'riskBacktestCancel']),
    );
    const cancel = Object.values(doc.paths)
      .flatMap((p) => Object.entries(p))
      .find(([, o]) => o.operationId === 'riskBacktestCancel');
    expect(cancel?.[0]).toBe('delete');
    expect(Object.keys(cancel?.[1].responses ?? {})).toEqual(expect.arrayContaining(['200', '403', '404']));
  });
});
