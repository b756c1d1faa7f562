import { MonitorPage } from '@/components/monitor/MonitorPage';
import { BaccaratMonitor } from './BaccaratMonitor';

/**
 * The baccarat monitor page (route /bjlmonitor/bjlmonitor, code 3000): the monitor in its console variant,
 * and a preview of the wall-screen variant over the whole window (Esc or the button leaves it).
 */
export function BaccaratMonitorPage() {
  return <MonitorPage ns="monitor" render={(variant) => <BaccaratMonitor variant={variant} />} />;
}
