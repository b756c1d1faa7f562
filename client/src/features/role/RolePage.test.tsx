import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSION_CODES } from '@dms/shared/permissions/codes';
import type { RoleRow } from '@dms/shared/contracts/http/role';
import { fakeGateway as fakeNetwork, type FakeHandler } from '@/testing/fakeGateway';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { RolePage } from './RolePage';

const NOW = Date.UTC(2025, 0, 15, 8, 0, 0);

const ROLES: RoleRow[] = [
  {
    id: 1,
    name: 'Super admin',
    description: 'Every permission',
    permission: ALL_PERMISSION_CODES.join(','),
    accountCount: 1,
    isSuper: true,
    createdAt: NOW,
    updatedAt: NOW,
  },
  {
    id: 2,
    name: 'Risk analyst',
    description: 'Watches risk data',
    permission: '8000,10000',
    accountCount: 3,
    isSuper: false,
    createdAt: NOW,
    updatedAt: NOW,
  },
];

/**
 * The fake gateway of this page: the shared one with the role endpoints answered.
 */
function fakeGateway(overrides: Record<string, FakeHandler> = {}) {
  const handlers: Record<string, FakeHandler> = {
    'GET /permission/role/list': () => ({
      code: 0,
      data: { list: ROLES, total: ROLES.length, page: 1, pageSize: 20 },
    }),
    'GET /permission/role/options': () => ({
      code: 0,
      data: ROLES.map(({ id, name, permission }) => ({ id, name, permission })),
    }),
    'POST /permission/role/create': () => ({ code: 0, data: { id: 3 } }),
    'POST /permission/role/update': () => ({ code: 0, data: null }),
    'POST /permission/role/delete': () => ({ code: 0, data: null }),
    ...overrides,
  };
  const network = fakeNetwork(handlers);
  return { calls: network.calls, posts: (path: string) => network.callsTo(`POST ${path}`) };
}

async function openCreateDialog() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<RolePage />);
  await screen.findByText('Risk analyst');
  await user.click(screen.getAllByRole('button', { name: 'New role' })[0]!);
  const dialog = await screen.findByRole('dialog');
  // The dialog takes focus once its enter transition ends; a test that focuses a control earlier loses it.
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { user, dialog };
}

