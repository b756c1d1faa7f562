import { describe, expect, it } from 'vitest';
import { ASYNC_ROUTES, accessForPath, filterRoutesByCodes, flattenRoutes } from './routes';
import {
  ALL_PERMISSION_CODES,
  PERM,
  hasAnyPermission,
  normalizePermissions,
  parsePermissionList,
} from './codes';

const paths = (codes: string[]) => flattenRoutes(filterRoutesByCodes(ASYNC_ROUTES, codes)).map((r) => r.path);

describe('filterRoutesByCodes', () => {
  it('shows every permission route to a holder of every code', () => {
    expect(paths([...ALL_PERMISSION_CODES])).toEqual([
      '/company-profit',
      '/exchange-rates',
      '/bjlmonitor/bjlmonitor',
      '/riskdata/riskdata',
      '/risk/alerts',
      '/risksetting',
      '/teenPatti/teenPatti',
      '/teenPatti/testTools',
      '/teenPatti/testDataViewer',
      '/gamesetting/tablesetting',
      '/permission/role',
      '/permission/staff',
      '/permission/display',
    ]);
  });

  it('shows only role management to a holder of 9000 and 9001', () => {
    const routes = filterRoutesByCodes(ASYNC_ROUTES, [PERM.PERMISSION, PERM.ROLE]);
    expect(routes.map((r) => r.path)).toEqual(['/permission']);
    expect(routes[0]?.children?.map((r) => r.path)).toEqual(['/permission/role']);
    expect(routes[0]?.redirect).toBe('/permission/role');
  });

  it('drops a group whose children are all refused', () => {
    expect(paths([PERM.TEEN_PATTI])).toEqual([]);
  });

  it('hides a child whose group code is missing', () => {
    expect(paths([PERM.ROLE])).toEqual([]);
  });

  it('redirects a group to its first permitted child', () => {
    const routes = filterRoutesByCodes(ASYNC_ROUTES, [PERM.TEEN_PATTI, PERM.TEEN_PATTI_TEST_TOOLS]);
    expect(routes[0]?.redirect).toBe('/teenPatti/testTools');
  });

  it('shows nothing to an account without codes', () => {
    expect(filterRoutesByCodes(ASYNC_ROUTES, [])).toEqual([]);
  });

  it('does not change the route table it filters', () => {
    const before = JSON.stringify(ASYNC_ROUTES);
    filterRoutesByCodes(ASYNC_ROUTES, [PERM.PERMISSION, PERM.STAFF]);
    expect(JSON.stringify(ASYNC_ROUTES)).toBe(before);
  });
});

describe('permission codes', () => {
  it('treats a route without access codes as always shown', () => {
    expect(hasAnyPermission([], undefined)).toBe(true);
    expect(hasAnyPermission([], [])).toBe(true);
    expect(hasAnyPermission(['9000'], ['9001'])).toBe(false);
    expect(hasAnyPermission(['9000', '9001'], ['9001', '9002'])).toBe(true);
  });

  it('adds the group code of a child code and orders codes as the tree', () => {
    expect(normalizePermissions(['9002', '11003', '9002', ' 12000 '])).toEqual([
      '12000',
      '11000',
      '11003',
      '9000',
      '9002',
    ]);
  });

  it('keeps unknown numeric codes after the known ones', () => {
    expect(normalizePermissions(['77', '3000', '5'])).toEqual(['3000', '5', '77']);
  });

  it('parses the comma-separated list of the spec', () => {
    expect(parsePermissionList('9000, 9001,,')).toEqual(['9000', '9001']);
    expect(parsePermissionList('')).toEqual([]);
    expect(parsePermissionList(null)).toEqual([]);
  });

  it('names the codes a path needs on its way down the tree', () => {
    expect(accessForPath('/permission/role')).toEqual([['9000'], ['9001']]);
    expect(accessForPath('/company-profit')).toEqual([['12000']]);
    expect(accessForPath('/nowhere')).toBeUndefined();
  });
});
