import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLogin from '../../client/src/locales/en/login.json';
import enMonitor from '../../client/src/locales/en/monitor.json';
import enRisk from '../../client/src/locales/en/risk.json';
import enRoute from '../../client/src/locales/en/route.json';
import zhLogin from '../../client/src/locales/zh/login.json';
import zhMonitor from '../../client/src/locales/zh/monitor.json';
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
import { baccaratPayout, roundEvents, type RoundBet } from './rounds';

const SECRET = 'e2e-ingest-secret-0123456789';
const TABLE = 'BAC-E2E-M';
/** Where the screenshots of the console and wall variants are written (looked at by hand). */
const SHOTS = process.env.DMS_SCREENSHOTS ?? join(tmpdir(), 'dms-monitor-screens');
let gateway: Gateway;
let browser: Browser;
let adminToken: string;

/** Signed HTTP ingest of a batch, as a platform sends it. */
async function ingest(events: unknown[]): Promise<void> {
  await signedIngest(gateway.url, SECRET, events);
}

/**
 * Rounds `from`…`to - 1` of one table, every 5 s of event time ending now (so the live channel pushes them):
 * a ring of three (`ringa` on one side, `ringb` and `ringc` splitting the other 60/40) beside two honest
 * players, the result at random, pairs now and then.
 */
function rounds(t0: number, from: number, to: number): unknown[] {
  const out: unknown[] = [];
  let x = 4242 + from;
  const rand = () => (x = (x * 48271) % 2147483647) / 2147483647;
  for (let i = from; i < to; i++) {
    const roundId = `mon-r${i}`;
    const ts = t0 + i * 5_000;
    const common = { provider: 1001, currency: 'CNY', gameId: 1, tableId: TABLE, shoeId: 'S1', roundId };
    const side = rand() < 0.5 ? 'banker' : 'player';
    const other = side === 'banker' ? 'player' : 'banker';
    const total = 10_000 * (1 + Math.floor(rand() * 5));
    const u = rand();
    const winner = u < 0.46 ? 'banker' : u < 0.91 ? 'player' : 'tie';
    const bets: RoundBet[] = [
      { account: 'ringa', playerId: 1, betType: side, amount: total },
      { account: 'ringb', playerId: 2, betType: other, amount: Math.round(total * 0.6) },
      { account: 'ringc', playerId: 3, betType: other, amount: Math.round(total * 0.4) },
      {
        account: 'honest1',
        playerId: 4,
        betType: rand() < 0.5 ? 'banker' : 'player',
        amount: 5_000 * (1 + Math.floor(rand() * 3)),
      },
      {
        account: 'honest2',
        playerId: 5,
        betType: rand() < 0.8 ? 'tie' : 'player',
        amount: 2_000 * (1 + Math.floor(rand() * 3)),
      },
    ];
    const result = { winner, playerPair: rand() < 0.1, bankerPair: rand() < 0.1 };
    out.push(
      ...roundEvents(common, ts, ts + 4_000, bets, result, (bet) =>
        baccaratPayout(winner, bet.betType, bet.amount),
      ),
    );
  }
  return out;
}

async function logIn(page: Page, account: string, password: string, texts = enLogin): Promise<void> {
  await logInAs(page, gateway.url, account, password, texts);
}

const ROUNDS = 60;
/** Event time of the first round (the rounds end about when the first test starts). */
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
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

