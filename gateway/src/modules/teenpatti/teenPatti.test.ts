import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@dms/shared/contracts/envelope';
import { API_BASE } from '@dms/shared/contracts/http/paths';
import type {
  TpDealResult,
  TpEvaluateResult,
  TpSimDetail,
  TpSimRoundRow,
  TpSimRow,
} from '@dms/shared/contracts/http/teenPatti';
import { PERM } from '@dms/shared/permissions/codes';
import { cardText } from '@dms/shared/games/handInput';
import { dealFromSeed, roundSeed } from '@dms/shared/games/teenPattiSim';
import { createStaff, startTestApp, type StaffFixture, type TestApp } from '../../testing/testing.app';

let t: TestApp;
/** Test tools (11002): runs, saves, deletes. */
let tools: StaffFixture;
/** Simulated data viewer (11003): reads. */
let viewer: StaffFixture;

beforeAll(async () => {
  t = await startTestApp();
  tools = await createStaff(t, { codes: [PERM.TEEN_PATTI, PERM.TEEN_PATTI_TEST_TOOLS] });
  viewer = await createStaff(t, { codes: [PERM.TEEN_PATTI, PERM.TEEN_PATTI_DATA_VIEWER] });
});

afterAll(async () => {
  await t?.close();
});

const STAKES = { player_a: 1000, player_b: 500, tie: 100, pair_plus: 200 };

const evaluate = (hands: string[], token = tools.token) =>
  t.call<TpEvaluateResult>('POST', '/teen-patti/tools/evaluate', { token, body: { hands } });
const get = (id: number, token = viewer.token) =>
  t.call<TpSimDetail>('GET', '/teen-patti/sims/get', { token, query: { id } });
const rounds = (query: Record<string, string | number | undefined>, token = viewer.token) =>
  t.call<Page<TpSimRoundRow>>('GET', '/teen-patti/sims/rounds', { token, query });

async function run(body: Record<string, unknown>): Promise<number> {
  const res = await t.call<{ id: number; seed: string }>('POST', '/teen-patti/sims/run', {
    token: tools.token,
    body,
  });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data.id;
}

