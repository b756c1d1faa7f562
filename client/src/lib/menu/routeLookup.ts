import type { AppRoute } from '@dms/shared/permissions/routes';

/** The routes from the top of the table down to `pathname` (a group and its page), or [] if none matches. */
export function routeTrail(table: readonly AppRoute[], pathname: string): AppRoute[] {
  for (const route of table) {
    if (route.path === pathname) return [route];
    if (route.children) {
      const inner = routeTrail(route.children, pathname);
      if (inner.length > 0) return [route, ...inner];
    }
  }
  return [];
}

/** The page (leaf) route of `pathname`, if the table has one. */
export function findPage(table: readonly AppRoute[], pathname: string): AppRoute | undefined {
  const trail = routeTrail(table, pathname);
  const last = trail[trail.length - 1];
  return last && !last.children?.length ? last : undefined;
}

/** Whether `pathname` is `route` or inside its group. */
export function isWithin(route: AppRoute, pathname: string): boolean {
  return pathname === route.path || pathname.startsWith(`${route.path}/`);
}
