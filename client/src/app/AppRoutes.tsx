import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { PageLoading } from '@/components/PageLoading';
import { selectRoutes } from '@/lib/session/sessionSlice';
import { buildContentRoutes } from './contentRoutes';
import { GuestOnly, RequireSession } from './guards';
import { useAppSelector } from './hooks';
import { AuthRedirectPage, LoginPage, NotFoundPage, UnauthorizedPage, WallPage } from './routeModules';

/** The shell (sidebar, navbar, tags) is a module of its own: the login page does not download it. */
const Layout = lazy(() => import('@/components/layout/Layout').then((m) => ({ default: m.Layout })));

function FullPage({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading fullScreen />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** The signed-in console: the user's route table in the layout. */
function Shell() {
  const table = useAppSelector(selectRoutes);
  const routes = useMemo(() => buildContentRoutes(table), [table]);
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
            <WallPage />
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