describe('baccarat monitor against a gateway fed by the signed ingest', () => {
  it('fills the live table as rounds arrive, highlights and lists the injected ring, opens its evidence (en)', async () => {
    const context = await newContext(browser);
    await context.addCookies([{ name: 'language', value: 'en', url: gateway.url }]);
    const page = await context.newPage();
    await logIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${gateway.url}/bjlmonitor/bjlmonitor`);
    await page.locator('.dms-monitor').waitFor();
    // Nothing yet: no table.
    await page.getByText(enMonitor.tables.empty).waitFor();

    const card = page.locator(`.dms-table[data-table="${TABLE}"]`);
    t0 = Date.now() - ROUNDS * 5_000;
    // The rounds arrive while the page is open, ten at a time: the table fills live, bead by bead.
    for (let i = 0; i < ROUNDS; i += 10) {
      await ingest(rounds(t0, i, i + 10));
      await expect.poll(() => card.locator('.dms-bead__cell').count(), { timeout: 60_000 }).toBe(i + 10);
    }
    // The last round's stakes and its players, seen live.
    const cardText = await card.innerText();
    expect(cardText).toContain(enMonitor.table.lastRound.replace('{{id}}', `mon-r${ROUNDS - 1}`));
    expect(cardText).toContain(enMonitor.table.players.replace('{{count}}', '5'));

    // The risk engine finds the ring: it is listed with its three members …
    const ringRow = page.locator('.dms-monitor__group-table tbody tr', { hasText: enRisk.groupKind.ring });
    await expect.poll(() => ringRow.count(), { timeout: 60_000 }).toBe(1);
    const rowText = await ringRow.innerText();
    for (const m of ['ringa', 'ringb', 'ringc']) expect(rowText).toContain(m);
    expect(rowText).not.toContain('honest');
    // … and highlighted on the table card, its members marked as betting on the round.
    await expect.poll(() => card.getAttribute('class'), { timeout: 60_000 }).toContain('is-flagged');
    const highlight = card.locator('.dms-table__crossbets');
    expect(await highlight.innerText()).toContain(enRisk.groupKind.ring);
    expect(await highlight.locator('.dms-table__member.is-present').allInnerTexts()).toEqual([
      'ringa',
      'ringb',
      'ringc',
    ]);
    // Some beads are ringed as evidence, and the chart has drawn.
    await expect
      .poll(() => card.locator('.dms-bead__cell.is-flagged').count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await page.locator('.dms-monitor__chart canvas').waitFor();

    // One click opens the ring's evidence rounds.
    await ringRow.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('section').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await dialog.locator('section').first().innerText()).toContain('ringb');
    await page.screenshot({ path: join(SHOTS, 'monitor-en-evidence.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.screenshot({ path: join(SHOTS, 'monitor-en-console.png'), fullPage: true });

    // The wall-screen variant: dark, every panel with its freshness, nothing to click in it.
    await page.getByRole('button', { name: enMonitor.wall.enter }).click();
    const wall = page.locator('.dms-monitor.is-wall');
    await wall.waitFor();
    expect(await wall.locator('[data-freshness]').count()).toBeGreaterThanOrEqual(4);
    expect(await wall.locator('button, input, select').count()).toBe(0);
    expect(await wall.locator(`.dms-table[data-table="${TABLE}"].is-flagged`).count()).toBe(1);
    // Its chart drawn off the page's thread, by the worker it handed its canvas to.
    await wall.locator('.dms-monitor__chart canvas[data-draws]').waitFor();
    await page.screenshot({ path: join(SHOTS, 'monitor-en-wall.png') });
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('replays the period faster than real time under a replay banner, then returns to live (zh)', async () => {
    const context = await newContext(browser);
    await context.addCookies([{ name: 'language', value: 'zh', url: gateway.url }]);
    const page = await context.newPage();
    await logIn(page, 'admin', ADMIN_PASSWORD, zhLogin);
    await page.goto(`${gateway.url}/bjlmonitor/bjlmonitor`);
    const card = page.locator(`.dms-table[data-table="${TABLE}"]`);
    await expect.poll(() => card.locator('.dms-bead__cell').count(), { timeout: 60_000 }).toBe(ROUNDS);
    // The last hour at ×600: five minutes of rounds play in well under a minute.
    await page.getByRole('combobox', { name: zhMonitor.replay.speed }).selectOption('600');
    await page.getByRole('button', { name: zhMonitor.replay.play }).click();
    const banner = page.locator('.dms-monitor__replay-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('×600');
    await expect.poll(() => banner.getAttribute('data-replay'), { timeout: 60_000 }).toBe('finished');
    expect(await card.locator('.dms-bead__cell').count()).toBe(ROUNDS);
    expect(await card.locator('.dms-bead__cell.is-flagged').count()).toBeGreaterThan(0);
    expect(await banner.innerText()).toContain(zhMonitor.replay.finished);
    await page.screenshot({ path: join(SHOTS, 'monitor-zh-replay.png') });
    await page.getByRole('button', { name: zhMonitor.replay.stop }).click();
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => card.locator('.dms-bead__cell').count(), { timeout: 60_000 }).toBe(ROUNDS);
    await context.close();
  });

  it('lays the console and the wall screen out on a 390 px phone (zh)', async () => {
    const context = await newContext(browser, 390, 844);
    await context.addCookies([{ name: 'language', value: 'zh', url: gateway.url }]);
    const page = await context.newPage();
    await logIn(page, 'admin', ADMIN_PASSWORD, zhLogin);
    await page.goto(`${gateway.url}/bjlmonitor/bjlmonitor`);
    const card = page.locator(`.dms-table[data-table="${TABLE}"]`);
    await expect.poll(() => card.locator('.dms-bead__cell').count(), { timeout: 60_000 }).toBe(ROUNDS);
    // Two more rounds while it is open: their bets show the ring on the table again.
    await ingest(rounds(t0, ROUNDS, ROUNDS + 2));
    await expect.poll(() => card.locator('.dms-bead__cell').count(), { timeout: 60_000 }).toBe(ROUNDS + 2);
    await page.locator('.dms-table.is-flagged').waitFor({ timeout: 60_000 });
    // Nothing wider than the phone: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('.dms-monitor__chart canvas').waitFor();
    await page.screenshot({ path: join(SHOTS, 'monitor-zh-390-console.png'), fullPage: true });
    await page.getByRole('button', { name: zhMonitor.wall.enter }).click();
    await page.locator('.dms-monitor.is-wall .dms-monitor__chart canvas[data-draws]').waitFor();
    await page.screenshot({ path: join(SHOTS, 'monitor-zh-390-wall.png') });
    await page.locator('.dms-mon-page__wall').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.screenshot({ path: join(SHOTS, 'monitor-zh-390-wall-end.png') });
    await context.close();
  });

  it('refuses the page, the menu entry and the calls to an account without 3000', async () => {
    const role = await api<{ id: number }>(
      gateway.url,
      'POST',
      '/api/permission/role/create',
      { name: 'Profit only', permission: ['12000'] },
      adminToken,
    );
    await api(
      gateway.url,
      'POST',
      '/api/permission/staff/create',
      {
        account: 'profit2',
        password: 'profit-pass-2',
        nickname: 'Profit',
        roleId: role.data.id,
        providers: [1001],
        currencies: ['CNY'],
      },
      adminToken,
    );
    const context = await newContext(browser);
    await context.addCookies([{ name: 'language', value: 'en', url: gateway.url }]);
    const page = await context.newPage();
    await logIn(page, 'profit2', 'profit-pass-2');
    expect(await page.locator('.dms-menu__title').allInnerTexts()).not.toContain(enRoute.bjlMonitor);
    await page.goto(`${gateway.url}/bjlmonitor/bjlmonitor`);
    await page.waitForURL(/\/homepage$/);
    expect(await page.locator('.dms-monitor').count()).toBe(0);
    const token = (await context.cookies(gateway.url)).find((c) => c.name === 'Admin-Token')!.value;
    for (const path of ['/api/live/tables?gameId=1', '/api/live/replay?from=1764000000000&to=1764003600000'])
      expect((await api(gateway.url, 'GET', path, undefined, token)).status).toBe(403);
    await context.close();
  });
});
