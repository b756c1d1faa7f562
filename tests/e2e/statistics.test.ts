import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLogin from '../../client/src/locales/en/login.json';
import enStats from '../../client/src/locales/en/statistics.json';
import enCommon from '../../client/src/locales/en/common.json';
import {
  ADMIN_PASSWORD,
  api,
  launchBrowser,
  newContext,
  startGateway,
  type Browser,
  type BrowserContext,
  type Gateway,
  type Page,
} from './harness';

let gateway: Gateway;
let browser: Browser;

/** Waits until the simulator has written its (short) history and plays live. */
async function waitForLiveFeed(): Promise<void> {
  const login = await api<{ token: string }>(gateway.url, 'POST', '/api/user/login', {
    username: 'admin',
    password: ADMIN_PASSWORD,
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const status = await api<{ state: string }>(gateway.url, 'GET', '/api/feed/status', undefined, login.data.token);
    if (status.data.state === 'live') return;
    if (Date.now() > deadline) throw new Error(`feed still ${status.data.state}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  gateway = await startGateway({ DMS_FEED: 'sim', DMS_SIM_HISTORY_DAYS: '3', DMS_SIM_PLAYERS: '80', DMS_SIM_SEED: 'e2e' });
  await waitForLiveFeed();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  await context.addCookies([{ name: 'language', value: 'en', url: gateway.url }]);
  const page = await context.newPage();
  await page.goto(`${gateway.url}/login`);
  await page.getByPlaceholder(enLogin.usernamePlaceholder).fill('admin');
  await page.getByPlaceholder(enLogin.passwordPlaceholder).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: enLogin.submit }).click();
  await page.waitForURL(/\/homepage$/);
  return { context, page };
}

describe('statistics in Chromium', () => {
  it('draws the home workbench from the simulated history, charts included', async () => {
    const { context, page } = await signedIn();
    await page.getByText(enStats.summary.title).first().waitFor();
    await page.locator('canvas').first().waitFor();
    expect(await page.getByText(enCommon.panelError.title).count()).toBe(0);
    await context.close();
  });

  it('compares two ranges on Company Profit with its charts', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${gateway.url}/company-profit`);
    await page.getByText(enStats.summary.turnover, { exact: true }).first().waitFor();
    await page.locator('canvas').first().waitFor();
    expect(await page.getByText(enCommon.panelError.title).count()).toBe(0);
    await context.close();
  });
});
