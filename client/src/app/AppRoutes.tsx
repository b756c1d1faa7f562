import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { AppRoute } from '@dms/shared/permissions/routes';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { PageLoading } from '@/components/PageLoading';
import { findPage } from '@/lib/menu/routeLookup';
import { selectRoutes } from '@/lib/session/sessionSlice';
import { buildContentRoutes } from './contentRoutes';
import { GuestOnly, RequireSession } from './guards';
import { useAppSelector } from './hooks';
import { AuthRedirectPage, LoginPage, NotFoundPage, UnauthorizedPage, WallPage } from './routeModules';
import { WALL_MONITOR_COMPONENTS } from './wallMonitors';

/** The shell (sidebar, navbar, tags) is a module of its own: the login page does not download it. */
const Layout = lazy(() => import('@/components/layout/Layout').then((m) => ({ default: m.Layout })));

function FullPage({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading fullScreen />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * Whether the page at `pathname` was in the previous route table and is not in this one: the account's
 * access changed while the page was open (`account:changed`).
 */
function useLostPage(table: readonly AppRoute[], pathname: string): boolean {
  const [previous, setPrevious] = useState(table);
  const [lost, setLost] = useState(false);
  if (previous !== table) {
    setPrevious(table);
    setLost(Boolean(findPage(previous, pathname)) && !findPage(table, pathname));
  }
  return lost;
}

/**
 * The signed-in console: the user's route table in the layout. When the account loses the page it is on,
 * it goes to the unauthorized page (rather than silently home, as for a path typed by hand).
 */
function Shell() {
  const table = useAppSelector(selectRoutes);
  const { pathname } = useLocation();
  const lost = useLostPage(table, pathname);
  const routes = useMemo(() => buildContentRoutes(table), [table]);
  if (lost) return <Navigate to="/401" replace />;
  return (
    <FullPage>
      <Layout table={table} routes={routes} />
    </FullPage>
  );
}

/**
 * The top-level routes: login and auth hand-off for visitors, wall screens (no sign-in: a display token),
 * error pages, and the shell.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <GuestOnly>
            <FullPage>
              <LoginPage />
            </FullPage>
          </GuestOnly>
        }
      />
      <Route
        path="/auth-redirect"
        element={
          <FullPage>
            <AuthRedirectPage />
          </FullPage>
        }
      />
      <Route
        path="/wall/:monitor"
        element={
          <FullPage>
            <WallPage monitors={WALL_MONITOR_COMPONENTS} />
          </FullPage>
        }
      />
      <Route path="/wall" element={<Navigate to="/wall/alerts" replace />} />
      <Route
        path="/404"
        element={
          <RequireSession>
            <FullPage>
              <NotFoundPage />
            </FullPage>
          </RequireSession>
        }
      />
      <Route
        path="/401"
        element={
          <RequireSession>
            <FullPage>
              <UnauthorizedPage />
            </FullPage>
          </RequireSession>
        }
      />
      <Route
        path="*"
        element={
          <RequireSession>
            <Shell />
          </RequireSession>
        }
      />
    </Routes>
  );
}
