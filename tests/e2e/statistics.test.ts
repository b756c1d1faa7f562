import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Locator, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enStats from '../../client/src/locales/en/statistics.json';
import enCommon from '../../client/src/locales/en/common.json';
import enProfit from '../../client/src/locales/en/companyProfit.json';
import zhStats from '../../client/src/locales/zh/statistics.json';
import zhErrors from '../../client/src/locales/zh/errors.json';
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
    const status = await api<{ state: string }>(
      gateway.url,
      'GET',
      '/api/feed/status',
      undefined,
      login.data.token,
    );
    if (status.data.state === 'live') return;
    if (Date.now() > deadline) throw new Error(`feed still ${status.data.state}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  gateway = await startGateway({
    DMS_FEED: 'sim',
    DMS_SIM_HISTORY_DAYS: '3',
    DMS_SIM_PLAYERS: '80',
    DMS_SIM_SEED: 'e2e',
  });
  await waitForLiveFeed();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

/** How long a test waits for the interface to answer; CI runs on a loaded 2-core machine. */
const UI_TIMEOUT = 30_000;

/**
 * The business zone of the statistics days: the gateway's default `DMS_TZ`, which the harness keeps. Days
 * are computed here with `Intl`, not with the client's shortcut code, so a wrong shortcut shows.
 */
const BUSINESS_ZONE = 'Asia/Shanghai';

/** The business day `daysAgo` days before today, `YYYY-MM-DD`. */
function businessDay(daysAgo: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - daysAgo);
  return day.toISOString().slice(0, 10);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Fills an i18n template's `{{name}}` placeholders. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** A whole number as the interface writes it (`1,138`) back to a number. */
function count(text: string): number {
  return Number(text.replace(/,/g, ''));
}

/** An amount as the interface writes it (`-86,138.15 CNY`, `+89`) in minor units. */
function minorUnits(text: string): number {
  const number = text.replace(/[^\d.-]/g, '');
  expect(number, `an amount in "${text}"`).toMatch(/^-?\d+(\.\d{2})?$/);
  return Math.round(Number(number) * 100);
}

async function signedIn(
  language: 'en' | 'zh' = 'en',
  options: { acceptDownloads?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const context = await newContext(browser, 1440, 900, options);
  await context.addCookies([{ name: 'language', value: language, url: gateway.url }]);
  const page = await context.newPage();
  await page.goto(`${gateway.url}/login`);
  // The login form's own names, whatever the language (the console test covers its labels).
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/homepage$/);
  const token = (await context.cookies(gateway.url)).find((c) => c.name === 'Admin-Token')?.value;
  if (!token) throw new Error('no Admin-Token cookie');
  return { context, page, token };
}

/**
 * The visible panel of a workbench tab. Blueprint keeps the panels of tabs opened before in the page,
 * hidden, so a locator on the whole page finds their copies of the filter, table and pager first.
 */
async function openTab(page: Page, label: string): Promise<Locator> {
  await page.getByRole('tab', { name: label, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: label, exact: true });
  await pagerOf(panel).waitFor({ timeout: UI_TIMEOUT });
  return panel;
}

function pagerOf(panel: Locator): Locator {
  return panel.getByRole('navigation', { name: enStats.table.pagination });
}

/** The row count the pager shows. */
async function shownTotal(panel: Locator): Promise<number> {
  const pattern = new RegExp(`^${fill(enStats.table.total, { total: '([\\d,]+)' })}$`);
  const text = await pagerOf(panel).getByText(pattern).innerText();
  return count(pattern.exec(text)?.[1] ?? 'NaN');
}

/** The rows of a tab's table, each as {column header: cell text}, once no page is loading. */
async function tableRows(panel: Locator, label: string): Promise<Record<string, string>[]> {
  const table = panel.getByRole('region', { name: label }).locator('table:not([aria-busy])');
  await table.waitFor({ timeout: UI_TIMEOUT });
  return table.evaluate((t: HTMLTableElement) => {
    const heads = Array.from(t.tHead?.rows[0]?.cells ?? [], (c) => c.innerText.trim());
    return Array.from(t.tBodies[0]?.rows ?? [], (r) =>
      Object.fromEntries(Array.from(r.cells, (c, i) => [heads[i] ?? String(i), c.innerText.trim()])),
    );
  });
}

/** Runs `act` and returns the first request to the gateway path `path` (and matching `also`) it caused. */
async function requestOf(
  page: Page,
  path: string,
  act: () => Promise<void>,
  also: (url: URL) => boolean = () => true,
): Promise<URL> {
  const response = page.waitForResponse(
    (r) => {
      const url = new URL(r.url());
      return url.pathname === path && also(url);
    },
    { timeout: UI_TIMEOUT },
  );
  await act();
  return new URL((await response).url());
}

/** Leaves only the choice named `choice` in a provider or currency multi-select, as a user would. */
async function chooseOnly(page: Page, bar: Locator, field: string, choice: RegExp): Promise<void> {
  // The clear button is only there while something is chosen.
  const clear = bar.getByRole('button', { name: fill(enStats.filter.clearField, { field }) });
  if ((await clear.count()) > 0) await clear.click();
  await bar.getByRole('textbox', { name: field, exact: true }).click();
  // The list opens in a portal at the end of the page, outside the form.
  const list = page.getByRole('listbox', { name: field });
  await list.getByRole('option', { name: choice }).click();
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
}

/** Picks a date shortcut in the picker that the start input `input` opens. */
async function chooseShortcut(page: Page, input: Locator, label: string): Promise<void> {
  const menus = page.getByRole('menu', { name: 'Date picker shortcuts' });
  // A picker still closing would make two menus: wait for none before opening this one.
  await expect.poll(() => menus.count(), { timeout: UI_TIMEOUT }).toBe(0);
  await input.click();
  await menus.getByRole('menuitem', { name: label, exact: true }).click();
  await expect.poll(() => menus.count(), { timeout: UI_TIMEOUT }).toBe(0);
}

/** Types a day range into the two inputs of a range field and closes its picker. */
async function typeRange(page: Page, start: Locator, end: Locator, from: string, to: string): Promise<void> {
  await start.fill(from);
  await end.fill(to);
  await page.keyboard.press('Escape');
  await expect
    .poll(() => page.getByRole('menu', { name: 'Date picker shortcuts' }).count(), { timeout: UI_TIMEOUT })
    .toBe(0);
}

/** The toast (Blueprint gives its message the alert role) with exactly this text. */
function alertOf(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
}

/** The admin's providers and currencies, as the gateway gives them. */
async function scopeOf(
  token: string,
): Promise<{ providers: { id: number; name: string }[]; currencies: string[] }> {
  const info = await api<{ providers: { id: number; name: string }[]; currencies: { code: string }[] }>(
    gateway.url,
    'GET',
    '/api/user/info',
    undefined,
    token,
  );
  return { providers: info.data.providers, currencies: info.data.currencies.map((c) => c.code) };
}

/** The regex of a choice's accessible name in the multi-select: its label first. */
function choiceName(label: string): RegExp {
  return new RegExp(`^${escapeRegExp(label)}\\b`);
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

  it("refuses a search without provider, currency or date, or with the start after the end, with the spec's messages", async () => {
    const { context, page } = await signedIn('en');
    const panel = await openTab(page, enStats.tabs.daily);
    const bar = panel.getByRole('search');
    const start = bar.getByRole('textbox', { name: enStats.filter.startDate });
    const end = bar.getByRole('textbox', { name: enStats.filter.endDate });
    const search = bar.getByRole('button', { name: enStats.filter.search });
    await tableRows(panel, enStats.tabs.daily);
    const sent: string[] = [];
    const onRequest = (r: Request) => {
      if (new URL(r.url()).pathname.startsWith('/api/stats/')) sent.push(r.url());
    };
    page.on('request', onRequest);

    await bar
      .getByRole('button', { name: fill(enStats.filter.clearField, { field: enStats.filter.provider }) })
      .click();
    await search.click();
    await alertOf(page, 'Do not choose providerId !').waitFor({ timeout: UI_TIMEOUT });

    await chooseOnly(page, bar, enStats.filter.provider, /^Lucky Star/);
    await bar
      .getByRole('button', { name: fill(enStats.filter.clearField, { field: enStats.filter.currency }) })
      .click();
    await search.click();
    await alertOf(page, 'Do not choose currency !').waitFor({ timeout: UI_TIMEOUT });

    await chooseOnly(page, bar, enStats.filter.currency, /^CNY/);
    await typeRange(page, start, end, '', '');
    await search.click();
    await alertOf(page, 'Do not choose date !').waitFor({ timeout: UI_TIMEOUT });

    // The picker refuses a start after the end as it is chosen, but a typed one is kept for Search to name.
    await typeRange(page, start, end, businessDay(0), businessDay(1));
    expect(await start.inputValue()).toBe(businessDay(0));
    await search.click();
    await alertOf(page, 'Start date is less than end date !').waitFor({ timeout: UI_TIMEOUT });

    // Refused before the gateway is asked.
    page.off('request', onRequest);
    expect(sent).toEqual([]);
    await context.close();

    // In Chinese the same refusal reads in Chinese.
    const zh = await signedIn('zh');
    const headline = zh.page.getByRole('search', { name: zhStats.summary.filterLabel });
    await headline
      .getByRole('button', { name: fill(zhStats.filter.clearField, { field: zhStats.filter.provider }) })
      .click();
    await headline.getByRole('button', { name: zhStats.filter.search }).click();
    await alertOf(zh.page, zhErrors.validation.providerRequired).waitFor({ timeout: UI_TIMEOUT });
    expect(zhErrors.validation.providerRequired).not.toBe('Do not choose providerId !');
    await zh.context.close();
  });

  it('filters the game records by provider, currency and Yesterday, pages forward and searches by account, round and transaction', async () => {
    const { context, page, token } = await signedIn('en');
    const label = enStats.tabs['game-records'];
    const panel = await openTab(page, label);
    const bar = panel.getByRole('search');
    const start = bar.getByRole('textbox', { name: enStats.filter.startDate });
    const end = bar.getByRole('textbox', { name: enStats.filter.endDate });

    // The provider and currency with the most bets yesterday (the simulator's days differ), so that the
    // filtered list has a second page. Yesterday is history only: the live feed cannot change its rows
    // between the page and the API.
    const day = businessDay(1);
    const scope = await scopeOf(token);
    const busiest = await api<{ list: { provider: number; currency: string; bets: number }[] }>(
      gateway.url,
      'GET',
      `/api/stats/operator-daily?providerIds=${scope.providers.map((p) => p.id).join(',')}` +
        `&currencies=${scope.currencies.join(',')}&startDate=${day}&endDate=${day}&sortBy=bets&pageSize=1`,
      undefined,
      token,
    );
    const top = busiest.data.list[0];
    if (!top) throw new Error(`no activity on ${day} in the simulated history`);
    const provider = scope.providers.find((p) => p.id === top.provider);
    if (!provider) throw new Error(`provider ${top.provider} is not in the admin's scope`);

    await chooseOnly(page, bar, enStats.filter.provider, choiceName(provider.name));
    await chooseOnly(page, bar, enStats.filter.currency, choiceName(top.currency));
    await chooseShortcut(page, start, enStats.shortcut.yesterday);
    expect([await start.inputValue(), await end.inputValue()]).toEqual([day, day]);

    const asked = await requestOf(page, '/api/stats/game-records', () =>
      bar.getByRole('button', { name: enStats.filter.search }).click(),
    );
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      providerIds: String(provider.id),
      currencies: top.currency,
      startDate: day,
      endDate: day,
      page: '1',
    });
    const query = `providerIds=${provider.id}&currencies=${top.currency}&startDate=${day}&endDate=${day}`;
    const truth = await api<{ total: number }>(
      gateway.url,
      'GET',
      `/api/stats/game-records?${query}&pageSize=1`,
      undefined,
      token,
    );
    expect(truth.data.total, 'game records of the busiest provider and currency').toBeGreaterThan(20);
    const rows1 = await tableRows(panel, label);
    expect(await shownTotal(panel)).toBe(truth.data.total);
    const pages = Math.ceil(truth.data.total / 20);
    await pagerOf(panel)
      .getByText(fill(enStats.table.pageOf, { page: 1, pages }), { exact: true })
      .waitFor();
    expect(rows1).toHaveLength(20);
    for (const row of rows1) expect([row.Provider, row.Currency]).toEqual([provider.name, top.currency]);

    await requestOf(
      page,
      '/api/stats/game-records',
      () => pagerOf(panel).getByRole('button', { name: enStats.table.next }).click(),
      (url) => url.searchParams.has('cursor') || url.searchParams.get('page') === '2',
    );
    await pagerOf(panel)
      .getByText(fill(enStats.table.pageOf, { page: 2, pages }), { exact: true })
      .waitFor({ timeout: UI_TIMEOUT });
    const rows2 = await tableRows(panel, label);
    expect(rows2).toHaveLength(Math.min(20, truth.data.total - 20));
    const ids1 = new Set(rows1.map((r) => r['Transaction ID']));
    expect(rows2.filter((r) => ids1.has(r['Transaction ID']))).toEqual([]);
    for (const row of rows2) expect([row.Provider, row.Currency]).toEqual([provider.name, top.currency]);
    // Newest first: page 2 starts where page 1 ended.
    const oldest1 = rows1.map((r) => r.Time ?? '').sort()[0] ?? '';
    expect(rows2.every((r) => (r.Time ?? '') <= oldest1)).toBe(true);

    const account = rows2[0]?.Account ?? '';
    expect(account).not.toBe('');
    await bar.getByRole('searchbox', { name: enStats.search.account }).fill(account);
    await requestOf(
      page,
      '/api/stats/game-records',
      () => bar.getByRole('button', { name: enStats.filter.search }).click(),
      (url) => url.searchParams.get('account') === account,
    );
    const byAccount = await api<{ total: number }>(
      gateway.url,
      'GET',
      `/api/stats/game-records?${query}&account=${encodeURIComponent(account)}&pageSize=1`,
      undefined,
      token,
    );
    const accountRows = await tableRows(panel, label);
    expect(byAccount.data.total).toBeGreaterThan(0);
    expect(await shownTotal(panel)).toBe(byAccount.data.total);
    expect(accountRows).toHaveLength(Math.min(20, byAccount.data.total));
    expect(accountRows.filter((r) => r.Account !== account)).toEqual([]);
    await pagerOf(panel)
      .getByText(new RegExp(`^${fill(enStats.table.pageOf, { page: 1, pages: '\\d+' })}$`))
      .waitFor();

    const round = rows2[1]?.['Round ID'] ?? '';
    await bar.getByRole('searchbox', { name: enStats.search.account }).fill('');
    await bar.getByRole('searchbox', { name: enStats.search.roundId }).fill(round);
    await requestOf(
      page,
      '/api/stats/game-records',
      () => bar.getByRole('button', { name: enStats.filter.search }).click(),
      (url) => url.searchParams.get('roundId') === round && !url.searchParams.has('account'),
    );
    const byRound = await api<{ total: number }>(
      gateway.url,
      'GET',
      `/api/stats/game-records?${query}&roundId=${encodeURIComponent(round)}&pageSize=1`,
      undefined,
      token,
    );
    const roundRows = await tableRows(panel, label);
    expect(byRound.data.total).toBeGreaterThan(0);
    expect(await shownTotal(panel)).toBe(byRound.data.total);
    expect(roundRows).toHaveLength(Math.min(20, byRound.data.total));
    expect(roundRows.filter((r) => r['Round ID'] !== round)).toEqual([]);

    // A transaction id names one bet: the row seen on page 2.
    const seen = rows2[1];
    await bar.getByRole('searchbox', { name: enStats.search.roundId }).fill('');
    await bar
      .getByRole('searchbox', { name: enStats.search.transactionId })
      .fill(seen?.['Transaction ID'] ?? '');
    await requestOf(
      page,
      '/api/stats/game-records',
      () => bar.getByRole('button', { name: enStats.filter.search }).click(),
      (url) =>
        url.searchParams.get('transactionId') === seen?.['Transaction ID'] &&
        !url.searchParams.has('roundId'),
    );
    expect(await tableRows(panel, label)).toEqual([seen]);
    expect(await shownTotal(panel)).toBe(1);
    await context.close();
  });

  it('downloads the game records as an .xlsx holding every row of the filter or the account search, and refuses an empty range', async () => {
    const { context, page } = await signedIn('en', { acceptDownloads: true });
    const label = enStats.tabs['game-records'];
    const panel = await openTab(page, label);
    const bar = panel.getByRole('search');
    const start = bar.getByRole('textbox', { name: enStats.filter.startDate });
    const end = bar.getByRole('textbox', { name: enStats.filter.endDate });
    const downloadButton = bar.getByRole('button', { name: enStats.filter.download });
    let downloads = 0;
    page.on('download', () => downloads++);

    await chooseShortcut(page, start, enStats.shortcut.yesterday);
    const day = businessDay(1);
    await requestOf(page, '/api/stats/game-records', () =>
      bar.getByRole('button', { name: enStats.filter.search }).click(),
    );
    const rows = await tableRows(panel, label);
    const total = await shownTotal(panel);
    expect(total).toBeGreaterThan(rows.length);

    const download = page.waitForEvent('download', { timeout: UI_TIMEOUT });
    await downloadButton.click();
    const file = await download;
    const name = `game-records-${day}-${day}.xlsx`;
    expect(file.suggestedFilename()).toBe(name);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.length).toBeGreaterThan(4096);
    await alertOf(page, fill(enStats.table.downloaded, { file: name })).waitFor({ timeout: UI_TIMEOUT });

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    expect(sheet.actualRowCount - 1).toBe(total);
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const columns = await panel
      .getByRole('region', { name: label })
      .getByRole('columnheader')
      .allInnerTexts();
    expect(header).toEqual(columns.map((c) => c.trim()));
    const idColumn = header.indexOf('Transaction ID') + 1;
    const ids = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) ids.add(String(row.getCell(idColumn).value));
    });
    expect(ids.size).toBe(total);
    for (const row of rows) expect(ids.has(row['Transaction ID'] ?? '')).toBe(true);

    // A list searched by account downloads only that account's rows.
    const account = rows[0]?.Account ?? '';
    const accountBox = bar.getByRole('searchbox', { name: enStats.search.account });
    await accountBox.fill(account);
    await requestOf(
      page,
      '/api/stats/game-records',
      () => bar.getByRole('button', { name: enStats.filter.search }).click(),
      (url) => url.searchParams.get('account') === account,
    );
    await tableRows(panel, label);
    const accountTotal = await shownTotal(panel);
    const accountDownload = page.waitForEvent('download', { timeout: UI_TIMEOUT });
    await downloadButton.click();
    const accountBook = new ExcelJS.Workbook();
    await accountBook.xlsx.load(
      (await readFile(await (await accountDownload).path())) as unknown as ArrayBuffer,
    );
    const accountSheet = accountBook.worksheets[0];
    if (!accountSheet) throw new Error('the workbook has no sheet');
    expect(accountSheet.actualRowCount - 1).toBe(accountTotal);
    const accountColumn = header.indexOf('Account') + 1;
    const accounts = new Set<string>();
    accountSheet.eachRow((row, n) => {
      if (n > 1) accounts.add(String(row.getCell(accountColumn).value));
    });
    expect([...accounts]).toEqual([account]);
    await accountBox.fill('');

    // A range before the history, not searched yet: the gateway answers that there is nothing to download.
    const empty = businessDay(400);
    await typeRange(page, start, end, empty, empty);
    const refused = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/stats/game-records/export',
      { timeout: UI_TIMEOUT },
    );
    await downloadButton.click();
    expect((await refused).status()).toBe(404);
    const noData = alertOf(page, 'Not have data to downoad');
    await noData.waitFor({ timeout: UI_TIMEOUT });
    await page.locator('.bp6-toast').filter({ has: noData }).getByRole('button', { name: 'Close' }).click();
    await noData.waitFor({ state: 'detached', timeout: UI_TIMEOUT });

    // Searched: the empty table itself says so, and Download says it again.
    await requestOf(page, '/api/stats/game-records', () =>
      bar.getByRole('button', { name: enStats.filter.search }).click(),
    );
    await panel.getByText(enStats.table.emptyTitle, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await downloadButton.click();
    await noData.waitFor({ timeout: UI_TIMEOUT });
    expect(downloads).toBe(2);
    await context.close();
  });

  it('compares two history days on Company Profit with the figures the API gives, and draws the charts', async () => {
    const { context, page, token } = await signedIn('en');
    await page.goto(`${gateway.url}/company-profit`);
    const form = page.getByRole('search', { name: enProfit.formLabel });
    const region = page.getByRole('region', { name: enProfit.compare.title });
    // The first comparison (last month against this month) is drawn before the ranges are changed.
    await region.waitFor({ timeout: UI_TIMEOUT });

    const a = businessDay(2);
    const b = businessDay(1);
    // A currency with bets on both days (the simulator's days differ), so the comparison is not of zeros.
    const scope = await scopeOf(token);
    const daily = await api<{ list: { day: string; currency: string; turnover: number }[] }>(
      gateway.url,
      'GET',
      `/api/stats/daily?providerIds=${scope.providers.map((p) => p.id).join(',')}` +
        `&currencies=${scope.currencies.join(',')}&startDate=${a}&endDate=${b}&pageSize=500`,
      undefined,
      token,
    );
    const turnover = (day: string, currency: string) =>
      daily.data.list.find((r) => r.day === day && r.currency === currency)?.turnover ?? 0;
    const currency = scope.currencies.find((c) => turnover(a, c) > 0 && turnover(b, c) > 0);
    if (!currency) throw new Error(`no currency has bets on both ${a} and ${b}`);
    await chooseOnly(page, form, enStats.filter.currency, choiceName(currency));
    await typeRange(
      page,
      form.getByRole('textbox', { name: `${enProfit.rangeA} · ${enStats.filter.startDate}` }),
      form.getByRole('textbox', { name: `${enProfit.rangeA} · ${enStats.filter.endDate}` }),
      a,
      a,
    );
    await chooseShortcut(
      page,
      form.getByRole('textbox', { name: `${enProfit.rangeB} · ${enStats.filter.startDate}` }),
      enStats.shortcut.yesterday,
    );
    const asked = await requestOf(
      page,
      '/api/company-profit/compare',
      () => form.getByRole('button', { name: enStats.filter.search }).click(),
      (url) => url.searchParams.get('aStart') === a,
    );
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      aStart: a,
      aEnd: a,
      bStart: b,
      bEnd: b,
      currencies: currency,
    });
    await region
      .getByRole('columnheader', { name: `B ${fill(enProfit.compare.range, { start: b, end: b })}` })
      .waitFor({ timeout: UI_TIMEOUT });

    type Totals = { turnover: number; ggr: number; bets: number };
    const truth = await api<{
      a: { totals: Totals };
      b: { totals: Totals };
      diff: Record<keyof Totals, { value: number; pct: number | null }>;
    }>(gateway.url, 'GET', `/api/company-profit/compare${asked.search}`, undefined, token);
    expect(truth.code).toBe(0);
    // Both days are whole days of the simulated history: the comparison is not of two zeros.
    expect(truth.data.a.totals.turnover).toBeGreaterThan(0);
    expect(truth.data.b.totals.turnover).toBeGreaterThan(0);

    const shown = await region
      .locator('tbody tr')
      .evaluateAll((trs) =>
        Object.fromEntries(
          trs.map((tr) => [
            tr.getAttribute('data-metric') ?? '',
            Array.from(tr.querySelectorAll('td'), (td) => td.innerText.trim()),
          ]),
        ),
      );
    for (const metric of ['turnover', 'ggr'] as const) {
      const [aText, bText, diffText, pctText] = shown[metric] ?? [];
      const av = truth.data.a.totals[metric];
      const bv = truth.data.b.totals[metric];
      expect(minorUnits(aText ?? ''), `${metric} of A`).toBe(av);
      expect(minorUnits(bText ?? ''), `${metric} of B`).toBe(bv);
      expect(minorUnits(diffText ?? ''), `${metric} B − A`).toBe(bv - av);
      expect(truth.data.diff[metric].value).toBe(bv - av);
      expect(aText?.endsWith(` ${currency}`)).toBe(true);
      const pct = truth.data.diff[metric].pct;
      if (pct !== null) expect(Number((pctText ?? '').replace(/[^\d.-]/g, ''))).toBeCloseTo(pct, 2);
    }
    const [betsA, betsB, betsDiff] = shown.bets ?? [];
    expect([count(betsA ?? ''), count(betsB ?? ''), count((betsDiff ?? '').replace('+', ''))]).toEqual([
      truth.data.a.totals.bets,
      truth.data.b.totals.bets,
      truth.data.b.totals.bets - truth.data.a.totals.bets,
    ]);

    // The ECharts canvases are laid out and painted (a canvas left blank has no opaque pixel).
    const canvases = page.locator('.dms-profit canvas');
    await expect.poll(() => canvases.count(), { timeout: UI_TIMEOUT }).toBeGreaterThanOrEqual(2);
    await expect
      .poll(
        () =>
          canvases.evaluateAll((list) =>
            list.map((node) => {
              const canvas = node as HTMLCanvasElement;
              const ctx = canvas.getContext('2d');
              if (!ctx || canvas.width === 0 || canvas.height === 0) return false;
              const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
              for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) return true;
              return false;
            }),
          ),
        { timeout: UI_TIMEOUT },
      )
      .not.toContain(false);
    expect(await page.getByText(enCommon.panelError.title).count()).toBe(0);
    await context.close();
  });
});
