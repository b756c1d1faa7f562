import { lazy, memo, type ComponentType, type LazyExoticComponent } from 'react';
import { LiveConnectionContext } from '@/lib/live/liveContext';
import type { WallMonitorProps } from '@/features/wall/monitors/monitorTypes';
import type { WallMonitorComponents } from '@/features/wall/WallPage';

const BaccaratMonitor = lazy(() =>
  import('@/features/baccarat-monitor/BaccaratMonitor').then((m) => ({ default: m.BaccaratMonitor })),
);

const TeenPattiMonitor = lazy(() =>
  import('@/features/teenpatti-monitor/TeenPattiMonitor').then((m) => ({ default: m.TeenPattiMonitor })),
);

/**
 * A console monitor on a wall: the same component as the console page in its wall variant, fed by the
 * wall's own socket (display token). Its REST calls carry the display token, which the wall sets once it is
 * paired (`useWall`).
 */
function onWall(
  Monitor: LazyExoticComponent<ComponentType<{ variant: 'console' | 'wall' }>>,
): ComponentType<WallMonitorProps> {
  // The wall's clock ticks every second; the monitor keeps its own clocks, so only a new socket renders it.
  return memo(
    function WallMonitor({ live }: WallMonitorProps) {
      return (
        <LiveConnectionContext.Provider value={live}>
          <Monitor variant="wall" />
        </LiveConnectionContext.Provider>
      );
    },
    (before, after) => before.live === after.live,
  );
}

/** The monitors the app installs on the wall screens (the wall feature does not import other features). */
export const WALL_MONITOR_COMPONENTS: WallMonitorComponents = {
  baccarat: onWall(BaccaratMonitor),
  teenpatti: onWall(TeenPattiMonitor),
};