async function until(id: number, done: (s: TpSimDetail) => boolean): Promise<TpSimDetail> {
  for (let i = 0; i < 600; i++) {
    const s = (await get(id, tools.token)).body.data;
    if (done(s)) return s;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('simulation did not get there');
}

describe('evaluate hands typed as cards', () => {
  it('ranks three cards in Teen Patti and five in poker, numbering ranks and suits as the spec does', async () => {
    const three = await evaluate(['AS KD QH']);
    expect(three.status).toBe(200);
    expect(three.body.data.hands[0]).toMatchObject({
      game: 'teenPatti',
      rank: 4,
      cards: [
        { code: 'AS', rank: 1, suit: 2 },
        { code: 'KD', rank: 13, suit: 4 },
        { code: 'QH', rank: 12, suit: 1 },
      ],
    });
    expect(three.body.data.comparison).toBeNull();
    const five = await evaluate(['10h jh qh kh ah']);
    expect(five.body.data.hands[0]).toMatchObject({ game: 'poker', rank: 10 });
    const tens = await evaluate(['TH 10S 10C']);
    expect(tens.body.data.hands[0]?.rank).toBe(6);
  });

  it('compares two hands and says why', async () => {
    const res = await evaluate(['KH KS 9D', 'KC KD 8H']);
    expect(res.body.data.comparison).toEqual({
      winner: 'a',
      reason: { kind: 'rank', winnerRank: '9', loserRank: '8' },
    });
    expect((await evaluate(['AH 2S 3D', 'AC KS QD'])).body.data.comparison).toEqual({
      winner: 'b',
      reason: { kind: 'sequence' },
    });
  });

  it('refuses a bad card with a key naming it, in the envelope of the spec', async () => {
    const cases: [string[], string, Record<string, unknown>][] = [
      [['AS ZD QH'], 'cards.unknownRank', { hand: 1, card: 'ZD', rank: 'Z' }],
      [['AS KD QH', 'AH KX 2C'], 'cards.unknownSuit', { hand: 2, card: 'KX', suit: 'X' }],
      [['AS as QH'], 'cards.duplicate', { hand: 1, card: 'AS' }],
      [['AS K QH'], 'cards.incomplete', { hand: 1, card: 'K' }],
      [['AS KD'], 'cards.handSize', { hand: 1, count: 2 }],
      [['AS KD QH', 'AS 2C 3C'], 'cards.inBothHands', { card: 'AS' }],
      [['AS KD QH', 'AH KH QH JH TH'], 'cards.sizesDiffer', {}],
      [[' '], 'cards.empty', { hand: 1 }],
    ];
    for (const [hands, key, params] of cases) {
      const res = await evaluate(hands);
      expect(res.status, key).toBe(400);
      expect(res.body.code).toBe(-1);
      expect(res.body.data).toBeNull();
      expect(res.body.key).toBe(key);
      expect(res.body.params ?? {}).toEqual(params);
      expect(res.body.msg.length).toBeGreaterThan(5);
    }
    const missing = await t.call('POST', '/teen-patti/tools/evaluate', { token: tools.token, body: {} });
    expect(missing.body).toMatchObject({ code: -1, key: 'validation.required', params: { field: 'hands' } });
  });

  it('deals from a seed what the shared rng deals anywhere', async () => {
    const res = await t.call<TpDealResult>('GET', '/teen-patti/tools/deal', {
      token: tools.token,
      query: { seed: 'table-7', players: 4 },
    });
    expect(res.body.data.hands.map((h) => h.cards.map((c) => c.code))).toEqual(
      dealFromSeed('table-7', 4).map((h) => h.map(cardText)),
    );
    expect(res.body.data.winners.length).toBeGreaterThan(0);
  });
});

describe('permissions', () => {
  it('lets 11002 run and 11003 view, and nobody else', async () => {
    expect((await evaluate(['AS KD QH'], viewer.token)).status).toBe(403);
    const runByViewer = await t.call('POST', '/teen-patti/sims/run', {
      token: viewer.token,
      body: { rounds: 10, players: 2, stakes: STAKES },
    });
    expect(runByViewer.status).toBe(403);
    expect((await t.call('GET', '/teen-patti/sims/list', { token: tools.token })).status).toBe(403);
    expect((await rounds({ id: 1 }, tools.token)).status).toBe(403);
    const other = await createStaff(t, { codes: [PERM.TEEN_PATTI, PERM.TEEN_PATTI_MONITOR] });
    expect((await get(1, other.token)).status).toBe(403);
    expect((await t.call('GET', '/teen-patti/sims/list', { token: viewer.token })).status).toBe(200);
  });
});

describe('simulations', () => {
  let id: number;
  let sim: TpSimDetail;
  const N = 9000;

  beforeAll(async () => {
    id = await run({ seed: 'api-test', rounds: N, players: 4, stakes: STAKES });
    sim = await until(id, (s) => s.status !== 'running');
  });

  it('plays every round and sums them against the exact odds', () => {
    expect(sim.status).toBe('done');
    expect(sim.doneRounds).toBe(N);
    expect(sim.summary.rounds).toBe(N);
    const hands = Object.values(sim.summary.handCategories).reduce((a, b) => a + b, 0);
    expect(hands).toBe(N * 4);
    expect(sim.summary.seatWins.reduce((a, b) => a + b, 0)).toBe(N + sim.summary.splits);
    expect(sim.staked).toBe(N * 1800);
    expect(sim.bets.player_a?.rtp).toBeCloseTo((sim.bets.player_a?.returned ?? 0) / (N * 1000), 12);
    expect(sim.theory.bets.tie?.houseEdge).toBeCloseTo(0.113705, 5);
    for (const bet of ['player_a', 'player_b', 'pair_plus'] as const) {
      const f = sim.bets[bet];
      expect(Math.abs((f?.rtp ?? 0) - (sim.theory.bets[bet]?.rtp ?? 0))).toBeLessThan(5 * (f?.stdError ?? 0));
    }
  });

  it('pages its rounds in order, each dealt again from seed and index', async () => {
    const page = (await rounds({ id, page: 3, pageSize: 7 })).body.data;
    expect(page.total).toBe(N);
    expect(page.list.map((r) => r.index)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    const r = page.list[0] as TpSimRoundRow;
    expect(r.hands).toEqual(dealFromSeed(roundSeed('api-test', 14), 4).map((h) => h.map(cardText)));
    expect(r.net).toBe(1800 - r.payout);
  });

  it('filters rounds by winning hand, winning seat, A/B result and payout', async () => {
    const trails = (await rounds({ id, winnerCategory: 6, pageSize: 200 })).body.data;
    expect(trails.total).toBe(sim.summary.winnerCategories['6']);
    expect(trails.list.every((r) => r.winnerCategory === 6)).toBe(true);
    const seat3 = (await rounds({ id, winnerSeat: 3, pageSize: 50 })).body.data;
    expect(seat3.total).toBe(sim.summary.seatWins[2]);
    expect(seat3.list.every((r) => r.winners.includes(3))).toBe(true);
    const ties = (await rounds({ id, result: 'tie' })).body.data;
    expect(ties.total).toBe(sim.summary.results.tie);
    // B wins with A holding a high card: B's 500 returns 990 (2 % commission), the rest loses.
    const bWins = (await rounds({ id, result: 'player_b', minPayout: 990, maxPayout: 990 })).body.data;
    expect(bWins.total).toBeGreaterThan(0);
    expect(bWins.list.every((r) => r.result === 'player_b' && r.payout === 990)).toBe(true);
    expect(bWins.list.every((r) => r.categories[0] === 1)).toBe(true);
    const big = (await rounds({ id, minPayout: 5000, pageSize: 200 })).body.data;
    expect(big.list.every((r) => r.payout >= 5000)).toBe(true);
    expect(big.total).toBeGreaterThan(0);
    const bad = await rounds({ id, minPayout: 10, maxPayout: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body.params?.field).toBe('maxPayout');
    expect((await rounds({ id, winnerCategory: 9 })).body.key).toBe('validation.integerRange');
    expect((await rounds({ id: 999_999 })).status).toBe(404);
  });

  it('exports the filtered rounds as .xlsx with labels in the asked language', async () => {
    const res = await fetch(
      `${t.url}${API_BASE}/teen-patti/sims/rounds/export?${new URLSearchParams({ id: String(id), winnerCategory: '5', lang: 'en' })}`,
      { headers: { authorization: `Bearer ${viewer.token}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const headerRow = (sheet.views[0] as { ySplit: number }).ySplit;
    const header = (sheet.getRow(headerRow).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Round',
      'Seat 1',
      'Seat 2',
      'Seat 3',
      'Seat 4',
      'Winning seats',
      'Winning hand',
      'Player A hand',
      'Player B hand',
      'Player A vs Player B',
      'Turnover',
      'Payout',
      'GGR',
    ]);
    const expected = (await rounds({ id, winnerCategory: 5, pageSize: 200 })).body.data;
    expect(sheet.rowCount - headerRow).toBe(expected.total);
    const first = expected.list[0] as TpSimRoundRow;
    const row = (sheet.getRow(headerRow + 1).values as unknown[]).slice(1);
    expect(row[0]).toBe(first.index);
    expect(row[1]).toBe(first.hands[0]?.join(' '));
    expect(row[6]).toBe('Pure sequence');
    expect(row[10]).toBe(18);
    expect(row[11]).toBe(first.payout / 100);
    const none = await t.call('GET', '/teen-patti/sims/rounds/export', {
      token: viewer.token,
      query: { id, minPayout: 10_000_000 },
    });
    expect(none.status).toBe(404);
    expect(none.body.key).toBe('validation.noDataToDownload');
  });

  it('saves runs under a name for the viewer, lists them paged and searchable, and deletes them, audited', async () => {
    expect((await t.call('GET', '/teen-patti/sims/list', { token: viewer.token })).body).toMatchObject({
      code: 0,
      data: { total: 0 },
    });
    const other1 = await run({ rounds: 50, players: 2, stakes: STAKES });
    const other2 = await run({ seed: 'second', rounds: 50, players: 3, stakes: STAKES });
    await until(other1, (s) => s.status === 'done');
    await until(other2, (s) => s.status === 'done');
    for (const [simId, name] of [
      [id, 'Four players'],
      [other1, 'Heads-up 1'],
      [other2, 'Heads-up 2'],
    ] as const) {
      const saved = await t.call<TpSimRow>('POST', '/teen-patti/sims/save', {
        token: tools.token,
        body: { id: simId, name },
      });
      expect(saved.body.data).toMatchObject({ saved: true, name });
    }
    const page1 = (
      await t.call<Page<TpSimRow>>('GET', '/teen-patti/sims/list', {
        token: viewer.token,
        query: { page: 1, pageSize: 2 },
      })
    ).body.data;
    expect(page1.total).toBe(3);
    expect(page1.list).toHaveLength(2);
    const page2 = (
      await t.call<Page<TpSimRow>>('GET', '/teen-patti/sims/list', {
        token: viewer.token,
        query: { page: 2, pageSize: 2 },
      })
    ).body.data;
    expect(page2.list).toHaveLength(1);
    expect(new Set([...page1.list, ...page2.list].map((r) => r.id))).toEqual(new Set([id, other1, other2]));
    const found = await t.call<Page<TpSimRow>>('GET', '/teen-patti/sims/list', {
      token: viewer.token,
      query: { keyword: 'SECOND' },
    });
    expect(found.body.data.list.map((r) => r.id)).toEqual([other2]);

    const deleted = await t.call('POST', '/teen-patti/sims/delete', {
      token: tools.token,
      body: { id: other1 },
    });
    expect(deleted.body.code).toBe(0);
    expect((await get(other1)).status).toBe(404);
    expect((await rounds({ id: other1 })).status).toBe(404);
    const audit = await t.app.store.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('target_id', '=', `tp-sim:${other1}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['tp.sim.run', 'tp.sim.save', 'tp.sim.delete']);
  });

  it('reports progress while it runs, keeps answering, and cancels keeping the rounds played', async () => {
    const big = await run({ seed: 'long', rounds: 2_000_000, players: 6, stakes: STAKES });
    const running = await until(big, (s) => s.doneRounds > 0);
    expect(running.status).toBe('running');
    expect(running.doneRounds).toBeLessThan(2_000_000);
    // The gateway answers other calls meanwhile.
    expect((await t.call('GET', '/user/info', { token: tools.token })).status).toBe(200);
    const saveRunning = await t.call('POST', '/teen-patti/sims/save', {
      token: tools.token,
      body: { id: big, name: 'x' },
    });
    expect(saveRunning).toMatchObject({ status: 409, body: { key: 'tpSim.running' } });
    expect(
      (await t.call('POST', '/teen-patti/sims/delete', { token: tools.token, body: { id: big } })).status,
    ).toBe(409);
    const cancelled = await t.call<TpSimRow>('POST', '/teen-patti/sims/cancel', {
      token: tools.token,
      body: { id: big },
    });
    expect(cancelled.body.data.status).toBe('cancelled');
    const done = cancelled.body.data.doneRounds;
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(2_000_000);
    expect((await rounds({ id: big })).body.data.total).toBe(done);
    expect((await get(big)).body.data.summary.rounds).toBe(done);
    const again = await t.call('POST', '/teen-patti/sims/cancel', { token: tools.token, body: { id: big } });
    expect(again).toMatchObject({ status: 409, body: { key: 'tpSim.notRunning' } });
  });

  it('refuses bad run parameters naming the field', async () => {
    const zero = await t.call('POST', '/teen-patti/sims/run', {
      token: tools.token,
      body: { rounds: 10, players: 2, stakes: { player_a: 0, player_b: 0, tie: 0, pair_plus: 0 } },
    });
    expect(zero.status).toBe(400);
    expect(zero.body.params?.field).toBe('stakes');
    const many = await t.call('POST', '/teen-patti/sims/run', {
      token: tools.token,
      body: { rounds: 3_000_000, players: 2, stakes: STAKES },
    });
    expect(many.body).toMatchObject({
      code: -1,
      key: 'validation.integerRange',
      params: { field: 'rounds' },
    });
    const players = await t.call('POST', '/teen-patti/sims/run', {
      token: tools.token,
      body: { rounds: 10, players: 18, stakes: STAKES },
    });
    expect(players.body.params?.field).toBe('players');
  });
});
