import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PageModule = LazyExoticComponent<ComponentType>;

/** A lazily loaded page: its module is fetched the first time the page renders. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageModule {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

export const LoginPage = page(
  () => import('@/features/login/LoginPage'),
  (m) => m.LoginPage,
);
export const AuthRedirectPage = page(
  () => import('@/features/auth-redirect/AuthRedirectPage'),
  (m) => m.AuthRedirectPage,
);
export const NotFoundPage = page(
  () => import('@/features/error-page/NotFoundPage'),
  (m) => m.NotFoundPage,
);
export const UnauthorizedPage = page(
  () => import('@/features/error-page/UnauthorizedPage'),
  (m) => m.UnauthorizedPage,
);

/** The home page is the statistics workbench, under the compact greeting of the account's scope. */
const StatisticsPage = page(
  () => import('@/features/statistics/StatisticsPage'),
  (m) => m.StatisticsPage,
);
const CompanyProfitPage = page(
  () => import('@/features/company-profit/CompanyProfitPage'),
  (m) => m.CompanyProfitPage,
);
const ExchangeRatesPage = page(
  () => import('@/features/exchange-rates/ExchangeRatesPage'),
  (m) => m.ExchangeRatesPage,
);
const ProfilePage = page(
  () => import('@/features/profile/ProfilePage'),
  (m) => m.ProfilePage,
);
const RolePage = page(
  () => import('@/features/role/RolePage'),
  (m) => m.RolePage,
);
const StaffPage = page(
  () => import('@/features/staff/StaffPage'),
  (m) => m.StaffPage,
);
const RiskDataPage = page(
  () => import('@/features/risk/RiskDataPage'),
  (m) => m.RiskDataPage,
);
const AlertCentrePage = page(
  () => import('@/features/risk/AlertCentrePage'),
  (m) => m.AlertCentrePage,
);
const RiskSettingPage = page(
  () => import('@/features/risk/RiskSettingPage'),
  (m) => m.RiskSettingPage,
);
const TableSettingPage = page(
  () => import('@/features/table-setting/TableSettingPage'),
  (m) => m.TableSettingPage,
);
const BaccaratMonitorPage = page(
  () => import('@/features/baccarat-monitor/BaccaratMonitorPage'),
  (m) => m.BaccaratMonitorPage,
);
const TeenPattiMonitorPage = page(
  () => import('@/features/teenpatti-monitor/TeenPattiMonitorPage'),
  (m) => m.TeenPattiMonitorPage,
);
const WallScreensPage = page(
  () => import('@/features/wall/WallScreensPage'),
  (m) => m.WallScreensPage,
);
/** A wall screen (`/wall/:monitor`): outside the shell and the sign-in, on a display token. */
export const WallPage = lazy(() => import('@/features/wall/WallPage').then((m) => ({ default: m.WallPage })));
const TestToolsPage = page(
  () => import('@/features/tp-tools/TestToolsPage'),
  (m) => m.TestToolsPage,
);
const SimViewerPage = page(
  () => import('@/features/tp-viewer/SimViewerPage'),
  (m) => m.SimViewerPage,
);

/**
 * The page module of every navigable path of the spec's section 2 (the shell's content area). Group paths
 * (/teenPatti, /gamesetting, /permission) redirect to their first permitted child and have no module.
 */
export const ROUTE_MODULES: Readonly<Record<string, PageModule>> = {
  '/homepage': StatisticsPage,
  '/profile/index': ProfilePage,
  '/company-profit': CompanyProfitPage,
  '/exchange-rates': ExchangeRatesPage,
  '/bjlmonitor/bjlmonitor': BaccaratMonitorPage,
  '/riskdata/riskdata': RiskDataPage,
  '/risk/alerts': AlertCentrePage,
  '/risksetting': RiskSettingPage,
  '/teenPatti/teenPatti': TeenPattiMonitorPage,
  '/teenPatti/testTools': TestToolsPage,
  '/teenPatti/testDataViewer': SimViewerPage,
  '/gamesetting/tablesetting': TableSettingPage,
  '/permission/role': RolePage,
  '/permission/staff': StaffPage,
  '/permission/display': WallScreensPage,
};
