import { NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useMemo, type ReactNode, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { ChartOption } from '@/components/charts/chartOption';
import { dateLabels, type MonitorChartProps } from '@/components/charts/liveChartOption';
import { CHART_BUCKET_MS } from '../state/monitorModel';
import { selectChart } from '../state/monitorSlice';

const LiveChartCanvas = lazy(() => import('@/components/charts/LiveChartCanvas'));

const COLORS = { rounds: '#8f99a8', pairs: '#d1980b', rings: '#cd4246' };

/**
 * Cross-bet volume per minute of event time: the rounds newly flagged as evidence of pairs and of rings
 * (stacked bars) against the rounds settled (line, right axis). Animation off; the option is rebuilt from
 * the slice's bounded points.
 */
export const VolumeChart = memo(function VolumeChart({ dark, large, height }: MonitorChartProps) {
  const { t } = useTranslation('monitor');
  const points = useSelector(selectChart);
  // The option's frame (set again only when the size or the language changes) and its data (every draw).
  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      backgroundColor: 'transparent',
      color: [COLORS.pairs, COLORS.rings, COLORS.rounds],
      // The margins hold the axes' labels: with ECharts 6's default bounds ('auto') every draw lays the axes
      // out twice to keep their labels inside (a fifth of a draw's time on the wall under load).
      grid: { left: 44, right: 44, top: 16, bottom: large ? 84 : 72, outerBoundsMode: 'none' },
      legend: { bottom: 0, textStyle: { fontSize: large ? 16 : 12 } },
      tooltip: large ? { show: false } : { trigger: 'axis' },
      xAxis: {
        type: 'time',
        minInterval: CHART_BUCKET_MS,
        axisLabel: {
          ...dateLabels('{h}:{i}'),
          fontSize: large ? 15 : 11,
          hideOverlap: true,
        },
      },
      yAxis: [
        { type: 'value', minInterval: 1, axisLabel: { fontSize: large ? 15 : 11 } },
        {
          type: 'value',
          minInterval: 1,
          splitLine: { show: false },
          axisLabel: { fontSize: large ? 15 : 11 },
        },
      ],
      series: [
        { name: t('chart.pairs'), type: 'bar', stack: 'evidence' },
        { name: t('chart.rings'), type: 'bar', stack: 'evidence' },
        { name: t('chart.rounds'), type: 'line', yAxisIndex: 1, showSymbol: false },
      ],
    }),
    [large, t],
  );
  const data = useMemo<ChartOption>(
    () => ({
      xAxis: {
        // Half a bucket of room each side, so that one point is a bar and not a line of labels.
        min: (points[0]?.t ?? 0) - CHART_BUCKET_MS / 2,
        max: (points[points.length - 1]?.t ?? 0) + CHART_BUCKET_MS / 2,
      },
      series: [
        { data: points.map((p) => [p.t, p.pairs]) },
        { data: points.map((p) => [p.t, p.rings]) },
        { data: points.map((p) => [p.t, p.rounds]) },
      ],
    }),
    [points],
  );
  const placeholder = (content: ReactNode) => (
    <div className="dms-monitor__chart-placeholder" style={{ height }}>
      {content}
    </div>
  );
  if (points.length === 0)
    return placeholder(<NonIdealState icon="timeline-bar-chart" description={t('chart.empty')} />);
  return (
    <div role="img" aria-label={t('chart.aria')}>
      <Suspense fallback={placeholder(<Spinner size={28} />)}>
        <LiveChartCanvas option={option} data={data} dark={dark} height={height} offThread={large} />
      </Suspense>
    </div>
  );
});
