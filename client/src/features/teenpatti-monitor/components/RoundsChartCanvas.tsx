import type { EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import type { ChartOption } from '@/components/charts/chartOption';
import { echarts } from '@/components/charts/echartsCore';

/**
 * The rounds-per-minute canvas on `echarts/core`: the newest option waits for the next animation frame, so
 * the chart is drawn at most once per frame however often batches arrive.
 */
export default function RoundsChartCanvas({
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
