import { PERM } from './codes';
import { hasAnyPermission } from './codes';

/** Route meta of the spec's section 3. `title` is an i18n key of the `route` namespace. */
export interface RouteMeta {
  title: string;
  icon?: string;
  noCache?: boolean;
  affix?: boolean;
  breadcrumb?: boolean;
}

/** A route of the console, as the spec's section 3 describes it. */
export interface AppRoute {
  path: string;
  name?: string;
  access?: string[];
  meta?: RouteMeta;
  hidden?: boolean;
  redirect?: string;
  children?: AppRoute[];
}

/** Routes every visitor has (spec section 2, always available). Paths are absolute. */
export const CONSTANT_ROUTES: readonly AppRoute[] = [
  { path: '/login', name: 'Login', hidden: true },
  { path: '/auth-redirect', name: 'AuthRedirect', hidden: true },
  { path: '/404', name: 'Page404', hidden: true },
  { path: '/401', name: 'Page401', hidden: true },
  {
    path: '/homepage',
    name: 'Homepage',
    meta: { title: 'homepage', icon: 'home', affix: true },
  },
  {
    path: '/profile/index',
    name: 'Profile',
    hidden: true,
    meta: { title: 'profile', icon: 'user', noCache: true },
  },
];

/** Routes granted by permission code (spec section 2), in menu order. Paths are absolute. */
export const ASYNC_ROUTES: readonly AppRoute[] = [
  {
    path: '/company-profit',
    name: 'CompanyProfit',
    access: [PERM.COMPANY_PROFIT],
    meta: { title: 'companyProfit', icon: 'chart' },
  },
  {
    path: '/exchange-rates',
    name: 'ExchangeRates',
    access: [PERM.EXCHANGE_RATES],
    meta: { title: 'exchangeRates', icon: 'exchange' },
  },
  {
    path: '/bjlmonitor/bjlmonitor',
    name: 'BjlMonitor',
    access: [PERM.BACCARAT_MONITOR],
    meta: { title: 'bjlMonitor', icon: 'eye-open' },
  },
  {
    path: '/riskdata/riskdata',
    name: 'RiskData',
    access: [PERM.RISK_DATA],
    meta: { title: 'riskData', icon: 'warning-sign' },
  },
  {
    path: '/risk/alerts',
    name: 'AlertCentre',
    access: [PERM.BACCARAT_MONITOR, PERM.RISK_DATA],
    meta: { title: 'alertCentre', icon: 'notifications' },
  },
  {
    path: '/risksetting',
    name: 'RiskSetting',
    access: [PERM.RISK_SETTING],
    meta: { title: 'riskSetting', icon: 'settings' },
  },
  {
    path: '/teenPatti',
    name: 'TeenPatti',
    access: [PERM.TEEN_PATTI],
    redirect: '/teenPatti/teenPatti',
    meta: { title: 'teenPatti', icon: 'heat-grid' },
    children: [
      {
        path: '/teenPatti/teenPatti',
        name: 'TeenPattiMonitor',
        access: [PERM.TEEN_PATTI_MONITOR],
        meta: { title: 'teenPattiMonitor', icon: 'pulse' },
      },
      {
        path: '/teenPatti/testTools',
        name: 'TestTools',
        access: [PERM.TEEN_PATTI_TEST_TOOLS],
        meta: { title: 'testTools', icon: 'wrench' },
      },
      {
        path: '/teenPatti/testDataViewer',
        name: 'TestDataViewer',
        access: [PERM.TEEN_PATTI_DATA_VIEWER],
        meta: { title: 'testDataViewer', icon: 'th' },
      },
    ],
  },
  {
    path: '/gamesetting',
    name: 'GameSetting',
    access: [PERM.GAME_MANAGEMENT],
    redirect: '/gamesetting/tablesetting',
    meta: { title: 'gameSetting', icon: 'cube' },
    children: [
      {
        path: '/gamesetting/tablesetting',
        name: 'TableSetting',
        access: [PERM.TABLE_SETTING],
        meta: { title: 'tableSetting', icon: 'grid-view' },
      },
    ],
  },
  {
    path: '/permission',
    name: 'Permission',
    access: [PERM.PERMISSION],
    redirect: '/permission/role',
    meta: { title: 'permission', icon: 'lock' },
    children: [
      {
        path: '/permission/role',
        name: 'RolePermission',
        access: [PERM.ROLE],
        meta: { title: 'role', icon: 'people' },
      },
      {
        path: '/permission/staff',
        name: 'StaffPermission',
        access: [PERM.STAFF],
        meta: { title: 'staff', icon: 'person' },
      },
      {
        // Wall screens (display tokens) are sign-ins without a person: managed with the accounts.
        path: '/permission/display',
        name: 'DisplayPermission',
        access: [PERM.STAFF],
        meta: { title: 'wallScreens', icon: 'desktop' },
      },
    ],
  },
];

/**
 * Keeps the routes the holder of `codes` may see (spec section 6): a route is shown if the user holds at
 * least one of its access codes; routes without access codes are always shown. A group whose children
 * are all filtered out is dropped too.
 */
export function filterRoutesByCodes(routes: readonly AppRoute[], codes: readonly string[]): AppRoute[] {
  const out: AppRoute[] = [];
  for (const route of routes) {
    if (!hasAnyPermission(codes, route.access)) continue;
    if (route.children) {
      const children = filterRoutesByCodes(route.children, codes);
      if (children.length === 0) continue;
      const first = children[0];
      out.push({ ...route, children, redirect: first ? first.path : route.redirect });
    } else {
      out.push({ ...route });
    }
  }
  return out;
}

/** Flattens a route tree into its leaves (the pages a user can open), in menu order. */
export function flattenRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => (r.children ? flattenRoutes(r.children) : [r]));
}

/** The permission codes a path needs (every code on its way down the tree), or undefined if unknown. */
export function accessForPath(
  path: string,
  routes: readonly AppRoute[] = ASYNC_ROUTES,
): string[][] | undefined {
  for (const r of routes) {
    if (r.path === path) return r.access ? [r.access] : [];
    if (r.children) {
      const inner = accessForPath(path, r.children);
      if (inner) return r.access ? [r.access, ...inner] : inner;
    }
  }
  return undefined;
}
