import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLogin from '../../client/src/locales/en/login.json';
import enRisk from '../../client/src/locales/en/risk.json';
import enRoute from '../../client/src/locales/en/route.json';
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
import { ringRounds as rings } from './rounds';

const SECRET = 'e2e-ingest-secret-0123456789';
let gateway: Gateway;
let browser: Browser;

/** Signed HTTP ingest of a batch, as a platform sends it. */
async function ingest(events: unknown[]): Promise<void> {
  await signedIngest(gateway.url, SECRET, events);
}

/**
 * A ring of three on one table: `ringa` stakes one side, `ringb` and `ringc` split the other (60/40), sides
 * swapped now and then; two honest players bet at random beside them.
 */
function ringRounds(n: number): unknown[] {
  return rings({
    table: 'BAC-E2E',
    shoe: 'S1',
    roundPrefix: 'e2e',
    accounts: ['ringa', 'ringb', 'ringc', 'honest1', 'honest2'],
    playerIds: [1, 2, 3, 4, 5],
    n,
    seed: 42,
  });
}

async function logIn(page: Page, account: string, password: string, texts = enLogin): Promise<void> {
  await logInAs(page, gateway.url, account, password, texts);
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
    await expect.poll(() => ringRow.count(), { timeout: 60_000 }).toBe(1);
    const text = await ringRow.innerText();
    for (const m of ['ringa', 'ringb', 'ringc']) expect(text).toContain(m);
    expect(text).not.toContain('honest');
    await ringRow.getByRole('button', { name: enRisk.evidence.open }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('section').count(), { timeout: 60_000 }).toBeGreaterThan(0);
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
    await row.waitFor({ timeout: 60_000 });
    const id = Number((await row.locator('td').first().innerText()).trim());
    const stored = async () =>
      (
        await api<{
          items: { id: number; state: string; outcome: string | null; assignee: { name: string } | null }[];
        }>(gateway.url, 'GET', '/api/risk/alerts?size=100', undefined, adminToken)
      ).data.items.find((a) => a.id === id);
    await row.getByRole('button', { name: zhRisk.alert.assignMe }).click();
    await expect.poll(async () => (await stored())?.assignee?.name, { timeout: 60_000 }).toBe('admin');
    await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('admin');
    await row.getByRole('button', { name: zhRisk.alert.more.replace('{{id}}', String(id)) }).click();
    await page.getByRole('menuitem', { name: zhRisk.alert.resolveConfirmed }).click();
    await expect.poll(async () => (await stored())?.outcome, { timeout: 60_000 }).toBe('confirmed');
    await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain(zhRisk.outcome.confirmed);
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
