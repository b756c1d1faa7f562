import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { sweepLanguages, type LanguageScreen } from './languages';
import type { Lang } from '../../client/src/locales/productTexts';

let gateway: Gateway;
let browser: Browser;
let token: string;

beforeAll(async () => {
  gateway = await startGateway({
    DMS_FEED: 'sim',
    DMS_SIM_HISTORY_DAYS: '2',
    DMS_SIM_PLAYERS: '60',
    DMS_SIM_SEED: 'languages',
  });
  const login = await api<{ token: string }>(gateway.url, 'POST', '/api/user/login', {
    username: 'admin',
    password: ADMIN_PASSWORD,
  });
  token = login.data.token;
  // A rate so that the Exchange Rates screen has rows and Company Profit a report.
  await api(
    gateway.url,
    'POST',
    '/api/exchange-rates/set',
    { currency: 'CNY', startDay: '2025-01-01', endDay: '2025-01-05', rate: 7.2 },
    token,
  );
  // The simulator configures its tables in Table setting on first start: one deleted, its stored rounds list
  // it among the unconfigured tables (the screen's second list and its adopt dialog).
  const tables = await api<{ list: { id: number; tableId: string }[] }>(
    gateway.url,
    'GET',
    '/api/gamesetting/table/list?page=1&pageSize=50',
    undefined,
    token,
  );
  const first = tables.data.list[0];
  if (first) await api(gateway.url, 'POST', '/api/gamesetting/table/delete', { id: first.id }, token);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

/** A statistics tab opened (the tab of `table`), its table drawn or its "No data" shown. */
const statsTab = (table: string) => async (page: Page) => {
  await page.locator(`[role="tab"][id$="_${table}"]`).click();
  await page
    .locator(
      `[role="tabpanel"][id$="_${table}"] :is(table.dms-stats__table:not([aria-busy]), .bp6-non-ideal-state)`,
    )
    .first()
    .waitFor({ timeout: 60_000 });
};

/** Clicks a button found by a CSS selector and waits for a dialog. */
const dialogOf = (selector: string) => async (page: Page) => {
  await page.locator(selector).first().click();
  await page.locator('.bp6-dialog').first().waitFor();
};

/**
 * Every screen of the console, each in one line (a later screen is added here with one more line). The
 * sweep shows each in the four languages and reads what a user reads.
 */
const SCREENS: readonly LanguageScreen[] = [
  { name: 'login', path: '/login', ready: '.dms-login form', signedOut: true },
  { name: 'home', path: '/homepage', ready: 'table.dms-stats__table:not([aria-busy])' },
  {
    name: 'home · game record',
    path: '/homepage',
    ready: '.dms-stats__tabs',
    open: statsTab('game-records'),
  },
  { name: 'home · bonus details', path: '/homepage', ready: '.dms-stats__tabs', open: statsTab('bonus') },
  { name: 'home · prize details', path: '/homepage', ready: '.dms-stats__tabs', open: statsTab('prizes') },
  { name: 'home · login data', path: '/homepage', ready: '.dms-stats__tabs', open: statsTab('login') },
  { name: 'home · transfer data', path: '/homepage', ready: '.dms-stats__tabs', open: statsTab('transfers') },
  {
    name: 'home · settings panel',
    path: '/homepage',
    ready: '.dms-stats__tabs',
    open: async (p) => {
      await p.locator('.dms-navbar button:has(.bp6-icon-cog)').first().click();
      await p.locator('.bp6-drawer').waitFor();
    },
  },
  { name: 'company profit', path: '/company-profit', ready: '.dms-profit__compare' },
  { name: 'exchange rates', path: '/exchange-rates', ready: '.dms-rates__table' },
  {
    name: 'exchange rates · set',
    path: '/exchange-rates',
    ready: '.dms-rates__table',
    open: dialogOf('.dms-rates__buttons button'),
  },
  { name: 'roles', path: '/permission/role', ready: '[data-testid="role-row-1"]' },
  {
    name: 'roles · create',
    path: '/permission/role',
    ready: '[data-testid="role-row-1"]',
    open: dialogOf('.dms-list__head button.bp6-intent-primary, button:has(.bp6-icon-add)'),
  },
  { name: 'accounts', path: '/permission/staff', ready: '[data-testid="staff-row-1"]' },
  {
    name: 'wall screens · approve',
    path: '/permission/display',
    ready: '#wall-screens-title',
    open: dialogOf('button:has(.bp6-icon-desktop)'),
  },
  {
    name: 'wall · pairing',
    path: '/wall/alerts',
    ready: '[data-testid="wall-pairing-code"]',
    signedOut: true,
  },
  {
    name: 'wall · baccarat',
    path: '/wall/baccarat',
    ready: '[data-testid="wall-pairing-code"]',
    signedOut: true,
  },
  { name: 'profile', path: '/profile/index', ready: '.dms-profile__form' },
  { name: 'baccarat monitor', path: '/bjlmonitor/bjlmonitor', ready: '.dms-page' },
  { name: 'risk data', path: '/riskdata/riskdata', ready: '.dms-page' },
  { name: 'alert centre', path: '/risk/alerts', ready: '.dms-page' },
  { name: 'risk setting', path: '/risksetting', ready: '.dms-page' },
  {
    name: 'risk setting · backtest',
    path: '/risksetting',
    ready: '.dms-page',
    // The backtest's result (or its message when nothing could run), not its progress.
    open: async (page: Page) => {
      await page.locator('button:has(.bp6-icon-lab-test)').first().click();
      await page
        .locator('.dms-risk__backtest-result, .dms-risk__backtest .bp6-callout')
        .first()
        .waitFor({ timeout: 60_000 });
    },
  },
  { name: 'teen patti monitor', path: '/teenPatti/teenPatti', ready: '.dms-page' },
  {
    name: 'teen patti test tools · evaluate',
    path: '/teenPatti/testTools',
    ready: '#dms-tp-hand-1',
    open: async (p) => {
      await p.locator('#dms-tp-hand-2').fill('KH KS 9D');
      await p.locator('form.dms-tp__form button[type=submit]').click();
      await p.getByTestId('verdict').waitFor();
    },
  },
  {
    name: 'teen patti test tools · simulate',
    path: '/teenPatti/testTools',
    ready: '#dms-tp-hand-1',
    open: async (p) => {
      await p.locator('.dms-tp .bp6-tab').nth(2).click();
      await p.locator('#dms-tp-sim-rounds').fill('500');
      await p.locator('form.dms-tp__form button[type=submit]').click();
      await p.getByTestId('sim-figures').waitFor();
    },
  },
  {
    name: 'teen patti test tools · deal',
    path: '/teenPatti/testTools',
    ready: '#dms-tp-hand-1',
    open: async (p) => {
      await p.locator('.dms-tp .bp6-tab').nth(1).click();
      await p.locator('form.dms-tp__form button[type=submit]').click();
      await p.getByTestId('deal-table').waitFor();
    },
  },
  { name: 'teen patti data viewer', path: '/teenPatti/testDataViewer', ready: '.dms-tpv__filter' },
  {
    name: 'table setting',
    path: '/gamesetting/tablesetting',
    ready: '.dms-table-setting__unconfigured table',
  },
  {
    name: 'table setting · adopt',
    path: '/gamesetting/tablesetting',
    ready: '.dms-table-setting__unconfigured table',
    open: dialogOf('.dms-table-setting__unconfigured button'),
  },
  { name: 'not found', path: '/404', ready: '.dms-error-page' },
];

async function pageIn(lng: Lang, signedOut: boolean): Promise<Page> {
  const context = await newContext(browser, 1440, 900);
  await context.addCookies([{ name: 'language', value: lng, url: gateway.url }]);
  if (!signedOut) await context.addCookies([{ name: 'Admin-Token', value: token, url: gateway.url }]);
  return context.newPage();
}

describe('the interface in each language', () => {
  it(
    'shows no string of another language and no raw enumeration value on any screen, in zh, en, es and ja',
    { timeout: 900_000 },
    async () => {
      const findings = await sweepLanguages(SCREENS, gateway.url, pageIn, 60_000);
      expect(findings.map((f) => `${f.language} ${f.screen}: ${f.kind} "${f.text}" (${f.detail})`)).toEqual(
        [],
      );
    },
  );
});
