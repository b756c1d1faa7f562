import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { GuestOnly } from '@/app/guards';
import { TOKEN_COOKIE } from '@/config/app';
import { fakeGateway } from '@/testing/fakeGateway';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { LoginPage } from './LoginPage';

function Landed() {
  const location = useLocation();
  return <p>landed on {`${location.pathname}${location.search}`}</p>;
}

function renderLogin(route = '/login') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/login"
        element={
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        }
      />
      <Route path="*" element={<Landed />} />
    </Routes>,
    { route },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('refuses an empty account and a short password with the spec messages, without calling the gateway', async () => {
    const gateway = fakeGateway();
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Account'), '   ');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Account wrong')).toBeTruthy();
    expect(screen.getByText('Password at least 6 digits')).toBeTruthy();
    expect(gateway.calls).toHaveLength(0);
  });

  it('submits with Enter, trims the account and follows the redirect parameter', async () => {
    const gateway = fakeGateway({ 'POST /user/login': () => ({ code: 0, data: { token: 'new-token' } }) });
    const { user } = renderLogin('/login?redirect=%2Friskdata%2Friskdata%3Fprovider%3D1001');
    await user.type(screen.getByLabelText('Account'), '  admin  ');
    await user.type(screen.getByLabelText('Password'), 'admin123{Enter}');
    expect(await screen.findByText('landed on /riskdata/riskdata?provider=1001')).toBeTruthy();
    expect(gateway.callsTo('POST /user/login')[0]?.body).toEqual({ username: 'admin', password: 'admin123' });
    expect(Cookies.get(TOKEN_COOKIE)).toBe('new-token');
  });

  it('goes to /homepage when the redirect points to another site', async () => {
    fakeGateway({ 'POST /user/login': () => ({ code: 0, data: { token: 't' } }) });
    const { user } = renderLogin('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await user.type(screen.getByLabelText('Account'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'admin123{Enter}');
    expect(await screen.findByText('landed on /homepage')).toBeTruthy();
  });

  it('shows the gateway refusal and stays', async () => {
    fakeGateway({ 'POST /user/login': () => ({ code: -4, msg: 'Login fail' }) });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Account'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong-password{Enter}');
    expect(await screen.findByText('Login fail')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log in' }).getAttribute('class')).not.toMatch(/loading/),
    );
  });

  it('shows and hides the password, and warns about caps lock', async () => {
    const { user } = renderLogin();
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');

    fireEvent(password, new KeyboardEvent('keyup', { key: 'a', bubbles: true }));
    expect(screen.queryByText('Caps lock is On')).toBeNull();
    fireEvent(password, new KeyboardEvent('keyup', { key: 'A', bubbles: true, modifierCapsLock: true }));
    expect(await screen.findByText('Caps lock is On')).toBeTruthy();
    fireEvent(password, new KeyboardEvent('keyup', { key: 'a', bubbles: true }));
    expect(screen.queryByText('Caps lock is On')).toBeNull();
  });

  it('offers the language switch', () => {
    renderLogin();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
  });
});
