import { AnchorButton, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '@/lib/api/api';
import { loggedIn } from '@/lib/session/sessionSlice';
import { setToken } from '@/lib/session/token';
import { useLibDispatch } from '@/lib/store/hooks';
import { safeRedirect } from '@/lib/utils/redirect';

const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{8,512}$/;

/**
 * Reads the token of an external sign-in from `#token=…` (preferred: the fragment never reaches a server)
 * or `?token=…`, stores it, and continues to `redirect` (a same-origin path) or /homepage. The address is
 * replaced so the token does not stay in the history.
 */
export function AuthRedirectPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useLibDispatch();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
    const query = new URLSearchParams(location.search);
    const token = fragment.get('token') ?? query.get('token');
    const target = safeRedirect(fragment.get('redirect') ?? query.get('redirect')) ?? '/homepage';
    if (!token || !TOKEN_PATTERN.test(token)) {
      setFailed(true);
      return;
    }
    setToken(token);
    dispatch(api.util.resetApiState());
    dispatch(loggedIn(token));
    void navigate(target, { replace: true });
  }, [location.hash, location.search, dispatch, navigate]);

  return (
    <div className="dms-fullpage">
      {failed ? (
        <NonIdealState
          icon="key"
          title={t('common:authRedirect.noToken')}
          action={<AnchorButton href="/login" intent="primary" text={t('common:authRedirect.toLogin')} />}
        />
      ) : (
        <NonIdealState icon={<Spinner size={40} />} title={t('common:authRedirect.signingIn')} />
      )}
    </div>
  );
}
