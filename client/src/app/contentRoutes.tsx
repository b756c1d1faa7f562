import { Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { AppRoute } from '@dms/shared/permissions/routes';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { PageLoading } from '@/components/PageLoading';
import { ROUTE_MODULES, type PageModule } from './routeModules';

function RoutePage({ module: Page, path }: { module: PageModule; path: string }) {
  return (
    <ErrorBoundary resetKey={path}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The routes of the shell's content area for a user's route table: `/` → /homepage, each permitted page
 * with its lazy module, each group to its first permitted child, and any other path (unknown, or not
 * granted to this user) → `/` (spec section 2).
 */
export function buildContentRoutes(table: readonly AppRoute[]): RouteObject[] {
  const routes: RouteObject[] = [{ path: '/', element: <Navigate to="/homepage" replace /> }];
  const walk = (list: readonly AppRoute[]) => {
    for (const route of list) {
      if (route.children?.length) {
        if (route.redirect)
          routes.push({ path: route.path, element: <Navigate to={route.redirect} replace /> });
        walk(route.children);
        continue;
      }
      const module = ROUTE_MODULES[route.path];
      if (module) routes.push({ path: route.path, element: <RoutePage module={module} path={route.path} /> });
    }
  };
  walk(table);
  routes.push({ path: '*', element: <Navigate to="/" replace /> });
  return routes;
}
