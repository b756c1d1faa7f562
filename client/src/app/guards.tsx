import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/components/PageLoading';
import { showError } from '@/lib/notify/toaster';
import { selectSessionStatus, selectToken } from '@/lib/session/sessionSlice';
import { loadUserInfo } from '@/lib/session/sessionThunks';
import { loginUrl, safeRedirect } from '@/lib/utils/redirect';
import { useAppDispatch, useAppSelector } from './hooks';

/**
 * The session guard (spec section 4): a visitor goes to /login?redirect=…; a token without loaded roles
 * fetches the user info first; a failed info load clears the token, shows why and goes to the login page.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectSessionStatus);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { t } = useTranslation();

  useEffect(() => {
    if (status !== 'pending') return;
    void dispatch(loadUserInfo()).then((result) => {
      if (loadUserInfo.rejected.match(result)) void showError(result.payload ?? t('errors:hasError'));
    });
  }, [status, dispatch, t]);

  if (status === 'anonymous')
    return <Navigate to={loginUrl(`${location.pathname}${location.search}`)} replace />;
  if (status !== 'ready') return <PageLoading fullScreen />;
  return children;
}

/**
 * The login page is for visitors: a user with a token goes to the `redirect` of the URL when it is a safe
 * same-origin path, else to /homepage (spec section 4). This is also how a successful login leaves.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useAppSelector(selectToken);
  const [params] = useSearchParams();
  if (token) return <Navigate to={safeRedirect(params.get('redirect')) ?? '/homepage'} replace />;
  return children;
}
