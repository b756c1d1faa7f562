import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLogin from '../../client/src/locales/en/login.json';
import enRisk from '../../client/src/locales/en/risk.json';
import zhLogin from '../../client/src/locales/zh/login.json';
import zhRisk from '../../client/src/locales/zh/risk.json';
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
let gateway: Gateway;
let browser: Browser;
let adminToken: string;

/** Signed HTTP ingest of a batch, as a platform sends it. */
async function ingest(events: unknown[]): Promise<void> {
  await signedIngest(gateway.url, SECRET, events);
}

/**
 * `n` rounds on each of three baccarat tables over the last days: eight honest bettors a table, and on
 * BAC-B0 a pair betting opposite sides with stakes within 5 %.
 */
function history(n: number): unknown[] {
  const t0 = Date.now() - n * 30_000 - 3_600_000;
  const out: unknown[] = [];
  let x = 7;
  const rand = () => (x = (x * 48271) % 2147483647) / 2147483647;
  const side = () => (rand() < 0.5 ? 'banker' : 'player');
  for (let i = 0; i < n; i++)
    for (let table = 0; table < 3; table++) {
      const roundId = `bt-${table}-${i}`;
      const ts = t0 + i * 30_000 + table * 1000;
      const common = {
        provider: 1001,
        currency: 'CNY',
        gameId: 1,
        tableId: `BAC-B${table}`,
        shoeId: 'S1',
        roundId,
      };
      const u = rand();
      const winner = u < 0.46 ? 'banker' : u < 0.91 ? 'player' : 'tie';
      const bets: RoundBet[] = [];
      const bet = (account: string, betType: string, amount: number) =>
        bets.push({
          account,
          playerId: 1 + bets.length,
          betType,
          amount,
          transactionId: `${roundId}-${bets.length}`,
        });
      for (let h = 0; h < 8; h++)
        if (rand() < 0.7) bet(`honest${table}-${h}`, side(), 1000 * (1 + Math.floor(rand() * 10)));
      if (table === 0 && rand() < 0.85) {
        const s = side();
        const amount = 5000 * (1 + Math.floor(rand() * 6));
        bet('pairx', s, amount);
        bet('pairy', s === 'banker' ? 'player' : 'banker', Math.round(amount * (0.95 + rand() * 0.1)));
      }
      const result = { winner, playerPair: false, bankerPair: false };
      out.push(
        ...roundEvents(common, ts, ts + 20_000, bets, result, (b) =>
          baccaratPayout(winner, b.betType, b.amount),
        ),
      );
    }
  return out;
}

async function logIn(page: Page, texts = enLogin): Promise<void> {
  await logInAs(page, gateway.url, 'admin', ADMIN_PASSWORD, texts);
}

