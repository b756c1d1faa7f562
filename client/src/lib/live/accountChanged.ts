import { createAsyncThunk } from '@reduxjs/toolkit';
import { LIVE_PERMISSION_CODES } from '@dms/shared/contracts/live/rooms';
import { api } from '@/lib/api/api';
import { i18n } from '@/lib/i18n/i18n';
import { showError } from '@/lib/notify/toaster';
import { sessionApi } from '@/lib/session/sessionApi';
import { userInfoFailed, userInfoLoaded, type SessionState } from '@/lib/session/sessionSlice';
import { removeToken } from '@/lib/session/token';
import { deriveSessionProfile, UserInfoError } from '@/lib/session/userInfo';
import { liveAccessChanged } from './liveActions';

/**
 * `account:changed`: the account's role, permissions or scope changed. The user info is read again and
 * the session updated in place (no reload, no loading screen), so the menu and the routes follow; the live
 * slices drop what came from screens and providers the account lost ({@link liveAccessChanged}). The shell
 * sends a user whose current page is no longer permitted to the unauthorized page. An account left with
 * no permission or no provider is signed out, as at sign-in (spec section 5).
 */
export const accountChanged = createAsyncThunk('live/accountChanged', async (_, { dispatch, getState }) => {
  const before = (getState() as { session: SessionState }).session;
  if (before.status !== 'ready') return;
  let info;
  try {
    info = await dispatch(
      sessionApi.endpoints.userInfo.initiate(undefined, { subscribe: false, forceRefetch: true }),
    ).unwrap();
  } catch {
    // Unreachable or refused: the gateway enforces the new access anyway; the next change reads it again.
    return;
  }
  try {
    const profile = deriveSessionProfile(info);
    dispatch(userInfoLoaded(profile));
    const roles = new Set(profile.roles);
    const providers = new Set(profile.providerIds);
    dispatch(
      liveAccessChanged({
        lostScreens: LIVE_PERMISSION_CODES.filter((c) => before.roles.includes(c) && !roles.has(c)),
        lostProviders: before.providerIds.filter((p) => !providers.has(p)),
        roles: profile.roles,
        providerIds: profile.providerIds,
      }),
    );
    // Lists of providers and currencies follow the new scope.
    dispatch(api.util.invalidateTags(['Base', 'User']));
  } catch (cause) {
    if (!(cause instanceof UserInfoError)) throw cause;
    removeToken();
    dispatch(userInfoFailed());
    void showError(i18n.t(`errors:info.${cause.key}`));
  }
});
