import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Classes } from '@blueprintjs/core';
import type { StaffRow } from '@dms/shared/contracts/http/staff';
import type { UserInfo } from '@dms/shared/contracts/http/user';
import { fakeGateway as fakeNetwork, type FakeHandler } from '@/testing/fakeGateway';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { StaffPage } from './StaffPage';

const T0 = Date.UTC(2025, 0, 15, 8, 0, 0);

const STAFF: StaffRow[] = [
  {
    id: 1,
    account: 'admin',
    nickname: 'Administrator',
    roleId: 1,
    roleName: 'Super admin',
    providers: [1001, 1002],
    currencies: ['CNY', 'INR'],
    isSuper: true,
    manageable: false,
    createdAt: T0,
    updatedAt: T0,
    lastLoginAt: T0,
  },
  {
    id: 2,
    account: 'ops.lead',
    nickname: 'Ops lead',
    roleId: 2,
    roleName: 'Risk analyst',
    providers: [1001],
    currencies: ['INR'],
    isSuper: false,
    manageable: true,
    createdAt: T0,
    updatedAt: T0,
    lastLoginAt: null,
  },
  {
    id: 3,
    account: 'analyst',
    nickname: '',
    roleId: 2,
    roleName: 'Risk analyst',
    providers: [1002],
    currencies: ['CNY'],
    isSuper: false,
    manageable: true,
    createdAt: T0,
    updatedAt: T0,
    lastLoginAt: T0,
  },
];

const PROVIDERS = [
  { id: 1001, name: 'Lucky Star' },
  { id: 1002, name: 'Golden Dragon' },
];
const CURRENCIES = [
  { code: 'CNY', name: 'Chinese Yuan' },
  { code: 'INR', name: 'Indian Rupee' },
];

/** A fake gateway at the network boundary: `fetch` answers envelope JSON and records every call. */
function fakeGateway(overrides: Record<string, FakeHandler> = {}) {
  const handlers: Record<string, FakeHandler> = {
    'GET /permission/staff/list': () => ({
      code: 0,
      data: { list: STAFF, total: STAFF.length, page: 1, pageSize: 20 },
    }),
    'GET /permission/role/options': () => ({
      code: 0,
      data: [
        { id: 1, name: 'Super admin', permission: '9000,9001,9002' },
        { id: 2, name: 'Risk analyst', permission: '8000' },
      ],
    }),
    'GET /base/providers': () => ({ code: 0, data: PROVIDERS }),
    'GET /base/currencies': () => ({ code: 0, data: CURRENCIES }),
    'POST /permission/staff/create': () => ({ code: 0, data: { id: 9 } }),
    'POST /permission/staff/update': () => ({ code: 0, data: null }),
    'POST /permission/staff/delete': () => ({ code: 0, data: null }),
    ...overrides,
  };
  const network = fakeNetwork(handlers);
  return { calls: network.calls, posts: (path: string) => network.callsTo(`POST ${path}`) };
}

function formGroupOf(dialog: HTMLElement, label: string): HTMLElement {
  const group = within(dialog)
    .getByText(label, { selector: 'label' })
    .closest<HTMLElement>(`.${Classes.FORM_GROUP}`);
  if (!group) throw new Error(`no form group labelled ${label}`);
  return group;
}

async function openCreateDialog() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<StaffPage />);
  await screen.findByText('ops.lead');
  await user.click(screen.getAllByRole('button', { name: 'New account' })[0]!);
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