beforeAll(async () => {
  // No detection while the test runs: the backtest replays with the engine's detector by itself.
  gateway = await startGateway({ DMS_INGEST_SECRET: SECRET, DMS_RISK: 'off' });
  browser = await launchBrowser();
  adminToken = (
    await api<{ token: string }>(gateway.url, 'POST', '/api/user/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    })
  ).data.token;
  const events = history(700);
  for (let i = 0; i < events.length; i += 4000) await ingest(events.slice(i, i + 4000));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

const shots = process.env.E2E_SHOTS;

describe('Risk Setting backtest in the browser', () => {
  it('changes a threshold, runs the backtest, shows its progress, then current and proposed side by side (en)', async () => {
    const context = await newContext(browser);
    await context.addCookies([{ name: 'language', value: 'en', url: gateway.url }]);
    const page = await context.newPage();
    await logIn(page);
    await page.goto(`${gateway.url}/risksetting`);
    const field = page.getByLabel(enRisk.settings.field.levelHigh, { exact: true });
    await field.fill('5');
    await page.getByRole('button', { name: enRisk.backtest.run, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: enRisk.backtest.title });
    // Progress first: rounds replayed out of the window's, with a progress bar.
    const replaying = new RegExp(
      enRisk.backtest.replaying.replace('{{done}}', '[\\d,]+').replace('{{total}}', '[\\d,]+'),
    );
    await expect.poll(() => dialog.innerText(), { timeout: 60_000 }).toMatch(replaying);
    expect(await dialog.getByRole('progressbar').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: enRisk.backtest.cancel }).count()).toBe(1);
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shots}/backtest-progress-en.png` });
    }
    // Then the tables: what each setting flags, and the quality on the injected groups.
    const flagged = dialog.getByRole('table', { name: enRisk.backtest.flagged });
    await flagged.waitFor({ timeout: 120_000 });
    const header = await flagged.locator('thead').innerText();
    expect(header).toContain(enRisk.backtest.current);
    expect(header).toContain(enRisk.backtest.proposed);
    const pairRow = await flagged.locator('tbody tr', { hasText: enRisk.groupKind.pair }).innerText();
    // The history's pair is flagged by both settings: a count above zero in each half of the row.
    const cells = pairRow
      .split('\t')
      .slice(1)
      .map((c) => Number(c.split(' ')[0]));
    expect(cells.slice(0, 3).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(cells.slice(3).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const quality = dialog.getByRole('table', { name: enRisk.backtest.quality });
    const recall = await quality.locator('tr', { hasText: enRisk.backtest.q.recall }).first().innerText();
    expect(recall).toMatch(/\d+\.\d\d%/);
    expect(await dialog.innerText()).toContain(enRisk.backtest.note.precision);
    if (shots) {
      await page.screenshot({ path: `${shots}/backtest-result-en.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shots}/backtest-result-en-390.png` });
    }
    // Nothing was saved: the stored thresholds are still the defaults.
    const stored = await api<{ settings: { levelHigh: number } }>(
      gateway.url,
      'GET',
      '/api/risk/settings',
      undefined,
      adminToken,
    );
    expect(stored.data.settings.levelHigh).toBe(8);
    await dialog.getByRole('button', { name: enRisk.backtest.close, exact: true }).last().click();
    await expect.poll(() => dialog.count(), { timeout: 60_000 }).toBe(0);
    await context.close();
  }, 360_000);

  it('cancels a running backtest (zh, mobile width)', async () => {
    const context = await newContext(browser, 390, 844);
    await context.addCookies([{ name: 'language', value: 'zh', url: gateway.url }]);
    const page = await context.newPage();
    await logIn(page, zhLogin);
    await page.goto(`${gateway.url}/risksetting`);
    await page.getByRole('button', { name: zhRisk.backtest.run, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: zhRisk.backtest.title });
    const cancel = dialog.getByRole('button', { name: zhRisk.backtest.cancel });
    await cancel.waitFor({ timeout: 60_000 });
    if (shots) {
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shots}/backtest-progress-zh-390.png` });
    }
    await cancel.click();
    await expect.poll(() => dialog.innerText(), { timeout: 60_000 }).toContain(zhRisk.backtest.cancelled);
    expect(await dialog.getByRole('table').count()).toBe(0);
    // Closed and run again, it runs to its end and shows both tables.
    await dialog.getByRole('button', { name: zhRisk.backtest.close, exact: true }).last().click();
    await expect.poll(() => dialog.count(), { timeout: 60_000 }).toBe(0);
    await page.getByRole('button', { name: zhRisk.backtest.run, exact: true }).click();
    await dialog.getByRole('table', { name: zhRisk.backtest.quality }).waitFor({ timeout: 120_000 });
    // On a phone each count reads "current → proposed"; the quality table keeps both columns.
    expect(await dialog.getByRole('table', { name: zhRisk.backtest.flagged }).innerText()).toContain('→');
    expect(await dialog.getByRole('table', { name: zhRisk.backtest.quality }).innerText()).toContain(
      zhRisk.backtest.proposed,
    );
    if (shots) {
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${shots}/backtest-result-zh-390.png` });
    }
    await context.close();
  }, 360_000);
});
