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

  it('draws the first option on the next frame, then at most once an interval, always the newest', () => {
    const view = render(<LiveChartCanvas option={option(1)} dark height={100} />);
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

  it('sets the frame of the option once and then its data alone, until the frame changes', () => {
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
