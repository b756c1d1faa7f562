import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERM } from '@dms/shared/permissions/codes';
import type { TableRow } from '@dms/shared/contracts/http/tables';
import { clearToasts } from '@/lib/notify/toaster';
import { fakeGateway, type FakeHandler } from '@/testing/fakeGateway';
import { readySession, userInfo } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { TableSettingPage } from './TableSettingPage';

configure({ asyncUtilTimeout: 5000 });

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

const ROW: TableRow = {
  id: 7,
  gameId: 1,
  tableId: 'BAC-01',
  name: 'Golden Dragon',
  type: 2,
  enabled: true,
  iconType: 'image/png',
  iconSize: 68,
  iconVersion: 'abc123',
  createdAt: Date.UTC(2026, 2, 1),
  createdBy: 'admin',
  updatedAt: Date.UTC(2026, 2, 2),
  updatedBy: 'admin',
};

function gateway(handlers: Record<string, FakeHandler> = {}) {
  return fakeGateway({
    'GET /gamesetting/table/list': () => ({
      code: 0,
      data: { list: [ROW], total: 1, page: 1, pageSize: 20 },
    }),
    'GET /gamesetting/table/unconfigured': () => ({
      code: 0,
      data: [
        {
          gameId: 2,
          tableId: 'TP-09',
          firstSeenAt: Date.UTC(2026, 2, 1),
          lastSeenAt: Date.UTC(2026, 2, 3),
          rounds: 1234,
        },
      ],
    }),
    ...handlers,
  });
}

function renderPage() {
  return renderWithProviders(<TableSettingPage />, {
    preloadedState: { session: readySession(userInfo({ permission: PERM.TABLE_SETTING })) },
  });
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(`${label} (required)`);

describe('TableSettingPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
  });

  it('lists the tables with their labels and icons, and the unconfigured ones', async () => {
    gateway();
    renderPage();
    const table = await screen.findByRole('region', { name: 'Configured tables' });
    const row = within(table).getByText('BAC-01').closest('tr') as HTMLElement;
    expect(within(row).getByText('Baccarat')).toBeTruthy();
    expect(within(row).getByText('big')).toBeTruthy();
    expect(within(row).getByRole('img').getAttribute('src')).toBe('/api/gamesetting/table/icon/7?v=abc123');
    const seen = await screen.findByRole('region', { name: 'Unconfigured tables' });
    expect(within(seen).getByText('TP-09')).toBeTruthy();
    expect(within(seen).getByText('1,234')).toBeTruthy();
  });

  it('checks the fields and the icon by its content before sending, then creates the table', async () => {
    const gw = gateway({
      'POST /gamesetting/table/create': () => ({ code: 0, data: { ...ROW, id: 8, tableId: 'BAC-02' } }),
    });
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Configured tables' });
    await user.click(screen.getAllByRole('button', { name: 'New table' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Choose a game').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Enter the table ID')).toBeTruthy();
    expect(within(dialog).getByText('Upload a table icon')).toBeTruthy();
    expect(gw.callsTo('POST /gamesetting/table/create')).toHaveLength(0);

    await user.selectOptions(field(dialog, 'Game'), '1');
    await user.type(field(dialog, 'Table ID'), 'BAC-02');
    await user.type(field(dialog, 'Table name'), 'Silver Tiger');
    await user.selectOptions(field(dialog, 'Game type'), '1');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['hello, I am text'], 'icon.png', { type: 'image/png' }));
    expect(await within(dialog).findByText(/not a PNG, JPEG, WebP or GIF image/)).toBeTruthy();
    await user.upload(input, new File([PNG], 'icon.png', { type: 'image/png' }));
    const preview = await within(dialog).findByTestId('table-icon-preview');
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gw.callsTo('POST /gamesetting/table/create')).toHaveLength(1));
    expect(gw.callsTo('POST /gamesetting/table/create')[0]?.body).toEqual({
      gameId: 1,
      tableId: 'BAC-02',
      name: 'Silver Tiger',
      type: 1,
      enabled: true,
      icon: btoa(String.fromCharCode(...PNG)),
    });
    expect(await screen.findByText('Table BAC-02 created')).toBeTruthy();
  });

  it('shows a duplicate refusal on its field and adopts a table seen in the events', async () => {
    gateway({
      'POST /gamesetting/table/update': () => ({
        code: -1,
        msg: 'Game ID have already exist',
        key: 'tables.gameNameExists',
      }),
    });
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Configured tables' });
    await user.click(screen.getByRole('button', { name: 'Edit table BAC-01' }));
    let dialog = await screen.findByRole('dialog');
    expect((field(dialog, 'Table ID') as HTMLInputElement).value).toBe('BAC-01');
    // Editing keeps the icon: the current one is shown and the form is valid without a new file.
    expect(within(dialog).getByTestId('table-icon-preview').getAttribute('src')).toContain(
      '/icon/7?v=abc123',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = await within(dialog).findByText('Game ID have already exist');
    expect(error.closest('.bp6-form-group')?.textContent).toContain('Table name');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Adopt table TP-09' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Adopt table TP-09')).toBeTruthy();
    expect((field(dialog, 'Table ID') as HTMLInputElement).value).toBe('TP-09');
    expect((field(dialog, 'Game') as HTMLSelectElement).value).toBe('2');
  });
});
