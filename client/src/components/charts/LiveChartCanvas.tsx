import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import type { ChartOption } from './chartOption';
import { withFormatters } from './liveChartOption';
import type { LiveChartAnswer, LiveChartRequest } from './liveChartWorker';

/**
 * The least time between two draws of a live chart. Its points are minutes of event time, and a full
 * `setOption` costs a wall's main thread 20–35 ms on a busy two-core machine: drawn with every 200 ms batch
 * it was a share of the long tasks under load; once a second it still was, beside a batch and a garbage
 * collection. Every 5 s a minute's bar grows as smoothly to the eye, and the panel's clock says how fresh it is.
 */
export const LIVE_CHART_MIN_INTERVAL_MS = 5000;

interface Props {
  option: ChartOption;
  data?: ChartOption;
  dark: boolean;
  height: number;
  /**
   * Drawn in a worker, off the page's main thread (a chart nobody points at: a wall's). It has no tooltip or
   * other interaction; a browser without `OffscreenCanvas`, or a worker that fails, draws on the page instead.
   */
  offThread?: boolean;
}

const canDrawOffThread = () =>
  typeof Worker !== 'undefined' &&
  typeof OffscreenCanvas !== 'undefined' &&
  typeof HTMLCanvasElement !== 'undefined' &&
  'transferControlToOffscreen' in HTMLCanvasElement.prototype;

/**
 * The canvas of a live monitor chart on `echarts/core` (the monitors' lazily loaded chunk). A live chart gets
 * a new option with every batch: the newest waits until {@link LIVE_CHART_MIN_INTERVAL_MS} after the last
 * draw and the next animation frame, and is set then; the first is drawn on the next frame.
 *
 * `data`, when given, is the part of the option that changes with the batches (series data, axis bounds),
 * merged into `option` (the rest: grid, legend, axes, series kinds): while `option` stays the same object, a
 * draw sets `data` alone, and ECharts does not take the legend, axes and formatters in again. Axes whose
 * labels are times say so with `dateLabels` (liveChartOption.ts): an option has no functions, so that it can
 * cross to the worker of an `offThread` chart.
 */
export default function LiveChartCanvas(props: Props) {
  const [workerFailed, setWorkerFailed] = useState(false);
  return props.offThread && !workerFailed && canDrawOffThread() ? (
    <WorkerChart {...props} onFailure={() => setWorkerFailed(true)} />
  ) : (
    <PageChart {...props} />
  );
}

/** What a chart does to draw: an option (null: the one it holds) and its data. */
type Draw = (option: ChartOption | null, data: ChartOption | undefined) => void;

/**
 * Calls `draw` with the newest `option` and `data`, at most once {@link LIVE_CHART_MIN_INTERVAL_MS} and on an
 * animation frame; `option` only when it is not the one drawn last. `reset` (a new chart instance) changes
 * when the chart must be drawn whole again, at once.
 */
function useThrottledDraw(
  draw: React.RefObject<Draw | null>,
  option: ChartOption,
  data: ChartOption | undefined,
  reset: unknown,
) {
  const pending = useRef<{ option: ChartOption; data: ChartOption | undefined } | null>(null);
  /** The `option` the chart holds (null: none yet, or a new instance). */
  const drawnOption = useRef<ChartOption | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const frame = useRef<number | null>(null);
  const drawnAt = useRef(-Infinity);

  useEffect(() => {
    drawnOption.current = null;
    drawnAt.current = -Infinity;
    return () => {
      if (timer.current !== null) clearTimeout(timer.current);
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      timer.current = null;
      frame.current = null;
    };
  }, [reset]);

  useEffect(() => {
    pending.current = { option, data };
    if (timer.current !== null || frame.current !== null) return;
    const run = () => {
      frame.current = null;
      const next = pending.current;
      pending.current = null;
      if (!next || !draw.current) return;
      drawnAt.current = performance.now();
      draw.current(next.option !== drawnOption.current ? next.option : null, next.data);
      drawnOption.current = next.option;
    };
    const wait = drawnAt.current + LIVE_CHART_MIN_INTERVAL_MS - performance.now();
    if (wait <= 0) frame.current = requestAnimationFrame(run);
    else
      timer.current = setTimeout(() => {
        timer.current = null;
        frame.current = requestAnimationFrame(run);
      }, wait);
  }, [option, data, reset, draw]);
}

