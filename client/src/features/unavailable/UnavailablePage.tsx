import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ASYNC_ROUTES, flattenRoutes } from '@dms/shared/permissions/routes';

/**
 * Shown on the permitted screens that later releases build (company profit, monitors, risk, Teen Patti,
 * table setting): says plainly that the screen is not in this version, instead of an empty page.
 */
export function UnavailablePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const route = flattenRoutes(ASYNC_ROUTES).find((r) => r.path === pathname);
  const screen = route?.meta?.title ? t(`route:${route.meta.title}`) : pathname;
  return (
    <div className="dms-page dms-unavailable">
      <NonIdealState
        icon="time"
        title={t('common:unavailable.title')}
        description={t('common:unavailable.description', { screen })}
        action={
          <Button icon="home" text={t('common:unavailable.backHome')} onClick={() => navigate('/homepage')} />
        }
      />
    </div>
  );
}
