import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { echarts } from './echartsCore';

/** Props of {@link EChart}. */
export interface EChartProps {
  option: EChartsCoreOption;
  /** `dark` uses ECharts' built-in dark theme; the background stays transparent to show the card's. */
  scheme: 'light' | 'dark';
  height: number;
  /** Accessible description of the chart (canvas content is invisible to assistive technology). */
  ariaLabel: string;
}

/**
 * The chart itself (loaded lazily by `ChartPanel`). Animation is off, because the console's charts are
 * redrawn from live data and polling; echarts-for-react watches the element's size, so the chart follows
 * the sidebar, the window and a kept-alive tab becoming visible again. A theme change rebuilds the chart.
 */
export default function EChart({ option, scheme, height, ariaLabel }: EChartProps) {
  const full = useMemo(() => ({ backgroundColor: 'transparent', animation: false, ...option }), [option]);
  return (
    <div role="img" aria-label={ariaLabel}>
      <ReactEChartsCore
        echarts={echarts}
        option={full}
        theme={scheme === 'dark' ? 'dark' : undefined}
        notMerge
        lazyUpdate
        opts={{ renderer: 'canvas' }}
        style={{ height, width: '100%' }}
      />
    </div>
  );
}
