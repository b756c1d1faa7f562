import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DisplayRow } from '@dms/shared/contracts/http/display';
import { fakeGateway } from '@/testing/fakeGateway';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { WallScreensPage } from './WallScreensPage';

const NOW = Date.now();
const row = (over: Partial<DisplayRow>): DisplayRow => ({
  id: 1,
  name: 'Floor 2 wall',
  state: 'active',
  roleId: 5,
  roleName: 'Wall monitors',
  permission: '3000,8000',
  providers: [1001, 1002],
  label: 'wall:alerts',
  createdAt: NOW - 3_600_000,
  approvedAt: NOW - 3_000_000,
  approvedBy: 'admin',
  revokedAt: null,
  revokedBy: '',
  lastSeenAt: NOW - 20_000,
  lastIp: '10.0.0.8',
  userAgent: 'Chromium',
  ...over,
});

function gateway() {
  return fakeGateway({
    'GET /display/list': () => ({
      code: 0,
      data: {
        list: [
          row({}),
          row({ id: 2, name: 'Old lobby', state: 'revoked', roleId: null, permission: '', lastSeenAt: null }),
        ],
        total: 2,
        page: 1,
        pageSize: 20,
      },
    }),
    'GET /base/providers': () => ({
      code: 0,
      data: [
        { id: 1001, name: 'Lucky Star' },
        { id: 1002, name: 'Golden Dragon' },
      ],
    }),
    'GET /permission/role/options': () => ({
      code: 0,
      data: [
        { id: 4, name: 'Statistics only', permission: '12000' },
        { id: 5, name: 'Wall monitors', permission: '3000,8000' },
      ],
    }),
    'GET /display/pending': (call) =>
      call.query.get('code') === 'ABCD2345'
        ? {
            code: 0,
            data: {
              label: 'wall:alerts',
              createdAt: NOW - 60_000,
              expiresAt: NOW + 540_000,
              ip: '10.0.0.9',
              userAgent: 'x',
            },
          }
        : {
            code: -1,
            key: 'display.codeUnknown',
            msg: 'no pending pairing request with this code, or it expired',
          },
    'POST /display/approve': () => ({ code: 0, data: { id: 3 } }),
    'POST /display/rename': () => ({ code: 0, data: null }),
    'POST /display/revoke': () => ({ code: 0, data: null }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WallScreensPage', { timeout: 30_000 }, () => {
  it('lists the wall screens with their role, monitors, providers, state and last contact; a revoked one offers nothing', async () => {
    gateway();
    renderWithProviders(<WallScreensPage />);
    const rows = await screen.findAllByTestId('wall-screen-row');
    const active = rows[0]!;
    expect(within(active).getByText('Wall monitors')).toBeTruthy();
    expect(within(active).getByText('Baccarat Monitor, Risk Data')).toBeTruthy();
    expect(await within(active).findByText('Lucky Star, Golden Dragon')).toBeTruthy();
    expect(within(active).getByText('just now')).toBeTruthy();
    expect(within(active).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    const revoked = rows[1]!;
    expect(within(revoked).getByText('Revoked')).toBeTruthy();
    expect(within(revoked).getByText('never')).toBeTruthy();
    expect(within(revoked).queryByRole('button')).toBeNull();
  });

  it('opens the approval from a scanned code, shows the request, offers only monitor roles and approves', async () => {
    const net = gateway();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<WallScreensPage />, { route: '/permission/display?code=abcd-2345' });
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Pairing code') as HTMLInputElement).value).toBe('ABCD-2345');
    expect(await within(dialog).findByTestId('wall-pending')).toBeTruthy();
    expect(within(dialog).getByText(/from 10\.0\.0\.9/)).toBeTruthy();
    const role = within(dialog).getByLabelText(/^Role/) as HTMLSelectElement;
    await waitFor(() =>
      expect(
        within(role)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a role', 'Wall monitors']),
    );
    await user.type(within(dialog).getByLabelText('Name'), 'Pit 3 wall');
    await user.selectOptions(role, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(net.callsTo('POST /display/approve')).toHaveLength(1));
    expect(net.callsTo('POST /display/approve')[0]?.body).toEqual({
      code: 'ABCD2345',
      name: 'Pit 3 wall',
      roleId: 5,
      providers: [1001, 1002],
    });
  });

  it('says when a typed code has no pending request, and does not approve it', async () => {
    gateway();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<WallScreensPage />);
    await screen.findAllByTestId('wall-screen-row');
    await user.click(screen.getAllByRole('button', { name: 'Approve a wall screen' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Pairing code'), 'zzzz9999');
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('renames and revokes a wall screen', async () => {
    const net = gateway();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<WallScreensPage />);
    const [active] = await screen.findAllByTestId('wall-screen-row');
    await user.click(within(active!).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Lobby wall');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(net.callsTo('POST /display/rename')[0]?.body).toEqual({ id: 1, name: 'Lobby wall' }),
    );
    await user.click(within(active!).getByRole('button', { name: 'Revoke' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText(/Revoke “Floor 2 wall”\?/)).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(net.callsTo('POST /display/revoke')[0]?.body).toEqual({ id: 1 }));
  });
});
