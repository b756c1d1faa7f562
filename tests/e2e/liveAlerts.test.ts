import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../../client/src/locales/en/common.json';
import enLogin from '../../client/src/locales/en/login.json';
import {
  logInAs,
  signedIngest,
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
import { ringRounds as rings } from './rounds';

const SECRET = 'e2e-ingest-secret-live-0123456789';
let gateway: Gateway;
let browser: Browser;
let adminToken: string;
const contexts: BrowserContext[] = [];

/** Signed HTTP ingest of a batch, as a platform sends it. */
async function ingest(events: unknown[]): Promise<void> {
  await signedIngest(gateway.url, SECRET, events);
}

/**
 * A ring of three on one table of provider 1001 (as in risk.test.ts): the first account stakes one side,
 * the two others split the other 60/40, beside two honest players. `tag` keeps ids, accounts and the
 * table apart between rings.
 */
function ringRounds(tag: string, n: number, firstPlayerId: number): unknown[] {
  return rings({
    table: `BAC-${tag}`,
    shoe: 'S1',
    roundPrefix: tag,
    accounts: [`${tag}a`, `${tag}b`, `${tag}c`, `${tag}h1`, `${tag}h2`],
    playerIds: [firstPlayerId, firstPlayerId + 1, firstPlayerId + 2, firstPlayerId + 3, firstPlayerId + 4],
    n,
    seed: tag.length * 7919 + 42,
  });
}

type AlertItem = { id: number; state: string; kind: string };

/** The alerts an account sees (`GET /risk/alerts`), newest first. */
async function alertsOf(token: string, state?: string): Promise<{ total: number; items: AlertItem[] }> {
  const query = `?size=500${state ? `&state=${state}` : ''}`;
  return (
    await api<{ total: number; items: AlertItem[] }>(
      gateway.url,
      'GET',
      `/api/risk/alerts${query}`,
      undefined,
      token,
    )
  ).data;
}

/** Waits until the alerts stop changing for a while (the risk runner has read everything). */
async function settledAlerts(token: string): Promise<{ total: number; items: AlertItem[] }> {
  let last = -1;
  let page = await alertsOf(token);
  for (let stable = 0; stable < 4;) {
    page = await alertsOf(token);
    stable = page.total === last ? stable + 1 : 0;
    last = page.total;
    await new Promise((r) => setTimeout(r, 500));
  }
  return page;
}

async function createStaff(account: string, codes: string[]): Promise<void> {
  const role = await api<{ id: number }>(
    gateway.url,
    'POST',
    '/api/permission/role/create',
    { name: `Role ${account}`, permission: codes },
    adminToken,
  );
  const made = await api(
    gateway.url,
    'POST',
    '/api/permission/staff/create',
    {
      account,
      password: `${account}-pass`,
      nickname: account,
      roleId: role.data.id,
      providers: [1001],
      currencies: ['CNY'],
    },
    adminToken,
  );
  expect(made.code).toBe(0);
}

/** Signs `account` in (en), with the live channel routed through `link` so the test can cut it. */
async function signIn(account: string, link?: { blocked: boolean }): Promise<{ page: Page; token: string }> {
  const context = await newContext(browser);
  contexts.push(context);
  await context.addCookies([{ name: 'language', value: 'en', url: gateway.url }]);
  const page = await context.newPage();
  if (link) {
    // Both transports of socket.io: WebSocket, and the long-polling it falls back to.
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (link.blocked) void ws.close();
      else ws.connectToServer();
    });
    await page.route('**/socket.io/**', (route) => (link.blocked ? route.abort() : route.continue()));
  }
  await logInAs(page, gateway.url, account, `${account}-pass`, enLogin);
  const token = (await context.cookies(gateway.url)).find((c) => c.name === 'Admin-Token')!.value;
  return { page, token };
}

const badge = (page: Page, count: number) =>
  page.getByRole('button', { name: enCommon.alerts.badge.replace('{{count}}', String(count)) });

/** Ids of the alerts toasted on the page so far. */
const toastedIds = (page: Page) =>
  page
    .locator('.bp6-toast [data-alert-id]')
    .evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-alert-id'))));

