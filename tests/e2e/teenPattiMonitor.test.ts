import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleTeenPattiBet, teenPattiResult } from '../../shared/src/games/settlement';
import { newDeck } from '../../shared/src/games/cards';
import type { TeenPattiBetType } from '../../shared/src/domain/games';
import enLogin from '../../client/src/locales/en/login.json';
import enRoute from '../../client/src/locales/en/route.json';
import enTp from '../../client/src/locales/en/tpMonitor.json';
import enWall from '../../client/src/locales/en/wall.json';
import zhLogin from '../../client/src/locales/zh/login.json';
import zhTp from '../../client/src/locales/zh/tpMonitor.json';
import {
  logInAs,
  signedIngest,
  ADMIN_PASSWORD,
  api,
  launchBrowser,
  newContext,
  startGateway,
  type Browser,
  type Gateway,
  type Page,
} from './harness';
import { roundEvents, type RoundBet } from './rounds';

const SECRET = 'e2e-tp-ingest-secret-0123456';
const TABLES = ['TP-E2E-1', 'TP-E2E-2'];
/** Where the screenshots are written (looked at by hand). */
const SHOTS = process.env.DMS_SCREENSHOTS ?? join(tmpdir(), 'dms-tp-monitor-screens');
let gateway: Gateway;
let browser: Browser;
let adminToken: string;

/** Signed HTTP ingest of a batch, as a platform sends it. */
async function ingest(events: unknown[]): Promise<void> {
  await signedIngest(gateway.url, SECRET, events);
  for (const e of events as { type: string; roundId: string }[])
    if (e.type === 'round.settled') settled.add(e.roundId);
}

/** The result of every round generated, and the rounds whose settlement was ingested. */
const results = new Map<string, { categoryA: number; categoryB: number }>();
const settled = new Set<string>();

/**
 * Teen Patti rounds `from`…`to - 1` on the two tables, every 5 s of event time ending now: hands dealt from a
 * shuffled deck and evaluated by the shared rules (the `result` the simulator sends), two players crossing
 * hand A against hand B, a Pair Plus and a Tie player; payouts settled by the shared rules.
 */
function rounds(t0: number, from: number, to: number): unknown[] {
  const out: unknown[] = [];
  let x = 777 + from;
  const rand = () => (x = (x * 48271) % 2147483647) / 2147483647;
  for (let i = from; i < to; i++) {
    const tableId = TABLES[i % 2] as string;
    const roundId = `tp-r${i}`;
    const ts = t0 + i * 5_000;
    const common = { provider: 1001, currency: 'CNY', gameId: 2, tableId, shoeId: 'D1', roundId };
    const deck = newDeck();
    for (let k = deck.length - 1; k > 0; k--) {
      const j = Math.floor(rand() * (k + 1));
      [deck[k], deck[j]] = [deck[j] as number, deck[k] as number];
    }
    const result = teenPattiResult(deck.slice(0, 3), deck.slice(3, 6));
    results.set(roundId, result);
    const stake = 10_000 * (1 + Math.floor(rand() * 5));
    const bets: (RoundBet & { betType: TeenPattiBetType })[] = [
      { account: 'tpx', playerId: 1, betType: 'player_a', amount: stake },
      { account: 'tpy', playerId: 2, betType: 'player_b', amount: stake },
      { account: 'tpz', playerId: 3, betType: 'pair_plus', amount: 2_000 },
      { account: 'tpw', playerId: 4, betType: 'tie', amount: 500 },
    ];
    out.push(
      ...roundEvents(common, ts, ts + 4_000, bets, result, (bet) =>
        settleTeenPattiBet(bet.betType as TeenPattiBetType, bet.amount, result),
      ),
    );
  }
  return out;
}

async function logIn(page: Page, account: string, password: string, texts = enLogin): Promise<void> {
  await logInAs(page, gateway.url, account, password, texts);
}

/** The hands the page shows per category (the distribution table's "seen" column). */
async function seenByCategory(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const out: Record<string, number> = {};
    for (const row of document.querySelectorAll<HTMLElement>('.dms-tpm__dist tbody tr'))
      out[row.dataset.category as string] = Number(
        (row.querySelector('td')?.textContent ?? '').replace(/[^\d]/g, ''),
      );
    return out;
  });
}

/** Hands dealt in the settled rounds (both hands of each), by category: what the monitor must show. */
const expectedSeen = () => {
  const out: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 };
  for (const id of settled) {
    const r = results.get(id) as { categoryA: number; categoryB: number };
    out[String(r.categoryA)] = (out[String(r.categoryA)] ?? 0) + 1;
    out[String(r.categoryB)] = (out[String(r.categoryB)] ?? 0) + 1;
  }
  return out;
};

