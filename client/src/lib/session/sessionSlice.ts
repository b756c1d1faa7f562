import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from '@dms/shared/contracts/http/user';
import {
  ASYNC_ROUTES,
  CONSTANT_ROUTES,
  filterRoutesByCodes,
  type AppRoute,
} from '@dms/shared/permissions/routes';
import { sessionEnded } from './events';
import { getToken } from './token';
import type { CurrencyOption, SessionProfile } from './userInfo';

/**
 * `anonymous`: no token (a visitor). `pending`: a token without loaded roles. `loading`: user info is on
 * its way. `ready`: roles loaded and routes generated.
 */
export type SessionStatus = 'anonymous' | 'pending' | 'loading' | 'ready';

export interface SessionState {
  token: string | null;
  status: SessionStatus;
  info: UserInfo | null;
  roles: string[];
  providerIds: number[];
  currencies: CurrencyOption[];
}

function anonymous(): SessionState {
  return { token: null, status: 'anonymous', info: null, roles: [], providerIds: [], currencies: [] };
}

/** The state at start-up: a token in the cookie makes the session `pending` (user info to load). */
export function initialSessionState(token: string | null = getToken() ?? null): SessionState {
  return token ? { ...anonymous(), token, status: 'pending' } : anonymous();
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: () => initialSessionState(),
  reducers: {
    loggedIn(state, action: PayloadAction<string>) {
      return { ...anonymous(), token: action.payload, status: 'pending' };
    },
    userInfoRequested(state) {
      if (state.token) state.status = 'loading';
    },
    userInfoLoaded(state, action: PayloadAction<SessionProfile>) {
      if (!state.token) return;
      const { info, roles, providerIds, currencies } = action.payload;
      state.info = info;
      state.roles = roles;
      state.providerIds = providerIds;
      state.currencies = currencies;
      state.status = 'ready';
    },
    userInfoFailed() {
      return anonymous();
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => anonymous());
  },
  selectors: {
    selectSession: (state) => state,
    selectToken: (state) => state.token,
    selectSessionStatus: (state) => state.status,
    selectUserInfo: (state) => state.info,
    selectRoles: (state) => state.roles,
    selectCurrencies: (state) => state.currencies,
    selectProviderIds: (state) => state.providerIds,
  },
});

export const { loggedIn, userInfoRequested, userInfoLoaded, userInfoFailed } = sessionSlice.actions;
export const {
  selectSession,
  selectToken,
  selectSessionStatus,
  selectUserInfo,
  selectRoles,
  selectCurrencies,
  selectProviderIds,
} = sessionSlice.selectors;

/** The routes of an account with `codes`: the constant routes and the permitted routes, in menu order. */
export function generateRoutes(codes: readonly string[]): AppRoute[] {
  return [...CONSTANT_ROUTES, ...filterRoutesByCodes(ASYNC_ROUTES, codes)];
}

/** The user's route table (spec section 4: generated from the permission codes once roles are loaded). */
export const selectRoutes = createSelector([selectRoles], (roles) => generateRoutes(roles));