/** Fills a complete new account: name, role, every provider and every currency. */
async function fillAccount(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, account: string) {
  await user.type(within(dialog).getByLabelText(/Account name/), account);
  const role = within(dialog).getByLabelText(/^Role/) as HTMLSelectElement;
  await waitFor(() => expect(within(role).getAllByRole('option')).toHaveLength(3));
  await user.selectOptions(role, '2');
  const providers = formGroupOf(dialog, 'Providers');
  await waitFor(() =>
    expect(within(providers).getByRole('button', { name: 'Select all' }).hasAttribute('disabled')).toBe(
      false,
    ),
  );
  await user.click(within(providers).getByRole('button', { name: 'Select all' }));
  const currencies = formGroupOf(dialog, 'Currencies');
  await waitFor(() =>
    expect(within(currencies).getByRole('button', { name: 'Select all' }).hasAttribute('disabled')).toBe(
      false,
    ),
  );
  await user.click(within(currencies).getByRole('button', { name: 'Select all' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StaffPage', { timeout: 30_000 }, () => {
  it('lists accounts with provider names and currency tags', async () => {
    fakeGateway();
    renderWithProviders(<StaffPage />);
    const row = await screen.findByTestId('staff-row-1');
    expect(await within(row).findByText('Lucky Star, Golden Dragon')).toBeTruthy();
    expect(within(row).getByText('CNY')).toBeTruthy();
    expect(within(screen.getByTestId('staff-row-2')).getByText('Never')).toBeTruthy();
  });

  it('shows markup stored in a nickname and a role name as inert text', async () => {
    const markup = {
      nickname: '<script>window.pwned=1</script>',
      roleName: '<b onmouseover="window.pwned=2">R</b>',
    };
    fakeGateway({
      'GET /permission/staff/list': () => ({
        code: 0,
        data: { list: [{ ...STAFF[2]!, ...markup }], total: 1, page: 1, pageSize: 20 },
      }),
    });
    const { container } = renderWithProviders(<StaffPage />);
    const row = await screen.findByTestId('staff-row-3');
    expect(within(row).getByText(markup.nickname)).toBeTruthy();
    expect(within(row).getByText(markup.roleName)).toBeTruthy();
    expect(container.querySelector('script, b[onmouseover]')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('locks the super account and offers no delete on it', async () => {
    fakeGateway();
    renderWithProviders(<StaffPage />);
    const superRow = await screen.findByTestId('staff-row-1');
    expect(within(superRow).queryByRole('button', { name: /delete/i })).toBeNull();
    expect(within(superRow).queryByRole('button', { name: /edit/i })).toBeNull();
    expect(within(superRow).getByText('Super account', { selector: `.${Classes.TAG} *` })).toBeTruthy();
    expect(within(superRow).getByTitle('administrator account cannot be changed or deleted')).toBeTruthy();
    expect(
      within(screen.getByTestId('staff-row-3')).getByRole('button', { name: 'Delete account analyst' }),
    ).toBeTruthy();
  });

  it('locks an account the caller may not manage (a peer, or one beyond it) and says why', async () => {
    fakeGateway({
      'GET /permission/staff/list': () => ({
        code: 0,
        data: { list: [{ ...STAFF[2]!, manageable: false }], total: 1, page: 1, pageSize: 20 },
      }),
    });
    renderWithProviders(<StaffPage />);
    const row = await screen.findByTestId('staff-row-3');
    expect(within(row).queryByRole('button', { name: /edit|delete/i })).toBeNull();
    expect(
      within(row).getByTitle('Only an account holding more permissions or scope than this one can manage it'),
    ).toBeTruthy();
  });

  it("locks the signed-in account's own row: it is changed in Profile", async () => {
    fakeGateway();
    const info: UserInfo = {
      permission: '9000,9002',
      user: 'ops.lead',
      avatar: '',
      introduction: '',
      currency_list: 'INR',
      h5_channel_power: '[1001]',
      uid: 2,
      union_id: '',
      nickname: 'Ops lead',
      role: { id: 2, name: 'Risk analyst' },
      providers: [PROVIDERS[0]!],
      currencies: [CURRENCIES[1]!],
      isSuper: false,
    };
    renderWithProviders(<StaffPage />, {
      preloadedState: {
        session: {
          token: 't',
          status: 'ready',
          info,
          roles: ['9000', '9002'],
          providerIds: [1001],
          currencies: [{ key: 'INR', label: 'Indian Rupee', value: 'INR' }],
        },
      },
    });
    const own = await screen.findByTestId('staff-row-2');
    expect(within(own).queryByRole('button', { name: /delete|edit/i })).toBeNull();
    expect(
      within(own).getByTitle('You cannot edit your own account here: change your password in Profile'),
    ).toBeTruthy();
    expect(within(own).getByText('You')).toBeTruthy();
  });

  it('refuses an empty role, providers and currencies with the spec messages, without calling the server', async () => {
    const gateway = fakeGateway();
    const { user, dialog } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText(/Account name/), 'new.analyst');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('RoleId cannot be empty')).toBeTruthy();
    expect(within(dialog).getByText('providerId cannot be empty')).toBeTruthy();
    expect(within(dialog).getByText('currency_list cannot be empty')).toBeTruthy();
    expect(gateway.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses an empty account name with "account name cannot be empty"', async () => {
    const gateway = fakeGateway();
    const { user, dialog } = await openCreateDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('account name cannot be empty')).toBeTruthy();
    expect(gateway.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows a password the gateway generated once, after creation', async () => {
    const gateway = fakeGateway({
      'POST /permission/staff/create': () => ({ code: 0, data: { id: 9, password: 'kP4-generated-Zq' } }),
    });
    const { user, dialog } = await openCreateDialog();
    await fillAccount(user, dialog, 'new.analyst');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(gateway.posts('/permission/staff/create')).toHaveLength(1));
    expect(gateway.posts('/permission/staff/create')[0]!.body).toEqual({
      account: 'new.analyst',
      nickname: '',
      roleId: 2,
      providers: [1001, 1002],
      currencies: ['CNY', 'INR'],
    });
    const shown = (await within(dialog).findByTestId('generated-password')) as HTMLInputElement;
    expect(shown.value).toBe('kP4-generated-Zq');
    expect(within(dialog).getByText(/will not be shown again/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getAllByRole('button', { name: 'New account' })[0]!);
    const again = await screen.findByRole('dialog');
    expect(within(again).queryByTestId('generated-password')).toBeNull();
    expect(screen.queryByDisplayValue('kP4-generated-Zq')).toBeNull();
  });

  it('shows a duplicate account name refused with -100 on the account field', async () => {
    fakeGateway({
      'POST /permission/staff/create': () => ({ code: -100, msg: 'account name already exists', data: null }),
    });
    const { user, dialog } = await openCreateDialog();
    await fillAccount(user, dialog, 'analyst');
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret-123');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const account = within(dialog).getByLabelText(/Account name/);
    await waitFor(() => expect(account.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(account.getAttribute('aria-describedby')!)?.textContent).toBe(
      'account name already exists',
    );
  });

  it('edits an account without its name and sends a new password only when asked', async () => {
    const gateway = fakeGateway();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<StaffPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit account analyst' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/Account name/) as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.posts('/permission/staff/update')).toHaveLength(1));
    expect(gateway.posts('/permission/staff/update')[0]!.body).toEqual({
      id: 3,
      nickname: '',
      roleId: 2,
      providers: [1002],
      currencies: ['CNY'],
    });
  });
});
