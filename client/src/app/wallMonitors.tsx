import { lazy, useEffect } from 'react';
import { LiveConnectionContext } from '@/lib/live/liveContext';
import { setDisplayRequestToken } from '@/lib/session/token';
import type { WallMonitorProps } from '@/features/wall/monitors/monitorTypes';
import type { WallMonitorComponents } from '@/features/wall/WallPage';

const BaccaratMonitor = lazy(() =>
  import('@/features/baccarat-monitor/BaccaratMonitor').then((m) => ({ default: m.BaccaratMonitor })),
);

const TeenPattiMonitor = lazy(() =>
  import('@/features/teenpatti-monitor/TeenPattiMonitor').then((m) => ({ default: m.TeenPattiMonitor })),
);

/**
 * The baccarat monitor on a wall: the same component as the console page in its wall variant, fed by the
 * wall's own socket (display token) and reading the REST picture with the display token.
 */
function BaccaratWall({ live, token }: WallMonitorProps) {
  useEffect(() => {
    setDisplayRequestToken(token);
    return () => setDisplayRequestToken(undefined);
  }, [token]);
  // The token is set before the first request: rendered once it is in place.
  setDisplayRequestToken(token);
  return (
    <LiveConnectionContext.Provider value={live}>
      <BaccaratMonitor variant="wall" />
    </LiveConnectionContext.Provider>
  );
}

/** The Teen Patti monitor on a wall: its wall variant, on the wall's socket and display token (as the baccarat one). */
function TeenPattiWall({ live, token }: WallMonitorProps) {
  useEffect(() => {
    setDisplayRequestToken(token);
    return () => setDisplayRequestToken(undefined);
  }, [token]);
  setDisplayRequestToken(token);
  return (
    <LiveConnectionContext.Provider value={live}>
      <TeenPattiMonitor variant="wall" />
    </LiveConnectionContext.Provider>
  );
}

/** The monitors the app installs on the wall screens (the wall feature does not import other features). */
export const WALL_MONITOR_COMPONENTS: WallMonitorComponents = {
  baccarat: BaccaratWall,
  teenpatti: TeenPattiWall,
};
