import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../../client/src/locales/en/common.json';
import enLogin from '../../client/src/locales/en/login.json';
import enPermission from '../../client/src/locales/en/permission.json';
import enRoute from '../../client/src/locales/en/route.json';
import zhCommon from '../../client/src/locales/zh/common.json';
import zhRoute from '../../client/src/locales/zh/route.json';
import {
  logInAs,
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

const ROLE_NAME = 'Role Viewer';
const ACCOUNT = 'viewer1';
const ACCOUNT_PASSWORD = 'viewer-pass-1';
const NEW_PASSWORD = 'viewer-pass-2';

let gateway: Gateway;
let browser: Browser;

beforeAll(async () => {
  gateway = await startGateway();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

/** A fresh context whose `language` cookie is set, as a returning user's would be. */
async function contextIn(language: 'en' | 'zh', width = 1440): Promise<BrowserContext> {
  const context = await newContext(browser, width);
  await context.addCookies([{ name: 'language', value: language, url: gateway.url }]);
  return context;
}

async function logIn(page: Page, account: string, password: string): Promise<void> {
  await logInAs(page, gateway.url, `  ${account} `, password, enLogin);
}

async function tokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(gateway.url)).find((c) => c.name === 'Admin-Token');
  if (!cookie) throw new Error('no Admin-Token cookie');
  return cookie.value;
}

async function menuTitles(page: Page): Promise<string[]> {
  await page.locator('.dms-menu__title').first().waitFor();
  return page.locator('.dms-menu__title').allTextContents();
}

describe('the console in Chromium', () => {
  it('sends a visitor to the login page with the path to come back to', async () => {
    const context = await contextIn('en');
    const page = await context.newPage();
    await page.goto(`${gateway.url}/permission/role`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(
      '/permission/role',
    );
    await page.getByRole('button', { name: enLogin.submit }).click();
    await expect(page.getByText(enLogin.accountWrong).first().isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('keeps the token cookie SameSite=Strict, connects the live socket and loads the avatar under the CSP', async () => {
    const context = await contextIn('en');
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const login = page.waitForResponse((r) => r.url().endsWith('/api/user/login'));
    await logIn(page, 'admin', ADMIN_PASSWORD);
    const csp = (await (await login).allHeaders())['content-security-policy'] ?? '';
    expect(csp).toContain("connect-src 'self';");
    // Every cookie of the context: the device cookie's path is the sign-in call's only.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'Admin-Token')).toMatchObject({
      sameSite: 'Strict',
      secure: false,
    });
    // The sign-in remembered this browser: HttpOnly, for the sign-in call only.
    expect(cookies.find((c) => c.name === 'dms_device')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/user/login',
    });
    // socket.io's WebSocket to the page's own host passes connect-src 'self'.
    await page.locator('.dms-live[data-state="connected"]').waitFor();
    // The avatar <img> authenticates with the cookie (it sends no Authorization header).
    const avatar = page.locator('img.dms-avatar').first();
    await avatar.waitFor();
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('lets the admin create a role with 9000/9001 and an account holding it', async () => {
    const context = await contextIn('en');
    const page = await context.newPage();
    await logIn(page, 'admin', ADMIN_PASSWORD);

    await page.goto(`${gateway.url}/permission/role`);
    await page.getByRole('button', { name: enPermission.role.create }).first().click();
    const roleDialog = page.getByRole('dialog');
    await roleDialog.getByLabel(enPermission.role.fields.name).fill(ROLE_NAME);
    await roleDialog.getByRole('button', { name: enPermission.role.tree.expandAll }).click();
    // Blueprint draws its own box over the native input, which stays in the accessibility tree.
    await roleDialog.getByRole('checkbox', { name: enRoute.role, exact: true }).check({ force: true });
    await roleDialog.getByRole('button', { name: enPermission.common.save }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: ROLE_NAME }).first().waitFor();
    // A child code brings its group code.
    const roles = await api<{ list: { name: string; permission: string }[] }>(
      gateway.url,
      'GET',
      `/api/permission/role/list?keyword=${encodeURIComponent(ROLE_NAME)}`,
      undefined,
      await tokenOf(context),
    );
    expect(roles.data.list.map((r) => [r.name, r.permission])).toEqual([[ROLE_NAME, '9000,9001']]);

    await page.goto(`${gateway.url}/permission/staff`);
    await page.getByRole('button', { name: enPermission.staff.create }).first().click();
    const staffDialog = page.getByRole('dialog');
    await staffDialog.getByLabel(enPermission.staff.fields.account).fill(ACCOUNT);
    await staffDialog.getByPlaceholder(enPermission.staff.placeholders.password).fill(ACCOUNT_PASSWORD);
    await staffDialog.getByLabel(enPermission.staff.fields.role).selectOption({ label: ROLE_NAME });
    const selectAll = staffDialog.getByRole('button', { name: enPermission.common.selectAll });
    await selectAll.nth(0).click();
    await selectAll.nth(1).click();
    await staffDialog.getByRole('button', { name: enPermission.common.save }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: ACCOUNT, exact: true }).first().waitFor();
    await context.close();
  });

  it('shows the limited account only Role management, and sends other paths to /', async () => {
    const context = await contextIn('en');
    const page = await context.newPage();
    await logIn(page, ACCOUNT, ACCOUNT_PASSWORD);

    const titles = await menuTitles(page);
    expect(titles).toContain(enRoute.role);
    expect(titles).not.toContain(enRoute.staff);
    expect(titles).not.toContain(enRoute.companyProfit);

    await page.goto(`${gateway.url}/permission/staff`);
    await page.waitForURL(/\/homepage$/);

    // The gateway refuses that screen's calls too, not only the menu.
    const token = await tokenOf(context);
    const refused = await api(gateway.url, 'GET', '/api/permission/staff/list', undefined, token);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(-1);
    const allowed = await api(gateway.url, 'GET', '/api/permission/role/list', undefined, token);
    expect(allowed.code).toBe(0);
    await context.close();
  });

  it('changes the password, logs out to /login?redirect=… and logs in with the new one', async () => {
    const context = await contextIn('en');
    const page = await context.newPage();
    await logIn(page, ACCOUNT, ACCOUNT_PASSWORD);
    await page.goto(`${gateway.url}/profile/index`);
    await page.getByLabel(enCommon.profile.oldPassword).fill(ACCOUNT_PASSWORD);
    await page.getByLabel(enCommon.profile.newPassword).fill(NEW_PASSWORD);
    await page.getByLabel(enCommon.profile.confirmPassword).fill('different');
    await page.getByRole('button', { name: enCommon.profile.submit }).click();
    await page.getByText(enCommon.profile.inconsistent).first().waitFor();
    await page.getByLabel(enCommon.profile.confirmPassword).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: enCommon.profile.submit }).click();
    await page.getByText(enCommon.profile.success).first().waitFor();

    await page.getByRole('button', { name: enCommon.navbar.account }).click();
    await page.getByRole('menuitem', { name: enCommon.navbar.logout }).click();
    await page.getByText(enCommon.navbar.logoutConfirm).waitFor();
    await page.getByRole('button', { name: enCommon.confirm }).click();
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/profile/index');

    const old = await api(gateway.url, 'POST', '/api/user/login', {
      username: ACCOUNT,
      password: ACCOUNT_PASSWORD,
    });
    expect(old.code).toBe(-4);
    await logIn(page, ACCOUNT, NEW_PASSWORD);
    await context.close();
  });

  it('switches the language to English and back to Chinese', async () => {
    const context = await contextIn('zh');
    const page = await context.newPage();
    await page.goto(`${gateway.url}/login`);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/homepage$/);
    expect(await menuTitles(page)).toContain(zhRoute.role);

    await page.getByRole('button', { name: zhCommon.language }).first().click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByText(enCommon.switchLanguageSuccess).first().waitFor();
    expect(await menuTitles(page)).toContain(enRoute.role);

    await page.getByRole('button', { name: enCommon.language }).first().click();
    await page.getByRole('option', { name: '中文' }).click();
    await page.getByText(zhCommon.switchLanguageSuccess).first().waitFor();
    expect(await menuTitles(page)).toContain(zhRoute.role);
    await context.close();
  });

  it('finds a page by pinyin in the menu search', async () => {
    const context = await contextIn('zh');
    const page = await context.newPage();
    await page.goto(`${gateway.url}/login`);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/homepage$/);

    await page.getByRole('button', { name: zhCommon.navbar.search }).click();
    const input = page
      .getByRole('combobox', { name: zhCommon.navbar.search })
      .or(page.getByPlaceholder(zhCommon.navbar.searchPlaceholder));
    await input.first().fill('juese');
    const hit = page.getByRole('option', { name: new RegExp(zhRoute.role) });
    await hit.first().waitFor();
    await hit.first().click();
    await page.waitForURL(/\/permission\/role$/);
    await context.close();
  });
});
