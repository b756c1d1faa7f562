import { Button, Classes, Drawer, DrawerSize, Switch } from '@blueprintjs/core';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { RiskLevel } from '@dms/shared/domain/enums';
import { EnumValue } from '@/components/labels/EnumValue';
import { playAlertTone } from '@/lib/alerts/alertTone';
import { seesAlerts } from '@/lib/alerts/liveAlertsSlice';
import { selectRoles } from '@/lib/session/sessionSlice';
import {
  alertSoundToggled,
  selectSettings,
  settingChanged,
  settingsPanelToggled,
  settingsReset,
  type Settings,
} from '@/lib/settings/settingsSlice';
import { ThemePicker } from './ThemePicker';

type Toggle = Extract<keyof Settings, 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'supportPinyinSearch'>;

const TOGGLES: { key: Toggle; label: string }[] = [
  { key: 'tagsView', label: 'common:settings.tagsView' },
  { key: 'fixedHeader', label: 'common:settings.fixedHeader' },
  { key: 'sidebarLogo', label: 'common:settings.sidebarLogo' },
  { key: 'supportPinyinSearch', label: 'common:settings.pinyinSearch' },
];

const LEVELS = [RiskLevel.High, RiskLevel.Middle, RiskLevel.Abnormal];

/**
 * The settings side panel: theme colour, tags bar, fixed header, sidebar logo, pinyin search, dark theme,
 * and for an account that sees alerts, a tone per risk level for new alerts (off by default; switching one
 * on plays it, which also lets the browser play it later).
 */
export function SettingsPanel() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const settings = useSelector(selectSettings);
  const alerts = seesAlerts(useSelector(selectRoles));
  return (
    <Drawer
      isOpen={settings.panelOpen}
      onClose={() => dispatch(settingsPanelToggled(false))}
      title={t('common:settings.title')}
      icon="settings"
      size={DrawerSize.SMALL}
      className="dms-settings"
    >
      <div className={Classes.DRAWER_BODY}>
        <div className="dms-settings__body">
          <h4 className="dms-field-label">{t('common:settings.theme')}</h4>
          <ThemePicker
            value={settings.theme}
            onChange={(hex) => dispatch(settingChanged({ key: 'theme', value: hex }))}
          />

          <div className="dms-settings__switches">
            {TOGGLES.map(({ key, label }) => (
              <Switch
                key={key}
                alignIndicator="end"
                role="switch"
                label={t(label)}
                checked={settings[key]}
                onChange={(event) => dispatch(settingChanged({ key, value: event.currentTarget.checked }))}
              />
            ))}
            <Switch
              alignIndicator="end"
              role="switch"
              label={t('common:settings.darkTheme')}
              checked={settings.colorScheme === 'dark'}
              onChange={(event) =>
                dispatch(
                  settingChanged({
                    key: 'colorScheme',
                    value: event.currentTarget.checked ? 'dark' : 'light',
                  }),
                )
              }
            />
          </div>
          {alerts && (
            <section className="dms-settings__sounds" aria-labelledby="dms-settings-sounds">
              <h4 className="dms-field-label" id="dms-settings-sounds">
                {t('common:settings.alertSounds')}
              </h4>
              <p className="dms-muted">{t('common:settings.alertSoundsHint')}</p>
              <div className="dms-settings__switches">
                {LEVELS.map((level) => (
                  <Switch
                    key={level}
                    alignIndicator="end"
                    role="switch"
                    labelElement={<EnumValue name="riskLevel" value={level} />}
                    checked={settings.alertSounds.includes(level)}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      dispatch(alertSoundToggled({ level, on }));
                      if (on) playAlertTone(level);
                    }}
                  />
                ))}
              </div>
            </section>
          )}
          <p className="dms-muted dms-settings__note">{t('common:settings.savedLocally')}</p>
        </div>
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <Button
          icon="reset"
          text={t('common:settings.resetDefaults')}
          onClick={() => dispatch(settingsReset())}
        />
      </div>
    </Drawer>
  );
}
