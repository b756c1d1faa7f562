import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway } from '@/testing/fakeGateway';
import { readySession, userInfo } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { ProfilePage, validatePasswordChange } from './ProfilePage';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderProfile() {
  return renderWithProviders(<ProfilePage />, {
    route: '/profile/index',
    preloadedState: { session: readySession() },
  });
}

describe('ProfilePage', () => {
  it('shows the account: name, role, providers and currencies', () => {
    renderProfile();
    expect(screen.getByRole('heading', { name: 'Ops Lead' })).toBeTruthy();
    expect(screen.getByText('@ops.lead')).toBeTruthy();
    expect(screen.getByText('Risk analyst')).toBeTruthy();
    expect(screen.getByText('Golden Dragon')).toBeTruthy();
    expect(screen.getByText('Lucky Star')).toBeTruthy();
    expect(screen.getByText('CNY')).toBeTruthy();
    expect(screen.getByText('Indian Rupee')).toBeTruthy();
  });

  it('checks the new password length and the confirmation before calling the gateway', async () => {
    const gateway = fakeGateway();
    const { user } = renderProfile();
    await user.type(screen.getByLabelText('Old password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), '12345');
    await user.type(screen.getByLabelText('Confirm password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Password at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Two passwords are inconsistent')).toBeTruthy();
    expect(gateway.calls).toHaveLength(0);
  });

  it('changes the password and keeps the session', async () => {
    const gateway = fakeGateway({ 'POST /user/editPassword': () => ({ code: 0, data: null }) });
    const { user, store } = renderProfile();
    await user.type(screen.getByLabelText('Old password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(gateway.callsTo('POST /user/editPassword')[0]?.body).toEqual({
      oldPassword: 'old-secret',
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Old password').value).toBe('');
    expect(store.getState().session.status).toBe('ready');
  });

  it('toasts a wrong old password and keeps it beside the field until the field is edited', async () => {
    fakeGateway({
      'POST /user/editPassword': () => ({
        code: -1,
        msg: 'old password is wrong',
        key: 'auth.oldPasswordWrong',
      }),
    });
    const { user } = renderProfile();
    await user.type(screen.getByLabelText('Old password'), 'not-it');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => {
      const shown = screen.getAllByText('The old password is wrong');
      expect(shown.some((node) => node.closest('.bp6-toast'))).toBe(true);
      expect(
        shown.some((node) => node.closest('.bp6-form-group')?.querySelector('#dms-profile-oldPassword')),
      ).toBe(true);
    });
    await user.type(screen.getByLabelText('Old password'), 'x');
    expect(
      screen.getAllByText('The old password is wrong').every((node) => !node.closest('.bp6-form-group')),
    ).toBe(true);
  });

  it('validates like the spec', () => {
    expect(
      validatePasswordChange({ oldPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' }),
    ).toEqual({
      oldPassword: 'common:profile.oldRequired',
    });
    expect(
      validatePasswordChange({ oldPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdef' }),
    ).toEqual({});
  });

  it('uses initials when the account has no avatar', () => {
    renderWithProviders(<ProfilePage />, {
      preloadedState: { session: readySession(userInfo({ avatar: '' })) },
    });
    expect(screen.getAllByText('OL').length).toBeGreaterThan(0);
  });
});
