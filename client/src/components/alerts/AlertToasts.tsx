import { Intent, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { alertSubjectText } from '@dms/shared/domain/alertSubject';
import { RiskLevel } from '@dms/shared/domain/enums';
import { enumLabel } from '@dms/shared/domain/labels';
import { playAlertTone } from '@/lib/alerts/alertTone';
import {
  ALERT_CENTRE_PATH,
  alertToastsShown,
  seesAlerts,
  selectPendingAlertToasts,
  type LiveAlertEntry,
} from '@/lib/alerts/liveAlertsSlice';
import { useProvidersQuery } from '@/lib/api/baseDataApi';
import { languageOf } from '@/lib/i18n/languages';
import { showToast } from '@/lib/notify/toaster';
import { selectRoles } from '@/lib/session/sessionSlice';
import { selectAlertSounds } from '@/lib/settings/settingsSlice';

/** New alerts toasted one by one at once; more are summed up in one toast. */
const MAX_TOASTS = 3;
const TOAST_MS = 12_000;

/** The toast's colour says the level (high red, middle amber, abnormal grey); its tag names it. */
const LEVEL_INTENT: Record<number, Intent> = {
  [RiskLevel.Abnormal]: Intent.NONE,
  [RiskLevel.Middle]: Intent.WARNING,
  [RiskLevel.High]: Intent.DANGER,
};

/**
 * Alerts as they happen: a toast for each new alert the live channel brings (the gateway sends only the
 * alerts the account may see), with its level, what it is about and a link to the alert centre, and the
 * tone of its level when switched on in the settings (one tone per batch, the highest level's). Renders
 * nothing itself; mounted once by the shell.
 */
export function AlertToasts() {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const pending = useSelector(selectPendingAlertToasts);
  const sounds = useSelector(selectAlertSounds);
  const permitted = seesAlerts(useSelector(selectRoles));
  const providers = useProvidersQuery(undefined, { skip: !permitted });
  const names = useMemo(() => new Map((providers.data ?? []).map((p) => [p.id, p.name])), [providers.data]);

  useEffect(() => {
    if (pending.length === 0) return;
    const language = languageOf(i18n.language);
    const providerName = (id: number) => names.get(id) ?? String(id);
    const subjectOf = ({ alert }: LiveAlertEntry) =>
      alertSubjectText(alert.kind, alert.subject, providerName);
    const open = {
      text: t('common:alerts.openCentre'),
      href: ALERT_CENTRE_PATH,
      onClick: (event: MouseEvent<HTMLElement>) => {
        event.preventDefault();
        void navigate(ALERT_CENTRE_PATH);
      },
    };
    const shown = pending.slice(-MAX_TOASTS);
    for (const entry of shown) {
      const { alert } = entry;
      void showToast(
        {
          intent: LEVEL_INTENT[alert.level] ?? Intent.NONE,
          icon: 'notifications',
          timeout: TOAST_MS,
          action: open,
          message: (
            <div className="dms-alert-toast" data-alert-id={alert.id}>
              <div className="dms-alert-toast__head">
                <strong>{t('common:alerts.new')}</strong>
                <Tag minimal className="dms-alert-toast__level">
                  {enumLabel('riskLevel', alert.level, language).text}
                </Tag>
              </div>
              <div className="dms-alert-toast__subject">
                {t(`common:alerts.kind.${alert.kind}`)} · <span translate="no">{subjectOf(entry)}</span>
              </div>
            </div>
          ),
        },
        `alert-${alert.id}`,
      );
    }
    const more = pending.length - shown.length;
    if (more > 0)
      void showToast(
        {
          intent: Intent.WARNING,
          icon: 'notifications',
          timeout: TOAST_MS,
          action: open,
          message: t('common:alerts.more', { count: more }),
        },
        'alert-more',
      );
    const loudest = Math.max(...pending.map((e) => (sounds.includes(e.alert.level) ? e.alert.level : 0)));
    if (loudest > 0) playAlertTone(loudest);
    dispatch(alertToastsShown(pending.map((e) => e.alert.id)));
  }, [pending, sounds, names, dispatch, navigate, t, i18n.language]);

  return null;
}
