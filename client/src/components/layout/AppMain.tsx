import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useRoutes, type Location, type RouteObject } from 'react-router-dom';
import type { AppRoute } from '@dms/shared/permissions/routes';
import { findPage } from '@/lib/menu/routeLookup';
import { selectRefreshes, selectVisitedViews } from '@/lib/tags/tagsSlice';

interface PaneProps {
  routes: RouteObject[];
  location: Location | string;
  active: boolean;
}

/** One page subtree, rendered for its own location; hidden (not unmounted) while another tag is shown. */
const KeepAlivePane = memo(function KeepAlivePane({ routes, location, active }: PaneProps) {
  const element = useRoutes(routes, location);
  return (
    <div
      className="dms-pane"
      style={active ? undefined : { display: 'none' }}
      data-active={active || undefined}
    >
      {element}
    </div>
  );
});

interface AppMainProps {
  routes: RouteObject[];
  table: readonly AppRoute[];
  /** Keep visited pages mounted (the tags bar is on). */
  keepAlive: boolean;
}

interface Pane {
  path: string;
  location: Location | string;
}

/**
 * The content area. With the tags bar on, it works like vue-element-admin's keep-alive: every visited
 * page (except `noCache` ones) stays mounted and hidden, so its filters, form input and scroll position
 * are there when its tag is selected again. "Refresh" on a tag remounts its page.
 */
export function AppMain({ routes, table, keepAlive }: AppMainProps) {
  const location = useLocation();
  const visited = useSelector(selectVisitedViews);
  const refreshes = useSelector(selectRefreshes);
  const active = location.pathname;
  // The location each kept page had when it was last shown, so hidden panes keep stable props.
  const lastLocations = useRef(new Map<string, Location>());
  lastLocations.current.set(active, location);

  const panes: Pane[] = [];
  if (keepAlive) {
    for (const view of visited) {
      if (view.path === active) panes.push({ path: active, location });
      // A page no longer in the route table (role changed) is dropped rather than redirected in hiding.
      else if (!view.noCache && findPage(table, view.path)) {
        panes.push({ path: view.path, location: lastLocations.current.get(view.path) ?? view.fullPath });
      }
    }
  }
  if (!panes.some((p) => p.path === active)) panes.push({ path: active, location });

  const scroll = useRef(new Map<string, number>());
  const activeRef = useRef(active);
  useEffect(() => {
    const onScroll = () => scroll.current.set(activeRef.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    activeRef.current = active;
    window.scrollTo(0, keepAlive ? (scroll.current.get(active) ?? 0) : 0);
  }, [active, keepAlive]);

  return (
    <main className="dms-app-main" id="dms-main">
      {panes.map((pane) => (
        <KeepAlivePane
          key={`${pane.path}#${refreshes[pane.path] ?? 0}`}
          routes={routes}
          location={pane.location}
          active={pane.path === active}
        />
      ))}
    </main>
  );
}