/** Waits until the live channel is connected (the navbar's indicator). */
const connected = (page: Page) =>
  page.locator('.dms-live[data-state="connected"]').waitFor({ timeout: 60_000 });

beforeAll(async () => {
  gateway = await startGateway({ DMS_INGEST_SECRET: SECRET });
  browser = await launchBrowser();
  adminToken = (
    await api<{ token: string }>(gateway.url, 'POST', '/api/user/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    })
  ).data.token;
  await createStaff('monitor1', ['3000']);
  await createStaff('risk1', ['8000']);
  await createStaff('profit1', ['12000']);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await gateway?.stop();
});

describe('alerts as they happen', () => {
  const link = { blocked: false };
  let monitor: { page: Page; token: string };

  it('toasts a detected ring and raises the top-bar count for 3000 and 8000, and shows nothing to others', async () => {
    monitor = await signIn('monitor1', link);
    const risk = await signIn('risk1');
    const profit = await signIn('profit1');
    for (const p of [monitor.page, risk.page]) {
      await badge(p, 0).waitFor({ timeout: 60_000 });
      await connected(p);
    }
    await connected(profit.page);
    expect(await profit.page.locator('.dms-alert-badge').count()).toBe(0);

    await ingest(ringRounds('e2ering', 60, 1));
    for (const { page, token } of [monitor, risk]) {
      await expect.poll(() => toastedIds(page), { timeout: 60_000 }).not.toEqual([]);
      const toast = page.locator('.bp6-toast', { has: page.locator('[data-alert-id]') }).first();
      expect(await toast.innerText()).toContain(enCommon.alerts.new);
      expect(await toast.getByRole('button', { name: enCommon.alerts.openCentre }).getAttribute('href')).toBe(
        '/risk/alerts',
      );
      const open = (await settledAlerts(token)).items.filter((a) => a.state === 'open').length;
      expect(open).toBeGreaterThan(0);
      await badge(page, open).waitFor({ timeout: 60_000 });
    }
    // The account without 3000 or 8000: no toast, no badge (and the API refuses it the alerts).
    expect(await profit.page.locator('.bp6-toast').count()).toBe(0);
    expect(await profit.page.locator('.dms-alert-badge').count()).toBe(0);
    expect((await api(gateway.url, 'GET', '/api/risk/alerts', undefined, profit.token)).status).toBe(403);

    // The badge opens the alert centre.
    await badge(monitor.page, (await alertsOf(monitor.token, 'open')).total).click();
    await monitor.page.waitForURL(/\/risk\/alerts$/);
  });

  it('after a gateway restart, shows an alert raised while it was away', async () => {
    const before = await settledAlerts(monitor.token);
    const seen = new Set(before.items.map((a) => a.id));
    // The browser loses the gateway, which restarts; the ring below is detected before the browser is back.
    link.blocked = true;
    await gateway.restart();
    await expect
      .poll(() => monitor.page.locator('.dms-live').getAttribute('data-state'), { timeout: 60_000 })
      .not.toBe('connected');
    await ingest(ringRounds('e2eback', 60, 101));
    const after = await settledAlerts(monitor.token);
    const missed = after.items.filter((a) => !seen.has(a.id)).map((a) => a.id);
    expect(missed.length).toBeGreaterThan(0);
    expect((await toastedIds(monitor.page)).filter((id) => missed.includes(id))).toEqual([]);

    // Back: the client resumes from the last seq it saw and is sent what it missed.
    link.blocked = false;
    await connected(monitor.page);
    await expect
      .poll(async () => (await toastedIds(monitor.page)).filter((id) => missed.includes(id)).length, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    const open = after.items.filter((a) => a.state === 'open').length;
    await badge(monitor.page, open).waitFor({ timeout: 60_000 });
    // And the alert centre on screen shows them without a reload.
    const firstRow = monitor.page.locator('tbody tr').first();
    await expect
      .poll(() => firstRow.locator('td').first().innerText(), { timeout: 60_000 })
      .toBe(String(Math.max(...missed)));
  });
});
