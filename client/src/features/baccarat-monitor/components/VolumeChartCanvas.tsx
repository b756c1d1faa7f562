import type { EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { echarts } from '@/components/charts/echartsCore';
import type { ChartOption } from '@/components/charts/chartOption';

/**
 * The canvas of the cross-bet volume chart, on `echarts/core` with only the bar and line charts and the
 * components the console registers. A live chart gets a new option with every batch: the newest waits
 * for the next animation frame and is set then, so the chart is drawn at most once per frame.
 */
export default function VolumeChartCanvas({
  option,
  dark,
  height,
}: {
  option: ChartOption;
  dark: boolean;
  height: number;
}) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const pending = useRef<ChartOption | null>(null);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const instance = echarts.init(el, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
      chart.current = null;
      instance.dispose();
    };
  }, [dark]);

  useEffect(() => {
    pending.current = option;
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const next = pending.current;
      pending.current = null;
      if (next && chart.current) chart.current.setOption(next, { notMerge: false, lazyUpdate: false });
    });
  }, [option, dark]);

  return <div ref={element} style={{ height, width: '100%' }} />;
}