/**
 * A chart drawn by ECharts on the page's main thread. ECharts is imported when the first such chart mounts: a
 * wall whose charts are all drawn in workers never downloads the page's copy.
 */
function PageChart({ option, data, dark, height }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const draw = useRef<Draw | null>(null);
  /** Changes once ECharts is loaded and the instance made: what was asked for meanwhile is drawn then. */
  const [instanceOf, setInstanceOf] = useState(0);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    let instance: EChartsType | null = null;
    let resize: ResizeObserver | null = null;
    let gone = false;
    const loading = import('./echartsCore').then(({ echarts }) => {
      if (gone) return;
      const chart = echarts.init(el, dark ? 'dark' : undefined, { renderer: 'canvas' });
      instance = chart;
      // Merged into the chart's model here, laid out and painted by ECharts in its own callback of the next
      // frame (lazyUpdate): a draw is two tasks of the page, not one. The whole option, then its data.
      draw.current = (whole, part) => {
        if (whole) chart.setOption(withFormatters(whole), { notMerge: false, lazyUpdate: true });
        if (part) chart.setOption(withFormatters(part), { notMerge: false, lazyUpdate: true });
      };
      resize = new ResizeObserver(() => chart.resize());
      resize.observe(el);
      setInstanceOf((n) => n + 1);
    });
    // A chunk that cannot be fetched (the gateway restarting) leaves the panel empty until the page reloads.
    loading.catch((err: unknown) => console.error('live chart: ECharts did not load', err));
    return () => {
      gone = true;
      resize?.disconnect();
      draw.current = null;
      instance?.dispose();
    };
  }, [dark]);
  useThrottledDraw(draw, option, data, instanceOf);

  return <div ref={element} style={{ height, width: '100%' }} />;
}

/**
 * A chart drawn in a worker (liveChartWorker.ts) on the canvas it is handed. The canvas says how many draws the
 * worker made (`data-draws`).
 */
function WorkerChart({ option, data, dark, height, onFailure }: Props & { onFailure: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const draw = useRef<Draw | null>(null);
  const failed = useRef(onFailure);
  failed.current = onFailure;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const worker = new Worker(new URL('./liveChartWorker.ts', import.meta.url), { type: 'module' });
    const post = (m: LiveChartRequest, transfer: Transferable[] = []) => worker.postMessage(m, transfer);
    const fail = (message: string) => {
      console.error('live chart worker failed, drawing on the page:', message);
      failed.current();
    };
    worker.onmessage = (e: MessageEvent<LiveChartAnswer>) => {
      if (e.data.type === 'drawn') el.dataset.draws = String(e.data.draws);
      else fail(e.data.message);
    };
    worker.onerror = (e) => fail(e.message);
    const box = () => ({ width: Math.max(1, el.clientWidth), height: Math.max(1, el.clientHeight) });
    const offscreen = el.transferControlToOffscreen();
    post({ type: 'init', canvas: offscreen, ...box(), dpr: window.devicePixelRatio || 1, dark }, [offscreen]);
    draw.current = (whole, part) => {
      try {
        post({ type: 'draw', ...(whole ? { option: whole } : {}), ...(part ? { data: part } : {}) });
      } catch (err) {
        // An option that cannot cross (a function in it): drawn on the page.
        fail(err instanceof Error ? err.message : String(err));
      }
    };
    const resize = new ResizeObserver(() => post({ type: 'resize', ...box() }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      draw.current = null;
      worker.terminate();
    };
  }, [dark]);
  useThrottledDraw(draw, option, data, dark);

  // A new canvas for each theme: one whose control went to a worker cannot be handed over again.
  return <canvas key={String(dark)} ref={canvas} style={{ display: 'block', height, width: '100%' }} />;
}
