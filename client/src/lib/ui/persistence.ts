import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import { SIDEBAR_COOKIE, SIZE_COOKIE } from '@/config/app';
import { sidebarClosed, sidebarOpened, sidebarToggled, sizeChanged, type AppUiState } from './appSlice';

type State = { app: AppUiState };

/**
 * Saves the sidebar state (`sidebarStatus` 1/0) and the size in cookies, as the spec's section 4 says.
 * The collapse of a mobile drawer is not saved: it is the device, not the user's choice.
 */
export function registerAppUiPersistence(listeners: ListenerMiddlewareInstance): void {
  listeners.startListening({
    matcher: isAnyOf(sidebarToggled, sidebarClosed, sidebarOpened),
    effect: (_action, api) => {
      const state = api.getState() as State;
      if (state.app.device === 'mobile') return;
      Cookies.set(SIDEBAR_COOKIE, state.app.sidebar.opened ? '1' : '0', { expires: 365, sameSite: 'Lax' });
    },
  });
  listeners.startListening({
    actionCreator: sizeChanged,
    effect: (action) => {
      Cookies.set(SIZE_COOKIE, action.payload, { expires: 365, sameSite: 'Lax' });
    },
  });
}
