import type { ComponentType } from 'react';
import type { DisplaySelf } from '@dms/shared/contracts/http/display';
import type { LiveConnection } from '@/lib/live/live';

/** What a wall monitor is given: the display's own live connection and token, and what it holds. */
export interface WallMonitorProps {
  /** The wall's live socket (display token), connected and reconnected by the wall. */
  live: LiveConnection;
  /** The display token, for the read-only (`watch`) REST endpoints. */
  token: string;
  /** The display: its name, monitor codes and providers. */
  self: DisplaySelf;
  /** The link is down: keep the last data on screen (the wall shows the stale badge). */
  stale: boolean;
  /** Local time now, ticking every second (for ages and freshness). */
  now: number;
}

/** A monitor a wall can show at `/wall/<id>`. */
export interface WallMonitor {
  /** i18n key of its title (`wall:monitor.<id>`). */
  titleKey: string;
  /** The monitor codes of which the display must hold one. */
  access: readonly string[];
  component: ComponentType<WallMonitorProps>;
}
