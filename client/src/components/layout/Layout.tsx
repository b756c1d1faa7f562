import './layout.css';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { useLocation, type RouteObject } from 'react-router-dom';
import type { IconName } from '@blueprintjs/icons';
import { flattenRoutes, type AppRoute } from '@dms/shared/permissions/routes';
import { AlertToasts } from '@/components/alerts/AlertToasts';
import { pageTitle } from '@/lib/i18n/pageTitle';
import { preloadIcons } from '@/lib/icons/preloadIcons';
import { findPage } from '@/lib/menu/routeLookup';
import { selectSettings } from '@/lib/settings/settingsSlice';
import { selectDevice, selectSidebar, sidebarClosed } from '@/lib/ui/appSlice';
import { AppMain } from './AppMain';
import { Navbar } from './Navbar';
import { SettingsPanel } from './SettingsPanel';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { useDeviceWatcher } from './useDeviceWatcher';

const SHELL_ICONS: IconName[] = [
  'menu-closed',
  'menu-open',
  'search',
  'fullscreen',
  'translate',
  'font',
  'moon',
  'flash',
  'cog',
  'caret-down',
  'chevron-down',
  'chevron-right',
];

interface LayoutProps {
  /** The user's route table (menu, breadcrumb, tags, search). */
  table: readonly AppRoute[];
  /** The content routes built from it. */
  routes: RouteObject[];
}

/** The console shell: sidebar, navbar, optional tags bar, content area, settings panel and alert toasts. */
export function Layout({ table, routes }: LayoutProps) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { pathname } = useLocation();
  const sidebar = useSelector(selectSidebar);
  const device = useSelector(selectDevice);
  const settings = useSelector(selectSettings);
  const mobile = device === 'mobile';
  useDeviceWatcher();

  useEffect(() => {
    const icons = flattenRoutes(table).map((r) => r.meta?.icon as IconName | undefined);
    const groups = table.map((r) => r.meta?.icon as IconName | undefined);
    void preloadIcons([...SHELL_ICONS, ...[...icons, ...groups].filter((i): i is IconName => Boolean(i))]);
  }, [table]);

  useEffect(() => {
    const page = findPage(table, pathname);
    document.title = pageTitle(page?.meta?.title ? t(`route:${page.meta.title}`) : undefined, t);
  }, [table, pathname, t]);

  // A page opened from the mobile drawer closes it.
  useEffect(() => {
    if (mobile) dispatch(sidebarClosed({ withoutAnimation: false }));
  }, [pathname, mobile, dispatch]);

  const classes = [
    'dms-app',
    sidebar.opened ? 'dms-app--open' : 'dms-app--collapsed',
    sidebar.withoutAnimation && 'dms-app--no-animation',
    mobile && 'dms-app--mobile',
    settings.fixedHeader && 'dms-app--fixed-header',
    settings.tagsView && 'dms-app--tags',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes}>
      {mobile && sidebar.opened && (
        <div className="dms-drawer-backdrop" aria-hidden="true" onClick={() => dispatch(sidebarClosed())} />
      )}
      <Sidebar table={table} />
      <div className="dms-main">
        <div className="dms-header">
          <Navbar table={table} />
          {settings.tagsView && <TagsView table={table} />}
        </div>
        <AppMain routes={routes} table={table} keepAlive={settings.tagsView} />
      </div>
      <SettingsPanel />
      <AlertToasts />
    </div>
  );
}
