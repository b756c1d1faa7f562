import type { EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import type { ChartOption } from './chartOption';
import { echarts } from './echartsCore';

/**
 * The least time between two draws of a live chart. Its points are minutes of event time, and a full
 * `setOption` costs a wall's main thread 20–35 ms on a busy two-core machine: drawn with every 200 ms batch
 * it was a share of the long tasks under load; once a second it still was, beside a batch and a garbage
 * collection. Every 5 s a minute's bar grows as smoothly to the eye, and the panel's clock says how fresh it is.
 */
export const LIVE_CHART_MIN_INTERVAL_MS = 5000;

/**
 * The canvas of a live monitor chart on `echarts/core` (the monitors' lazily loaded chunk). A live chart gets
 * a new option with every batch: the newest waits until {@link LIVE_CHART_MIN_INTERVAL_MS} after the last
 * draw and the next animation frame, and is set then; the first is drawn on the next frame.
 *
 * `data`, when given, is the part of the option that changes with the batches (series data, axis bounds),
 * merged into `option` (the rest: grid, legend, axes, series kinds): while `option` stays the same object, a
 * draw sets `data` alone, and ECharts does not take the legend, axes and formatters in again.
 */
export default function LiveChartCanvas({
  option,
  data,
  dark,
  height,
}: {
  option: ChartOption;
  data?: ChartOption;
  dark: boolean;
  height: number;
}) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const pending = useRef<{ option: ChartOption; data: ChartOption | undefined } | null>(null);
  /** The `option` the chart holds (null: none yet, or a new instance). */
  const drawnOption = useRef<ChartOption | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const frame = useRef<number | null>(null);
  const drawnAt = useRef(-Infinity);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const instance = echarts.init(el, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    drawnOption.current = null;
    drawnAt.current = -Infinity;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      if (timer.current !== null) clearTimeout(timer.current);
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      timer.current = null;
      frame.current = null;
      chart.current = null;
      instance.dispose();
    };
  }, [dark]);

  useEffect(() => {
    pending.current = { option, data };
    if (timer.current !== null || frame.current !== null) return;
    const draw = () => {
      frame.current = null;
      const next = pending.current;
      pending.current = null;
      const instance = chart.current;
      if (!next || !instance) return;
      drawnAt.current = performance.now();
      // Merged into the chart's model here, laid out and painted by ECharts in its own callback of the next
      // frame (lazyUpdate): a draw is two tasks of the page, not one. The whole option, then its data, one update.
      if (next.option !== drawnOption.current) {
        instance.setOption(next.option, { notMerge: false, lazyUpdate: true });
        drawnOption.current = next.option;
      }
      if (next.data) instance.setOption(next.data, { notMerge: false, lazyUpdate: true });
    };
    const wait = drawnAt.current + LIVE_CHART_MIN_INTERVAL_MS - performance.now();
    if (wait <= 0) frame.current = requestAnimationFrame(draw);
    else
      timer.current = setTimeout(() => {
        timer.current = null;
        frame.current = requestAnimationFrame(draw);
      }, wait);
  }, [option, data, dark]);

  return <div ref={element} style={{ height, width: '100%' }} />;
}
