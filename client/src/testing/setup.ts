import { Icons } from '@blueprintjs/icons';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { dismissRelogin } from '@/lib/api/reloginPrompt';
import { initTestI18n } from './i18nForTests';

// jsdom lacks these browser APIs that Blueprint, the layout and the live indicator use.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

// Icon paths are images to a test: never fetch them (a pending load also avoids state updates after a test).
Icons.setLoaderOptions({ loader: () => new Promise(() => {}) });

initTestI18n();

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(() => {
  cleanup();
  dismissRelogin();
  clearCookies();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// Blueprint's overlays close through react-transition-group timers (up to 300 ms). Let the last ones fire
// while jsdom's window still exists, or they throw after the environment is torn down.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
});
