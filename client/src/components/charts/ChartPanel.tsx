import './charts.css';
import { Card, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { selectColorScheme } from '@/lib/settings/settingsSlice';

/** The chart module: ECharts and its React wrapper arrive with the first chart shown, never earlier. */
const EChart = lazy(() => import('./EChart'));

/** Props of {@link ChartPanel}. */
export interface ChartPanelProps {
  title: ReactNode;
  /** ECharts option; `animation` is forced off and the background transparent. */
  option: EChartsCoreOption;
  /** Accessible description of what the chart shows. */
  ariaLabel: string;
  height?: number;
  /** Data is on its way: a spinner instead of the chart. */
  loading?: boolean;
  /** There is nothing to draw: a "no data" panel instead of an empty grid. */
  empty?: boolean;
  emptyText: string;
  emptyIcon?: IconName;
  /** Controls on the right of the title (a metric switch). */
  actions?: ReactNode;
  className?: string;
}

/**
 * An app-wide chart card on ECharts (`echarts/core`, loaded lazily): light or dark with the console's
 * theme, no animation, resized with its container, and with its own error boundary so that one broken
 * chart does not blank the screen around it.
 */
export function ChartPanel({
  title,
  option,
  ariaLabel,
  height = 300,
  loading = false,
  empty = false,
  emptyText,
  emptyIcon = 'timeline-line-chart',
  actions,
  className,
}: ChartPanelProps) {
  const scheme = useSelector(selectColorScheme);
  const placeholder = (content: ReactNode) => (
    <div className="dms-chart__placeholder" style={{ height }}>
      {content}
    </div>
  );
  let body: ReactNode;
  if (loading) body = placeholder(<Spinner size={28} />);
  else if (empty) body = placeholder(<NonIdealState icon={emptyIcon} description={emptyText} />);
  else {
    body = (
      <Suspense fallback={placeholder(<Spinner size={28} />)}>
        <EChart option={option} scheme={scheme} height={height} ariaLabel={ariaLabel} />
      </Suspense>
    );
  }
  return (
    <Card className={['dms-chart', className].filter(Boolean).join(' ')}>
      <div className="dms-chart__head">
        <h3 className="dms-chart__title">{title}</h3>
        {actions && <div className="dms-chart__actions">{actions}</div>}
      </div>
      <ErrorBoundary resetKey={option}>{body}</ErrorBoundary>
    </Card>
  );
}
