import { Button, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { ALERT_CENTRE_PATH, seesAlerts, selectOpenAlertCount } from '@/lib/alerts/liveAlertsSlice';
import { selectRoles } from '@/lib/session/sessionSlice';

/**
 * The open alerts of the account's access, in the top bar: read from the API when the session starts and
 * kept live by the alert events; a click opens the alert centre. Absent without 3000 or 8000.
 */
export function OpenAlertsBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useSelector(selectOpenAlertCount);
  const permitted = seesAlerts(useSelector(selectRoles));
  if (!permitted) return null;
  const label = t('common:alerts.badge', { count: count ?? 0 });
  return (
    <Tooltip content={label} placement="bottom">
      <Button
        variant="minimal"
        icon="notifications"
        aria-label={label}
        className="dms-alert-badge"
        data-count={count ?? undefined}
        onClick={() => void navigate(ALERT_CENTRE_PATH)}
      >
        {count ? (
          <span className="dms-alert-badge__count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Button>
    </Tooltip>
  );
}
