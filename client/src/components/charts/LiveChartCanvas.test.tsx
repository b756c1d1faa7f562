import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartOption } from './chartOption';

const setOption = vi.fn();
const dispose = vi.fn();
vi.mock('./echartsCore', () => ({
  echarts: { init: () => ({ setOption, dispose, resize: () => undefined }) },
}));

const { default: LiveChartCanvas, LIVE_CHART_MIN_INTERVAL_MS } = await import('./LiveChartCanvas');

const option = (n: number): ChartOption => ({ series: [{ type: 'line', data: [n] }] });
/** ECharts is imported when a page chart mounts: lets that import settle. */
const loaded = () => act(async () => undefined);
const drawn = () =>
  setOption.mock.calls.map((c) => (c[0] as { series: { data: number[] }[] }).series[0]?.data[0]);

describe('LiveChartCanvas', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
    });
    setOption.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('draws the first option on the next frame, then at most once an interval, always the newest', async () => {
    const view = render(<LiveChartCanvas option={option(1)} dark height={100} />);
    await loaded();
    expect(drawn()).toEqual([]);
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(drawn()).toEqual([1]);
    // Batches every 200 ms: none drawn before the interval is over, then only the last one.
    for (let n = 2; n <= 10; n++) {
      view.rerender(<LiveChartCanvas option={option(n)} dark height={100} />);
      act(() => {
        vi.advanceTimersByTime(200);
      });
    }
    expect(drawn()).toEqual([1]);
    act(() => {
      vi.advanceTimersByTime(LIVE_CHART_MIN_INTERVAL_MS);
    });
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(drawn()).toEqual([1, 10]);
    // Quiet afterwards: nothing more is drawn.
    act(() => {
      vi.advanceTimersByTime(3 * LIVE_CHART_MIN_INTERVAL_MS);
    });
    expect(drawn()).toEqual([1, 10]);
    view.unmount();
    expect(dispose).toHaveBeenCalled();
  });

  it('sets the frame of the option once and then its data alone, until the frame changes', async () => {
    const frame = (legend: string): ChartOption => ({
      legend: { data: [legend] },
      series: [{ type: 'line' }],
    });
    const data = (n: number): ChartOption => ({ series: [{ data: [n] }] });
    const framed = frame('a');
    const draw = () => {
      act(() => {
        vi.advanceTimersByTime(LIVE_CHART_MIN_INTERVAL_MS);
      });
      act(() => {
        vi.advanceTimersToNextFrame();
      });
    };
    const view = render(<LiveChartCanvas option={framed} data={data(1)} dark height={100} />);
    await loaded();
    draw();
    // The frame, then its data, both merged for one update of ECharts' next frame (lazy).
    expect(setOption.mock.calls).toEqual([
      [framed, { notMerge: false, lazyUpdate: true }],
      [data(1), { notMerge: false, lazyUpdate: true }],
    ]);
    setOption.mockClear();
    view.rerender(<LiveChartCanvas option={framed} data={data(2)} dark height={100} />);
    draw();
    expect(setOption.mock.calls).toEqual([[data(2), { notMerge: false, lazyUpdate: true }]]);
    setOption.mockClear();
    // Another language or size: a new frame, set again with the data.
    const other = frame('b');
    view.rerender(<LiveChartCanvas option={other} data={data(3)} dark height={100} />);
    draw();
    expect(setOption.mock.calls).toEqual([
      [other, { notMerge: false, lazyUpdate: true }],
      [data(3), { notMerge: false, lazyUpdate: true }],
    ]);
    view.unmount();
  });
});

describe('LiveChartCanvas off the page thread', () => {
  /** The messages posted to the last worker made, and every worker made. */
  let posted: { type: string; option?: unknown; data?: unknown; width?: number }[] = [];
  const workers: FakeWorker[] = [];
  class FakeWorker {
    onmessage: ((e: { data: unknown }) => void) | null = null;
    onerror: ((e: { message: string }) => void) | null = null;
    terminated = false;
    constructor(readonly url: URL) {
      workers.push(this);
      posted = [];
    }
    postMessage(m: { type: string }) {
      // As structured cloning does: a function cannot cross.
      if (JSON.stringify(m, (_k, v: unknown) => (typeof v === 'function' ? '<fn>' : v)).includes('<fn>'))
        throw new DOMException('could not be cloned', 'DataCloneError');
      posted.push(m);
    }
    terminate() {
      this.terminated = true;
    }
  }
  const nextDraw = () => {
    act(() => {
      vi.advanceTimersByTime(LIVE_CHART_MIN_INTERVAL_MS);
    });
    act(() => {
      vi.advanceTimersToNextFrame();
    });
  };

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
    });
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', class {});
    HTMLCanvasElement.prototype.transferControlToOffscreen = () => ({}) as OffscreenCanvas;
    setOption.mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
  });

  it('hands its canvas to a worker and posts the frame once, then the data, at most once an interval', () => {
    const framed: ChartOption = { legend: {}, series: [{ type: 'line' }] };
    const data = (n: number): ChartOption => ({ series: [{ data: [n] }] });
    const view = render(<LiveChartCanvas option={framed} data={data(1)} dark height={100} offThread />);
    expect(workers.at(-1)?.url.pathname).toMatch(/liveChartWorker\.ts$/);
    expect(posted.map((m) => m.type)).toEqual(['init']);
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(posted.slice(1)).toEqual([{ type: 'draw', option: framed, data: data(1) }]);
    for (let n = 2; n <= 5; n++)
      view.rerender(<LiveChartCanvas option={framed} data={data(n)} dark height={100} offThread />);
    nextDraw();
    expect(posted.slice(2)).toEqual([{ type: 'draw', data: data(5) }]);
    // The page drew nothing itself; the canvas says how many draws the worker made.
    expect(setOption).not.toHaveBeenCalled();
    act(() => workers.at(-1)!.onmessage!({ data: { type: 'drawn', draws: 2 } }));
    expect(view.container.querySelector('canvas')?.dataset.draws).toBe('2');
    const first = workers.at(-1)!;
    view.unmount();
    expect(first.terminated).toBe(true);
  });

  it('draws on the page when the worker fails, or when an option cannot cross to it', async () => {
    const view = render(<LiveChartCanvas option={option(1)} dark height={100} offThread />);
    act(() => workers.at(-1)!.onmessage!({ data: { type: 'failed', message: 'no canvas' } }));
    expect(workers.at(-1)!.terminated).toBe(true);
    await loaded();
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(drawn()).toEqual([1]);
    view.unmount();
    setOption.mockClear();
    const withFunction: ChartOption = {
      series: [{ type: 'line', data: [7] }],
      tooltip: { formatter: () => 'x' },
    };
    const other = render(<LiveChartCanvas option={withFunction} dark height={100} offThread />);
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    await loaded();
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(drawn()).toEqual([7]);
    other.unmount();
  });
});
