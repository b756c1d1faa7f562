import './monitor.css';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { Freshness } from './Freshness';
import type { PanelClock } from './panelClock';

/**
 * One panel of a monitor: a titled card whose content is fenced by an error boundary (one broken panel must
 * not blank a wall screen, STYLE.md errors) and, on a wall screen, the freshness of the panel's feed.
 */
export function MonitorPanel({
  title,
  clock,
  floorMs,
  wall,
  className,
  children,
}: {
  title: string;
  /** The panel's clock (no freshness is shown without one). */
  clock?: PanelClock | undefined;
  /** The least silence that makes the panel stale (see {@link Freshness}). */
  floorMs: number;
  wall: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <section className={`dms-mon__panel ${className}`} aria-label={title}>
      <header className="dms-mon__panel-head">
        <h2>{title}</h2>
        {wall && clock && <Freshness clock={clock} floorMs={floorMs} />}
      </header>
      <ErrorBoundary>{children}</ErrorBoundary>
    </section>
  );
}
