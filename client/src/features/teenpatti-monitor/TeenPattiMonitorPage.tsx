import { MonitorPage } from '@/components/monitor/MonitorPage';
import { TeenPattiMonitor } from './TeenPattiMonitor';

/**
 * The Teen Patti monitor page (route /teenPatti/teenPatti, code 11001): the monitor in its console variant,
 * and a preview of the wall-screen variant over the whole window (Esc or the button leaves it).
 */
export function TeenPattiMonitorPage() {
  return <MonitorPage ns="tpMonitor" render={(variant) => <TeenPattiMonitor variant={variant} />} />;
}