describe('RolePage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists roles with their permissions as localised route titles', async () => {
    fakeGateway();
    renderWithProviders(<RolePage />);
    const row = await screen.findByTestId('role-row-2');
    expect(within(row).getByText('Risk Data')).toBeTruthy();
    expect(within(row).getByText('Risk Setting')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
  });

  it('shows markup stored in a role name and description as inert text', async () => {
    const markup = {
      name: '<script>window.pwned=1</script>',
      description: '<img src=x onerror="window.pwned=2">',
    };
    fakeGateway({
      'GET /permission/role/list': () => ({
        code: 0,
        data: { list: [{ ...ROLES[1]!, ...markup }], total: 1, page: 1, pageSize: 20 },
      }),
    });
    const { container } = renderWithProviders(<RolePage />);
    expect(await screen.findByText(markup.name)).toBeTruthy();
    expect(screen.getByText(markup.description)).toBeTruthy();
    expect(container.querySelector('script, img[src="x"]')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('locks the super role: no edit and no delete action', async () => {
    fakeGateway();
    renderWithProviders(<RolePage />);
    const superRow = await screen.findByTestId('role-row-1');
    expect(within(superRow).queryByRole('button', { name: /delete/i })).toBeNull();
    expect(within(superRow).queryByRole('button', { name: /edit/i })).toBeNull();
    expect(within(superRow).getByText('Super role')).toBeTruthy();
    const otherRow = screen.getByTestId('role-row-2');
    expect(within(otherRow).getByRole('button', { name: 'Delete role Risk analyst' })).toBeTruthy();
    expect(within(otherRow).getByRole('button', { name: 'Edit role Risk analyst' })).toBeTruthy();
  });

  it('checks the group when a child is checked, and unchecks the children with the group', async () => {
    fakeGateway();
    const { user, dialog } = await openCreateDialog();
    const group = within(dialog).getByRole('checkbox', { name: 'Permission' }) as HTMLInputElement;
    const roleBox = within(dialog).getByRole('checkbox', { name: 'Role Management' }) as HTMLInputElement;
    const staffBox = within(dialog).getByRole('checkbox', { name: 'Account Management' }) as HTMLInputElement;
    expect(group.checked || group.indeterminate).toBe(false);

    await user.click(roleBox);
    expect(roleBox.checked).toBe(true);
    expect(group.indeterminate).toBe(true);

    await user.click(staffBox);
    expect(group.checked).toBe(true);
    expect(group.indeterminate).toBe(false);

    await user.click(group);
    expect(group.checked).toBe(false);
    expect(roleBox.checked).toBe(false);
    expect(staffBox.checked).toBe(false);
  });

  it('sends normalised codes when a role is created', async () => {
    const gateway = fakeGateway();
    const { user, dialog } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText(/Role name/), '  Teen Patti analyst ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Analysis Monitor' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Risk Data' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(gateway.posts('/permission/role/create')).toHaveLength(1));
    expect(gateway.posts('/permission/role/create')[0]!.body).toEqual({
      name: 'Teen Patti analyst',
      description: '',
      permission: ['8000', '11000', '11001'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('selects every code with "Select all"', async () => {
    const gateway = fakeGateway();
    const { user, dialog } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText(/Role name/), 'Everything');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.posts('/permission/role/create')).toHaveLength(1));
    expect(
      (gateway.posts('/permission/role/create')[0]!.body as { permission: string[] }).permission,
    ).toEqual([...ALL_PERMISSION_CODES]);
  });

  it('refuses an empty role name with "role name cannot be empty" without calling the server', async () => {
    const gateway = fakeGateway();
    const { user, dialog } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText(/Role name/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('role name cannot be empty')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/Role name/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(gateway.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows a duplicate role name refused with 110 on the name field', async () => {
    fakeGateway({
      'POST /permission/role/create': () => ({ code: 110, msg: 'role name already exists', data: null }),
    });
    const { user, dialog } = await openCreateDialog();
    const name = within(dialog).getByLabelText(/Role name/);
    await user.type(name, 'Risk analyst');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = name.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(document.getElementById(describedBy!)?.textContent).toBe('role name already exists');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('edits a role from its current codes and sends the update', async () => {
    const gateway = fakeGateway();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RolePage />);
    await user.click(await screen.findByRole('button', { name: 'Edit role Risk analyst' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('checkbox', { name: 'Risk Data' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Table Setting' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.posts('/permission/role/update')).toHaveLength(1));
    expect(gateway.posts('/permission/role/update')[0]!.body).toEqual({
      id: 2,
      name: 'Risk analyst',
      description: 'Watches risk data',
      permission: ['8000', '10000', '13000', '13001'],
    });
  });

  it('offers no delete of a role that accounts use, and says why', async () => {
    fakeGateway();
    renderWithProviders(<RolePage />);
    const button = await screen.findByRole('button', { name: 'Delete role Risk analyst' });
    expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(button.getAttribute('title')).toBe(
      '3 accounts currently use this role; give them another role first.',
    );
  });

  it('keeps the delete alert open with the 107 message when an account took the role meanwhile', async () => {
    const unused = { ...(ROLES[1] as RoleRow), accountCount: 0 };
    fakeGateway({
      'GET /permission/role/list': () => ({
        code: 0,
        data: { list: [unused], total: 1, page: 1, pageSize: 20 },
      }),
      'POST /permission/role/delete': () => ({
        code: 107,
        msg: 'delete failed because an account owns the role',
        data: null,
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RolePage />);
    await user.click(await screen.findByRole('button', { name: 'Delete role Risk analyst' }));
    const alert = await screen.findByRole('alertdialog');
    await user.click(within(alert).getByRole('button', { name: 'Delete' }));
    expect(await within(alert).findByText('delete failed because an account owns the role')).toBeTruthy();
  });

  it('collapses and expands a group from the keyboard and with "Collapse all"', async () => {
    fakeGateway();
    const { user, dialog } = await openCreateDialog();
    const group = within(dialog).getByRole('checkbox', { name: 'Teen Patti' });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    group.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(group.getAttribute('aria-expanded')).toBe('false'));
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: 'Test Tools' })).toBeNull());
    await user.keyboard('{ArrowRight}');
    expect(await within(dialog).findByRole('checkbox', { name: 'Test Tools' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Collapse all' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('checkbox', { name: 'Account Management' })).toBeNull(),
    );
  });

  it('shows a failed load with a retry that loads the list', async () => {
    let fail = true;
    fakeGateway({
      'GET /permission/role/list': () =>
        fail
          ? { code: -1, msg: 'database unavailable', data: null }
          : { code: 0, data: { list: ROLES, total: ROLES.length, page: 1, pageSize: 20 } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RolePage />);
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Risk analyst')).toBeTruthy();
  });

  it('shows an empty state when no role matches the search', async () => {
    fakeGateway({
      'GET /permission/role/list': () => ({ code: 0, data: { list: [], total: 0, page: 1, pageSize: 20 } }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RolePage />);
    await user.type(await screen.findByRole('searchbox', { name: 'Search roles by name' }), 'nobody{Enter}');
    expect(await screen.findByText('No matching roles')).toBeTruthy();
  });
});
