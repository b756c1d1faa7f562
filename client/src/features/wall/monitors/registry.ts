import { lazy } from 'react';
import { PERM } from '@dms/shared/permissions/codes';
import type { WallMonitor } from './monitorTypes';
import { notInstalled } from './NotInstalledMonitor';

const AlertsWall = lazy(() => import('./AlertsWall').then((m) => ({ default: m.AlertsWall })));

/**
 * The monitors a wall shows, by the last segment of its address (`/wall/alerts`). The baccarat and Teen
 * Patti walls are registered with a "not installed" panel until their monitor components replace it.
 */
export const WALL_MONITORS = {
  alerts: {
    titleKey: 'monitor.alerts',
    access: [PERM.BACCARAT_MONITOR, PERM.RISK_DATA],
    component: AlertsWall,
  },
  baccarat: {
    titleKey: 'monitor.baccarat',
    access: [PERM.BACCARAT_MONITOR],
    component: notInstalled('monitor.baccarat'),
  },
  teenpatti: {
    titleKey: 'monitor.teenpatti',
    access: [PERM.TEEN_PATTI_MONITOR],
    component: notInstalled('monitor.teenpatti'),
  },
} as const satisfies Record<string, WallMonitor>;

export type WallMonitorId = keyof typeof WALL_MONITORS;

export function wallMonitorOf(id: string | undefined): WallMonitor | undefined {
  return id !== undefined && Object.hasOwn(WALL_MONITORS, id)
    ? WALL_MONITORS[id as WallMonitorId]
    : undefined;
}
