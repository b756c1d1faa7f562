import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLogin from '../../client/src/locales/en/login.json';
import enRisk from '../../client/src/locales/en/risk.json';
import enRoute from '../../client/src/locales/en/route.json';
import zhLogin from '../../client/src/locales/zh/login.json';
import zhRisk from '../../client/src/locales/zh/risk.json';
import {
  ADMIN_PASSWORD,
  api,
  launchBrowser,
  newContext,
  startGateway,
  type Browser,
  type Gateway,
  type Page,
} from './harness';

const SECRET = 'e2e-ingest-secret-0123456789';
let gateway: Gateway;
let browser: Browser;

/** Signed HTTP ingest of a batch, as a platform sends it. */
async function ingest(events: unknown[]): Promise<void> {
  const body = JSON.stringify({ events });
  const ts = Date.now();
  const sig = `sha256=${createHmac('sha256', SECRET).update(`${ts}.`).update(body).digest('hex')}`;
  const r = await fetch(`${gateway.url}/api/ingest/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-dms-signature': sig, 'x-dms-timestamp': String(ts) },
    body,
  });
  expect(r.status).toBe(200);
}

/**
 * A ring of three on one table: `ringa` stakes one side, `ringb` and `ringc` split the other (60/40), sides
 * swapped now and then; two honest players bet at random beside them.
 */
function ringRounds(n: number): unknown[] {
  const t0 = Date.now() - n * 30_000;
  const out: unknown[] = [];
  let x = 42;
  const rand = () => (x = (x * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < n; i++) {
    const roundId = `e2e-r${i}`;
    const ts = t0 + i * 30_000;
    const common = { provider: 1001, currency: 'CNY', gameId: 1, tableId: 'BAC-E2E', shoeId: 'S1', roundId };
    const side = rand() < 0.5 ? 'banker' : 'player';
    const other = side === 'banker' ? 'player' : 'banker';
    const total = 10_000 * (1 + Math.floor(rand() * 5));
    const u = rand();
    const winner = u < 0.46 ? 'banker' : u < 0.91 ? 'player' : 'tie';
    const bets: [string, number, string, number][] = [
      ['ringa', 1, side, total],
      ['ringb', 2, other, Math.round(total * 0.6)],
      ['ringc', 3, other, Math.round(total * 0.4)],
      ['honest1', 4, rand() < 0.5 ? 'banker' : 'player', 5_000 * (1 + Math.floor(rand() * 3))],
      ['honest2', 5, rand() < 0.5 ? 'banker' : 'player', 2_000 * (1 + Math.floor(rand() * 3))],
    ];
    out.push({ type: 'round.started', id: `rs-${roundId}`, ts, ...common });
    for (const [account, playerId, betType, amount] of bets)
      out.push({
        type: 'bet.placed',
        id: `${roundId}-${account}`,
        transactionId: `${roundId}-${account}`,
        ts: ts + 1000,
        playerId,
        account,
        betType,
        amount,
        ...common,
      });
    const payout = (betType: string, amount: number) =>
      winner === 'tie'
        ? amount
        : betType !== winner
          ? 0
          : betType === 'banker'
            ? Math.round(amount * 1.95)
            : amount * 2;
    out.push({
      type: 'round.settled',
      id: `st-${roundId}`,
      ts: ts + 20_000,
      ...common,
      result: { winner, playerPair: false, bankerPair: false },
      payouts: bets.map(([account, playerId, betType, amount]) => ({
        transactionId: `${roundId}-${account}`,
        playerId,
        payout: payout(betType, amount),
      })),
    });
  }
  return out;
}

async function logIn(page: Page, account: string, password: string, texts = enLogin): Promise<void> {
  await page.goto(`${gateway.url}/login`);
  await page.getByPlaceholder(texts.usernamePlaceholder).fill(account);
  await page.getByPlaceholder(texts.passwordPlaceholder).fill(password);
  await page.getByRole('button', { name: texts.submit }).click();
  await page.waitForURL(/\/homepage$/);
}

let adminToken: string;

beforeAll(async () => {
  gateway = await startGateway({ DMS_INGEST_SECRET: SECRET });
  browser = await launchBrowser();
  adminToken = (
    await api<{ token: string }>(gateway.url, 'POST', '/api/user/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    })
  ).data.token;
  await ingest(ringRounds(60));
  // The risk runner reads the committed rounds and stores what it finds: wait for the ring.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const groups = await api<{ total: number; items: { kind: string }[] }>(
      gateway.url,
      'GET',
      '/api/risk/crossbet/groups',
      undefined,
      adminToken,
    );
    if (groups.data.items.some((g) => g.kind === 'ring')) break;
    if (Date.now() > deadline) throw new Error(`no ring found: ${JSON.stringify(groups)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  // Then until the runner has read everything: the alerts stop changing.
  let last = -1;
  for (let stable = 0; stable < 4;) {
    const alerts = await api<{ total: number }>(
      gateway.url,
      'GET',
      '/api/risk/alerts',
      undefined,
      adminToken,
    );
    stable = alerts.data.total === last ? stable + 1 : 0;
    last = alerts.data.total;
    await new Promise((r) => setTimeout(r, 500));
  }
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

describe('risk screens against a gateway that detected an injected ring', () => {
  it('shows the ring, once, with all three members in Risk Data, and its evidence rounds (en)', async () => {
    const context = await newContext(browser);
    await context.addCookies([{ name: 'language', value: 'en', url: gateway.url }]);
    const page = await context.newPage();
    await logIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${gateway.url}/riskdata/riskdata`);
    await page.getByRole('tab', { name: enRisk.tab.groups }).click();
    const ringRow = page.locator('tr', { hasText: enRisk.groupKind.ring });
    await expect.poll(() => ringRow.count(), { timeout: 10_000 }).toBe(1);
    const text = await ringRow.innerText();
    for (const m of ['ringa', 'ringb', 'ringc']) expect(text).toContain(m);
    expect(text).not.toContain('honest');
    await ringRow.getByRole('button', { name: enRisk.evidence.open }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('section').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await dialog.locator('section').first().innerText()).toContain('ringb');
    await context.close();
  });

  it('lists its alert in the alert centre, where an operator takes and resolves it (zh)', async () => {
    const context = await newContext(browser);
    await context.addCookies([{ name: 'language', value: 'zh', url: gateway.url }]);
    const page = await context.newPage();
    await logIn(page, 'admin', ADMIN_PASSWORD, zhLogin);
    await page.goto(`${gateway.url}/risk/alerts`);
    // All states: a taken alert is acknowledged and would leave the default "open" filter.
    await page.getByRole('combobox', { name: zhRisk.col.state }).selectOption('');
    const row = page.locator('tbody tr').first();
    await row.waitFor({ timeout: 10_000 });
    const id = Number((await row.locator('td').first().innerText()).trim());
    const stored = async () =>
      (
        await api<{
          items: { id: number; state: string; outcome: string | null; assignee: { name: string } | null }[];
        }>(gateway.url, 'GET', '/api/risk/alerts?size=100', undefined, adminToken)
      ).data.items.find((a) => a.id === id);
    await row.getByRole('button', { name: zhRisk.alert.assignMe }).click();
    await expect.poll(async () => (await stored())?.assignee?.name, { timeout: 10_000 }).toBe('admin');
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('admin');
    await row.getByRole('button', { name: zhRisk.alert.more.replace('{{id}}', String(id)) }).click();
    await page.getByRole('menuitem', { name: zhRisk.alert.resolveConfirmed }).click();
    await expect.poll(async () => (await stored())?.outcome, { timeout: 10_000 }).toBe('confirmed');
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain(zhRisk.outcome.confirmed);
    await context.close();
  });

  it('shows none of it to an account without 3000 or 8000', async () => {
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
        account: 'profit1',
        password: 'profit-pass-1',
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
    await logIn(page, 'profit1', 'profit-pass-1');
    const menu = await page.locator('.dms-menu__title').allInnerTexts();
    expect(menu).not.toContain(enRoute.riskData);
    expect(menu).not.toContain(enRoute.alertCentre);
    await page.goto(`${gateway.url}/riskdata/riskdata`);
    await page.waitForURL(/\/homepage$/);
    const token = (await context.cookies(gateway.url)).find((c) => c.name === 'Admin-Token')!.value;
    for (const path of ['/api/risk/crossbet/groups', '/api/risk/players', '/api/risk/alerts'])
      expect((await api(gateway.url, 'GET', path, undefined, token)).status).toBe(403);
    await context.close();
  });
});
