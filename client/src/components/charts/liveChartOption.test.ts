import { describe, expect, it } from 'vitest';
import { formatDate } from '@dms/shared/format/date';
import type { ChartOption } from './chartOption';
import { dateLabels, withFormatters } from './liveChartOption';

describe('live chart options', () => {
  it('gives axes of time labels their formatter where the chart is drawn, and leaves other options as they are', () => {
    const option = {
      xAxis: { type: 'time', axisLabel: { ...dateLabels('{h}:{i}'), fontSize: 15 } },
      yAxis: [{ type: 'value' }, { type: 'value', axisLabel: dateLabels('{m}-{d}') }],
      series: [],
    } as ChartOption;
    // Plain data: it crosses to a worker as it is.
    expect(structuredClone(option)).toEqual(option);
    const out = withFormatters(option) as {
      xAxis: { axisLabel: { formatter: (v: number) => string; fontSize: number; dateLabels?: string } };
      yAxis: { axisLabel?: { formatter: (v: number) => string } }[];
    };
    const t = Date.UTC(2026, 10, 29, 3, 4);
    expect(out.xAxis.axisLabel.formatter(t)).toBe(formatDate(t, '{h}:{i}'));
    expect(out.xAxis.axisLabel.fontSize).toBe(15);
    expect(out.xAxis.axisLabel.dateLabels).toBeUndefined();
    expect(out.yAxis[0]).toBe((option.yAxis as unknown[])[0]);
    expect(out.yAxis[1]!.axisLabel!.formatter(t)).toBe(formatDate(t, '{m}-{d}'));
    // Not changed in place; an option with none is the same object.
    expect((option.xAxis as { axisLabel: { dateLabels: string } }).axisLabel.dateLabels).toBe('{h}:{i}');
    const plain: ChartOption = { xAxis: { type: 'value' }, series: [] };
    expect(withFormatters(plain)).toBe(plain);
  });
});
