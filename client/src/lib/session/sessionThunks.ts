import { createAsyncThunk } from '@reduxjs/toolkit';
import type { LoginBody } from '@dms/shared/contracts/http/user';
import { api } from '@/lib/api/api';
import { apiErrorMessage, type ApiError } from '@/lib/api/baseQuery';
import { i18n } from '@/lib/i18n/i18n';
import { sessionEnded } from './events';
import { sessionApi } from './sessionApi';
import { loggedIn, userInfoFailed, userInfoLoaded, userInfoRequested } from './sessionSlice';
import { removeToken, setToken } from './token';
import { deriveSessionProfile, UserInfoError } from './userInfo';

/** Wait before asking for the user info again after a request that got no answer. */
const INFO_RETRY_MS = 1_000;

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'code' in value && 'status' in value;
}

/**
 * Signs in: trims the account name, stores the token in the cookie. Rejects with the `ApiError` after the
 * base query has shown why ("Login fail", "Can not find this account").
 */
export const login = createAsyncThunk<string, LoginBody, { rejectValue: ApiError }>(
  'session/login',
  async (body, { dispatch, rejectWithValue }) => {
    const outcome = await dispatch(
      sessionApi.endpoints.login.initiate({ username: body.username.trim(), password: body.password }),
    );
    if ('error' in outcome) return rejectWithValue(outcome.error as ApiError);
    setToken(outcome.data.token);
    dispatch(loggedIn(outcome.data.token));
    return outcome.data.token;
  },
);

/**
 * Loads the user info of the session's token and derives roles and base data. On any failure the token
 * is cleared and the thunk rejects with the message to show: the localised message of the refusal, or
 * "Has Error".
 */
export const loadUserInfo = createAsyncThunk<void, void, { rejectValue: string }>(
  'session/loadUserInfo',
  async (_, { dispatch, rejectWithValue }) => {
    dispatch(userInfoRequested());
    const fetchInfo = () =>
      dispatch(
        sessionApi.endpoints.userInfo.initiate(undefined, { subscribe: false, forceRefetch: true }),
      ).unwrap();
    try {
      let info;
      try {
        info = await fetchInfo();
      } catch (first) {
        // No answer at all (the network, or a request cut off as the page navigates away): ask once more
        // before ending the session. A page that is leaving never gets here, and keeps its token.
        if (!isApiError(first) || typeof first.status === 'number') throw first;
        await new Promise((resolve) => setTimeout(resolve, INFO_RETRY_MS));
        info = await fetchInfo();
      }
      dispatch(userInfoLoaded(deriveSessionProfile(info)));
    } catch (cause) {
      removeToken();
      dispatch(userInfoFailed());
      let message = i18n.t('errors:hasError');
      if (cause instanceof UserInfoError) message = i18n.t(`errors:info.${cause.key}`);
      else if (isApiError(cause)) message = apiErrorMessage(cause);
      return rejectWithValue(message);
    }
  },
);

/**
 * Logs out (spec section 4): tells the gateway, then clears token, roles and cookie, resets the API cache,
 * routes and visited tags (`sessionEnded`). The caller navigates to /login?redirect=….
 */
export const logout = createAsyncThunk('session/logout', async (_, { dispatch }) => {
  try {
    await dispatch(sessionApi.endpoints.logout.initiate()).unwrap();
  } catch {
    // The token is dropped locally whatever the gateway says; an expired one cannot be revoked anyway.
  }
  removeToken();
  dispatch(sessionEnded());
  dispatch(api.util.resetApiState());
});

/** Clears the token and the session without calling the gateway (expired session). */
export const resetSession = createAsyncThunk('session/reset', async (_, { dispatch }) => {
  removeToken();
  dispatch(sessionEnded());
  dispatch(api.util.resetApiState());
});
