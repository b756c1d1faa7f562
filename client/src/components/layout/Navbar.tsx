import { Button, Tooltip } from '@blueprintjs/core';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { AppRoute } from '@dms/shared/permissions/routes';
import { LangSelect } from '@/components/LangSelect';
import { ThemeToggle } from '@/components/ThemeToggle';
import { VERSION_LABEL } from '@/config/app';
import { selectSettings, settingsPanelToggled } from '@/lib/settings/settingsSlice';
import { selectDevice } from '@/lib/ui/appSlice';
import { AvatarMenu } from './AvatarMenu';
import { Breadcrumb } from './Breadcrumb';
import { ConnectionIndicator } from './ConnectionIndicator';
import { ErrorLogButton } from './ErrorLogButton';
import { Hamburger } from './Hamburger';
import { HeaderSearch } from './HeaderSearch';
import { OpenAlertsBadge } from './OpenAlertsBadge';
import { ScreenfullButton } from './ScreenfullButton';
import { SizeSelect } from './SizeSelect';

/**
 * The top bar (spec section 2): hamburger, breadcrumb, open alerts (3000 or 8000), live state, version,
 * menu search, error log, full screen, language, size, theme, settings and the avatar menu. On mobile,
 * language and size move to the sidebar.
 */
export function Navbar({ table }: { table: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const mobile = useSelector(selectDevice) === 'mobile';
  const { showSettings } = useSelector(selectSettings);
  return (
    <header className="dms-navbar">
      <Hamburger />
      <Breadcrumb table={table} />
      <div className="dms-navbar__right">
        <OpenAlertsBadge />
        <ConnectionIndicator />
        {!mobile && <span className="dms-version">{VERSION_LABEL}</span>}
        <HeaderSearch table={table} />
        <ErrorLogButton />
        {!mobile && <ScreenfullButton />}
        {!mobile && <LangSelect />}
        {!mobile && <SizeSelect />}
        {!mobile && <ThemeToggle />}
        {showSettings && (
          <Tooltip content={t('common:navbar.settings')} placement="bottom">
            <Button
              variant="minimal"
              icon="cog"
              aria-label={t('common:navbar.settings')}
              onClick={() => dispatch(settingsPanelToggled(true))}
            />
          </Tooltip>
        )}
        <AvatarMenu />
      </div>
    </header>
  );
}
