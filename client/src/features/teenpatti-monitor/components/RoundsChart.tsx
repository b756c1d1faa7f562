import { NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useMemo, type ReactNode, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { ChartOption } from '@/components/charts/chartOption';
import { dateLabels, type MonitorChartProps } from '@/components/charts/liveChartOption';
import { CHART_BUCKET_MS } from '../state/tpModel';
import { selectTpChart } from '../state/tpSlice';

const LiveChartCanvas = lazy(() => import('@/components/charts/LiveChartCanvas'));

/** Teen Patti rounds settled per minute of event time (bars), from the slice's bounded points. */
export const RoundsChart = memo(function RoundsChart({ dark, large, height }: MonitorChartProps) {
  const { t } = useTranslation('tpMonitor');
  const points = useSelector(selectTpChart);
  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      backgroundColor: 'transparent',
      color: ['#2d72d2'],
      // The margins hold the axes' labels: with ECharts 6's default bounds ('auto') every draw lays the axes
      // out twice to keep their labels inside (a fifth of a draw's time on the wall under load).
      grid: { left: 44, right: 16, top: 16, bottom: large ? 40 : 32, outerBoundsMode: 'none' },
      tooltip: large ? { show: false } : { trigger: 'axis' },
      xAxis: {
        type: 'time',
        min: (points[0]?.t ?? 0) - CHART_BUCKET_MS / 2,
        max: (points[points.length - 1]?.t ?? 0) + CHART_BUCKET_MS / 2,
        minInterval: CHART_BUCKET_MS,
        axisLabel: {
          ...dateLabels('{h}:{i}'),
          fontSize: large ? 15 : 11,
          hideOverlap: true,
        },
      },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: large ? 15 : 11 } },
      series: [{ name: t('chart.rounds'), type: 'bar', data: points.map((p) => [p.t, p.rounds]) }],
    }),
    [points, large, t],
  );
  const placeholder = (content: ReactNode) => (
    <div className="dms-tpm__chart-placeholder" style={{ height }}>
      {content}
    </div>
  );
  if (points.length === 0)
    return placeholder(<NonIdealState icon="timeline-bar-chart" description={t('chart.empty')} />);
  return (
    <div role="img" aria-label={t('chart.aria')}>
      <Suspense fallback={placeholder(<Spinner size={28} />)}>
        <LiveChartCanvas option={option} dark={dark} height={height} offThread={large} />
      </Suspense>
    </div>
  );
});
