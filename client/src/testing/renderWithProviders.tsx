import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { setupStore, type AppStore, type RootState } from '@/app/store';
import { UiProviders } from '@/components/UiProviders';
import { initTestI18n } from './i18nForTests';

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** State to start the real store from (slices not given take their initial state). */
  preloadedState?: Partial<RootState>;
  /** A store made by the test; by default a new one from `preloadedState`. */
  store?: AppStore;
  /** The router's initial entries (a path, or a history). */
  route?: string | string[];
}

/**
 * Renders `ui` as the app does — a real store (`setupStore`), Blueprint's providers, a MemoryRouter, and
 * i18next in English — and returns the store and a user-event instance with the render result.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    store = setupStore(preloadedState, { live: false }),
    route = '/',
    ...options
  }: ProvidersOptions = {},
) {
  initTestI18n();
  const entries = Array.isArray(route) ? route : [route];
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <UiProviders>
          <MemoryRouter initialEntries={entries}>{children}</MemoryRouter>
        </UiProviders>
      </Provider>
    );
  }
  return { store, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...options }) };
}