const ROUNDS = 40;
let t0 = 0;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  gateway = await startGateway({ DMS_INGEST_SECRET: SECRET });
  browser = await launchBrowser();
  adminToken = (
    await api<{ token: string }>(gateway.url, 'POST', '/api/user/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    })
  ).data.token;
  t0 = Date.now() - (ROUNDS + 10) * 5_000;
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

describe('Teen Patti monitor against a gateway fed by the signed ingest', () => {
  it('fills the tables, the rounds chart, the distribution and the players live (en), then the wall view', async () => {
    const context = await newContext(browser);
    await context.addCookies([{ name: 'language', value: 'en', url: gateway.url }]);
    const page = await context.newPage();
    await logIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${gateway.url}/teenPatti/teenPatti`);
    await page.locator('.dms-tpm').waitFor();
    await page.getByText(enTp.tables.empty).waitFor();

    for (let i = 0; i < ROUNDS; i += 10) {
      await ingest(rounds(t0, i, i + 10));
      await expect.poll(() => seenByCategory(page), { timeout: 60_000 }).toEqual(expectedSeen());
    }
    for (const table of TABLES) await page.locator(`.dms-tpm__table[data-table="${table}"]`).waitFor();
    expect(await page.getByTestId('tp-hands').innerText()).toContain(String(ROUNDS * 2));
    // Players settled from their bets: tpw bets Tie every round; the chart has drawn.
    const tpx = page.locator('tr[data-player="tpx"]');
    await tpx.waitFor();
    expect(await tpx.locator('td').first().innerText()).toBe(String(ROUNDS));
    await page.locator('.dms-tpm__chart canvas').waitFor();
    expect(await page.locator('.dms-tpm__wins li').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'tp-monitor-en-console.png'), fullPage: true });

    // A round in play shows its stakes before it settles.
    const live = rounds(t0, ROUNDS, ROUNDS + 1) as { type: string }[];
    await ingest(live.filter((e) => e.type !== 'round.settled'));
    const card = page.locator(`.dms-tpm__table[data-table="${TABLES[ROUNDS % 2]}"]`);
    await expect
      .poll(() => card.innerText(), { timeout: 60_000 })
      .toContain(enTp.table.round.replace('{{id}}', `tp-r${ROUNDS}`));
    expect(await card.innerText()).toContain(enTp.table.players.replace('{{n}}', '4'));

    await page.getByRole('button', { name: enTp.wall.enter }).click();
    const wall = page.locator('.dms-tpm.is-wall');
    await wall.waitFor();
    expect(await wall.locator('[data-freshness]').count()).toBe(6);
    expect(await wall.locator('button, input, select').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'tp-monitor-en-wall.png') });
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('shows the same distribution after a reload, in Chinese, and lays out on a 390 px phone (zh)', async () => {
    const context = await newContext(browser, 390, 844);
    await context.addCookies([{ name: 'language', value: 'zh', url: gateway.url }]);
    const page = await context.newPage();
    await logIn(page, 'admin', ADMIN_PASSWORD, zhLogin);
    await page.goto(`${gateway.url}/teenPatti/teenPatti`);
    await page.getByRole('heading', { name: zhTp.dist.title }).waitFor();
    // The starting picture (`/live/tables?gameId=2`) holds the settled rounds: the same distribution.
    await page.locator('.dms-tpm__table').first().waitFor();
    await expect.poll(() => seenByCategory(page), { timeout: 60_000 }).toEqual(expectedSeen());
    // The round in play settles, five more are dealt live.
    await ingest(
      (rounds(t0, ROUNDS, ROUNDS + 6) as { type: string; roundId: string }[]).filter(
        (e) => e.roundId !== `tp-r${ROUNDS}` || e.type === 'round.settled',
      ),
    );
    await expect.poll(() => seenByCategory(page), { timeout: 60_000 }).toEqual(expectedSeen());
    expect(Object.values(expectedSeen()).reduce((a, b) => a + b, 0)).toBe((ROUNDS + 6) * 2);
    expect(await page.getByText(zhTp.side.pair_plus).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The chart is drawn on a phone too (its ECharts is loaded when it mounts).
    await page.locator('.dms-tpm__chart canvas').waitFor();
    await page.screenshot({ path: join(SHOTS, 'tp-monitor-zh-390.png'), fullPage: true });
    await context.close();

    const wide = await newContext(browser);
    await wide.addCookies([{ name: 'language', value: 'zh', url: gateway.url }]);
    const desk = await wide.newPage();
    await logIn(desk, 'admin', ADMIN_PASSWORD, zhLogin);
    await desk.goto(`${gateway.url}/teenPatti/teenPatti`);
    await desk.locator('.dms-tpm__table').first().waitFor();
    await desk.locator('.dms-tpm__chart canvas').waitFor();
    await desk.screenshot({ path: join(SHOTS, 'tp-monitor-zh-console.png'), fullPage: true });
    await desk.getByRole('button', { name: zhTp.wall.enter }).click();
    await desk.locator('.dms-tpm.is-wall .dms-tpm__chart canvas[data-draws]').waitFor();
    await desk.screenshot({ path: join(SHOTS, 'tp-monitor-zh-wall.png') });
    await wide.close();
  });

  it('shows its wall variant on a paired wall screen holding 11001 (/wall/teenpatti)', async () => {
    await api(
      gateway.url,
      'POST',
      '/api/permission/role/create',
      { name: 'TP wall', permission: ['11000', '11001'] },
      adminToken,
    );
    const wallContext = await newContext(browser, 1920, 1080);
    const wall = await wallContext.newPage();
    await wall.goto(`${gateway.url}/wall/teenpatti?lang=en`);
    const codeBox = wall.getByTestId('wall-pairing-code');
    await codeBox.waitFor({ timeout: 60_000 });
    const code = (await codeBox.innerText()).trim();

    const adminContext = await newContext(browser);
    await adminContext.addCookies([{ name: 'language', value: 'en', url: gateway.url }]);
    const admin = await adminContext.newPage();
    await logIn(admin, 'admin', ADMIN_PASSWORD);
    await admin.goto(`${gateway.url}/permission/display?code=${encodeURIComponent(code)}`);
    const dialog = admin.getByRole('dialog');
    await dialog.getByTestId('wall-pending').waitFor({ timeout: 60_000 });
    await dialog.getByLabel(enWall.console.name).fill('TP wall');
    await dialog.getByLabel(enWall.console.role).selectOption({ label: 'TP wall' });
    await dialog.getByRole('button', { name: enWall.console.approve }).click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });

    // The monitor's wall variant, on the display token: the tables and the distribution from the gateway …
    const monitor = wall.locator('.dms-tpm.is-wall');
    await monitor.waitFor({ timeout: 60_000 });
    await monitor.locator(`.dms-tpm__table[data-table="${TABLES[0]}"]`).waitFor({ timeout: 60_000 });
    await expect.poll(() => seenByCategory(wall), { timeout: 60_000 }).toEqual(expectedSeen());
    // … then live on the wall's own socket.
    const next = ROUNDS + 6;
    await ingest(rounds(t0, next, next + 2));
    await expect.poll(() => seenByCategory(wall), { timeout: 60_000 }).toEqual(expectedSeen());
    await wall.locator('.dms-tpm__chart canvas[data-draws]').waitFor();
    await wall.screenshot({ path: join(SHOTS, 'tp-monitor-en-wall-screen-1920.png') });
    await adminContext.close();
    await wallContext.close();
  });

  it('refuses the page, the menu entry and the calls to an account without 11001', async () => {
    const role = await api<{ id: number }>(
      gateway.url,
      'POST',
      '/api/permission/role/create',
      { name: 'Baccarat only', permission: ['3000'] },
      adminToken,
    );
    await api(
      gateway.url,
      'POST',
      '/api/permission/staff/create',
      {
        account: 'bjlonly',
        password: 'bjl-only-pass-1',
        nickname: 'Bac',
        roleId: role.data.id,
        providers: [1001],
        currencies: ['CNY'],
      },
      adminToken,
    );
    const context = await newContext(browser);
    await context.addCookies([{ name: 'language', value: 'en', url: gateway.url }]);
    const page = await context.newPage();
    await logIn(page, 'bjlonly', 'bjl-only-pass-1');
    expect(await page.locator('.dms-menu__title').allInnerTexts()).not.toContain(enRoute.teenPatti);
    await page.goto(`${gateway.url}/teenPatti/teenPatti`);
    await page.waitForURL(/\/homepage$/);
    expect(await page.locator('.dms-tpm').count()).toBe(0);
    const token = (await context.cookies(gateway.url)).find((c) => c.name === 'Admin-Token')!.value;
    expect((await api(gateway.url, 'GET', '/api/live/tables?gameId=2', undefined, token)).status).toBe(403);
    await context.close();
  });
});
