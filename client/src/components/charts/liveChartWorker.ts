/**
 * A live chart drawn in a worker, on the canvas the page handed over (`transferControlToOffscreen`): ECharts'
 * layout and paint, 20–90 ms a draw on a busy wall, leave the page's main thread (LiveChartCanvas.tsx).
 * Messages: `init` (the canvas, its size in CSS pixels, the pixel ratio, the theme), `draw` (an option and its
 * data, either may be absent), `resize`; it answers each draw with `drawn` and a failure with `failed`.
 */
import type { EChartsType } from 'echarts/core';
import type { ChartOption } from './chartOption';
import { echarts } from './echartsCore';
import { withFormatters } from './liveChartOption';

export type LiveChartRequest =
  | { type: 'init'; canvas: OffscreenCanvas; width: number; height: number; dpr: number; dark: boolean }
  | { type: 'draw'; option?: ChartOption; data?: ChartOption }
  | { type: 'resize'; width: number; height: number };
export type LiveChartAnswer = { type: 'drawn'; draws: number } | { type: 'failed'; message: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<LiveChartRequest>) => void) | null;
  postMessage(answer: LiveChartAnswer): void;
};

// ECharts measures text on canvases of its own: in a worker, offscreen ones.
echarts.setPlatformAPI({ createCanvas: () => new OffscreenCanvas(32, 32) as unknown as HTMLCanvasElement });

let chart: EChartsType | undefined;
let draws = 0;

scope.onmessage = (e) => {
  const m = e.data;
  try {
    if (m.type === 'init') {
      chart?.dispose();
      // A canvas of its own (not a DOM element): ECharts draws on it directly at the given size and ratio.
      chart = echarts.init(m.canvas as unknown as HTMLElement, m.dark ? 'dark' : undefined, {
        renderer: 'canvas',
        width: m.width,
        height: m.height,
        devicePixelRatio: m.dpr,
      });
    } else if (m.type === 'draw' && chart) {
      // Laid out and painted at once, in this worker's task (the frame again only when it changed: rare).
      if (m.option) chart.setOption(withFormatters(m.option), { notMerge: false });
      if (m.data) chart.setOption(withFormatters(m.data), { notMerge: false });
      draws += 1;
      scope.postMessage({ type: 'drawn', draws });
    } else if (m.type === 'resize' && chart) {
      chart.resize({ width: m.width, height: m.height });
    }
  } catch (err) {
    scope.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
};
