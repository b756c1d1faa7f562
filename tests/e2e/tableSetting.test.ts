import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLogin from '../../client/src/locales/en/login.json';
import enTables from '../../client/src/locales/en/tables.json';
import enErrors from '../../client/src/locales/en/errors.json';
import enCommon from '../../client/src/locales/en/common.json';
import zhLogin from '../../client/src/locales/zh/login.json';
import zhTables from '../../client/src/locales/zh/tables.json';
import zhErrors from '../../client/src/locales/zh/errors.json';
import zhCommon from '../../client/src/locales/zh/common.json';
import {
  logInAs,
  signedIngest,
  ADMIN_PASSWORD,
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

/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mNk+M/wn4GBgYGJgYEBAA4kAQR0EJ9OAAAAAElFTkSuQmCC',
  'base64',
);

const LANGS = {
  en: { login: enLogin, tables: enTables, errors: enErrors, common: enCommon },
  zh: { login: zhLogin, tables: zhTables, errors: zhErrors, common: zhCommon },
} as const;

/** Signed HTTP ingest of a batch, as a platform sends it. */
async function ingest(events: unknown[]): Promise<void> {
  await signedIngest(gateway.url, SECRET, events);
}

async function logIn(page: Page, texts: typeof enLogin): Promise<void> {
  await logInAs(page, gateway.url, 'admin', ADMIN_PASSWORD, texts);
}

beforeAll(async () => {
  gateway = await startGateway({ DMS_INGEST_SECRET: SECRET });
  browser = await launchBrowser();
  // Rounds of a table nobody configured: it is offered for adoption.
  const t0 = Date.now() - 3_600_000;
  await ingest(
    [0, 1, 2].map((i) => ({
      type: 'round.started',
      id: `rs-seen-${i}`,
      provider: 1001,
      currency: 'CNY',
      ts: t0 + i * 60_000,
      roundId: `seen-${i}`,
      gameId: 2,
      tableId: 'TP-SEEN',
      shoeId: 'TP-SEEN-1',
    })),
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

describe('Table setting in the browser', { timeout: 120_000 }, () => {
  it.each(['zh', 'en'] as const)(
    '%s: creates a table with an uploaded icon, lists it, refuses a duplicate id with the message, deletes it',
    async (lng) => {
      const L = LANGS[lng];
      // A dialog's field by its label (which ends with the "required" mark).
      const field = (dialog: ReturnType<Page['getByRole']>, label: string) =>
        dialog.getByLabel(`${label} ${L.tables.required}`, { exact: true });
      const tableId = `E2E-${lng.toUpperCase()}`;
      const name = `Table ${lng}`;
      const context = await newContext(browser);
      await context.addCookies([{ name: 'language', value: lng, url: gateway.url }]);
      const page = await context.newPage();
      await logIn(page, L.login);
      await page.goto(`${gateway.url}/gamesetting/tablesetting`);
      await page.getByRole('heading', { name: L.tables.title }).waitFor();

      // The unconfigured table seen in the events, with its round count; adopting prefills the dialog.
      const seen = page.getByTestId('unconfigured-TP-SEEN');
      await seen.waitFor();
      expect(await seen.innerText()).toContain('3');
      await seen
        .getByRole('button', { name: L.tables.unconfigured.adoptAria.replace('{{tableId}}', 'TP-SEEN') })
        .click();
      let dialog = page.getByRole('dialog');
      await dialog.getByText(L.tables.dialog.adoptTitle.replace('{{tableId}}', 'TP-SEEN')).waitFor();
      expect(await field(dialog, L.tables.fields.tableId).inputValue()).toBe('TP-SEEN');
      expect(await field(dialog, L.tables.fields.game).inputValue()).toBe('2');
      await dialog.getByRole('button', { name: L.common.cancel }).click();
      await dialog.waitFor({ state: 'detached' });

      // Create, with the icon uploaded (a renamed text file is refused first, by its content).
      await page.getByRole('button', { name: L.tables.create }).first().click();
      dialog = page.getByRole('dialog');
      await field(dialog, L.tables.fields.game).selectOption('1');
      await field(dialog, L.tables.fields.tableId).fill(tableId);
      await field(dialog, L.tables.fields.name).fill(name);
      const file = dialog.locator('input[type=file]');
      await file.setInputFiles({
        name: 'icon.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not an image at all'),
      });
      await dialog.getByText(L.tables.dialog.iconType).waitFor();
      await file.setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
      const preview = dialog.getByTestId('table-icon-preview');
      await preview.waitFor();
      expect(await preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      await field(dialog, L.tables.fields.type).selectOption('2');
      await dialog.getByRole('button', { name: L.common.save }).click();
      await dialog.waitFor({ state: 'detached' });

      // Listed, with its icon served as an image.
      const row = page.getByTestId(`table-row-${tableId}`);
      await row.waitFor();
      expect(await row.innerText()).toContain(name);
      const icon = row.getByRole('img');
      await expect
        .poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
          timeout: 60_000,
        })
        .toBe(2);

      // A second table with the same id is refused with the spec's message.
      await page.getByRole('button', { name: L.tables.create }).first().click();
      dialog = page.getByRole('dialog');
      await field(dialog, L.tables.fields.game).selectOption('2');
      await field(dialog, L.tables.fields.tableId).fill(tableId);
      await field(dialog, L.tables.fields.name).fill(`${name} again`);
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
      await dialog.getByTestId('table-icon-preview').waitFor();
      await field(dialog, L.tables.fields.type).selectOption('0');
      await dialog.getByRole('button', { name: L.common.save }).click();
      await dialog.getByText(L.errors.tables.idExists).waitFor();
      await dialog.getByRole('button', { name: L.common.cancel }).click();
      await dialog.waitFor({ state: 'detached' });

      // Delete.
      await row.getByRole('button', { name: L.tables.deleteAria.replace('{{tableId}}', tableId) }).click();
      const alert = page.getByRole('alertdialog');
      await alert.getByRole('button', { name: L.common.list.delete }).click();
      await row.waitFor({ state: 'detached' });
      await context.close();
    },
  );
});
