import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { setupStore } from '@/app/store';
import { BootNotices } from '@/components/BootNotices';
import { LangSelect } from '@/components/LangSelect';
import { LanguageSelect } from '@/components/LanguageSelect';
import { Hamburger } from '@/components/layout/Hamburger';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { getLanguageCookie, switchLanguage } from '@/lib/i18n/languages';
import { deviceChanged, sidebarClosed, sidebarToggled, sizeChanged } from './appSlice';

describe('sidebar cookie (sidebarStatus)', () => {
  it('is open by default and reads 0 as collapsed', () => {
    expect(setupStore(undefined, { live: false }).getState().app.sidebar.opened).toBe(true);
    Cookies.set('sidebarStatus', '0');
    expect(setupStore(undefined, { live: false }).getState().app.sidebar.opened).toBe(false);
    Cookies.set('sidebarStatus', '1');
    expect(setupStore(undefined, { live: false }).getState().app.sidebar.opened).toBe(true);
  });

  it('saves 1 or 0 on every toggle and close', () => {
    const store = setupStore(undefined, { live: false });
    store.dispatch(sidebarToggled());
    expect(Cookies.get('sidebarStatus')).toBe('0');
    store.dispatch(sidebarToggled());
    expect(Cookies.get('sidebarStatus')).toBe('1');
    store.dispatch(sidebarClosed({ withoutAnimation: true }));
    expect(Cookies.get('sidebarStatus')).toBe('0');
    expect(store.getState().app.sidebar).toEqual({ opened: false, withoutAnimation: true });
  });

  it('does not save the drawer of a mobile device', () => {
    const store = setupStore(undefined, { live: false });
    store.dispatch(deviceChanged('mobile'));
    store.dispatch(sidebarClosed({ withoutAnimation: true }));
    expect(Cookies.get('sidebarStatus')).toBeUndefined();
  });

  it('the hamburger toggles it', async () => {
    const { user, store } = renderWithProviders(<Hamburger />);
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(store.getState().app.sidebar.opened).toBe(false);
    expect(Cookies.get('sidebarStatus')).toBe('0');
  });
});

describe('size cookie', () => {
  it('defaults to medium and saves the choice', () => {
    const store = setupStore(undefined, { live: false });
    expect(store.getState().app.size).toBe('medium');
    store.dispatch(sizeChanged('mini'));
    expect(Cookies.get('size')).toBe('mini');
    expect(setupStore(undefined, { live: false }).getState().app.size).toBe('mini');
    Cookies.set('size', 'gigantic');
    expect(setupStore(undefined, { live: false }).getState().app.size).toBe('medium');
  });
});

describe('language cookie', () => {
  it('defaults to zh and ignores unknown values', () => {
    expect(getLanguageCookie()).toBe('zh');
    Cookies.set('language', 'fr');
    expect(getLanguageCookie()).toBe('zh');
    Cookies.set('language', 'ja');
    expect(getLanguageCookie()).toBe('ja');
  });

  it('a switch saves the cookie and reloads; the reloaded page says "Switch Language Success"', async () => {
    const reload = vi.fn();
    switchLanguage('en', reload);
    expect(Cookies.get('language')).toBe('en');
    expect(reload).toHaveBeenCalledTimes(1);
    renderWithProviders(<BootNotices />);
    expect(await screen.findByText('Switch Language Success')).toBeTruthy();
    // Only once.
    expect(window.sessionStorage.length).toBe(0);
  });

  it('the navbar menu switches language', async () => {
    const reload = vi.fn();
    const { user } = renderWithProviders(<LangSelect reload={reload} />);
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByText('日本語'));
    expect(Cookies.get('language')).toBe('ja');
    expect(reload).toHaveBeenCalled();
  });

  it('the login page select switches language', async () => {
    const reload = vi.fn();
    const { user } = renderWithProviders(<LanguageSelect reload={reload} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
    expect(Cookies.get('language')).toBe('es');
    expect(reload).toHaveBeenCalled();
  });
});
