import { formatDate } from '@dms/shared/format/date';
import type { ChartOption } from './chartOption';

/**
 * A live chart's option crosses to a worker (a wall's charts are drawn off the page's thread), and a function
 * does not: an axis whose labels are times says so with `dateLabels` (a `formatDate` pattern, in the browser's
 * time zone), and {@link withFormatters} gives it its formatter where the chart is drawn.
 */
export type LiveAxisLabel = { dateLabels?: string };

/** The axis label option of time labels in `pattern` (`{h}:{i}`: hours and minutes). */
export const dateLabels = (pattern: string): Record<string, unknown> => ({ dateLabels: pattern });

type Axis = { axisLabel?: Record<string, unknown> } & Record<string, unknown>;

function axisWithFormatter(axis: Axis): Axis {
  const pattern = axis.axisLabel?.dateLabels;
  if (typeof pattern !== 'string') return axis;
  const { dateLabels: _, ...label } = axis.axisLabel!;
  return { ...axis, axisLabel: { ...label, formatter: (v: number) => formatDate(v, pattern) } };
}

/** `option` with a formatter for each axis whose labels are times ({@link dateLabels}). */
export function withFormatters(option: ChartOption): ChartOption {
  const o = option as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const name of ['xAxis', 'yAxis'] as const) {
    const axes = o[name] as Axis | Axis[] | undefined;
    if (!axes) continue;
    const next = Array.isArray(axes) ? axes.map(axisWithFormatter) : axisWithFormatter(axes);
    const changed = Array.isArray(next) ? next.some((a, i) => a !== (axes as Axis[])[i]) : next !== axes;
    if (changed) (out ??= { ...o })[name] = next;
  }
  return (out ?? option) as ChartOption;
}

/** What a monitor's live chart panel is given: the theme, the wall's large type, and its height in pixels. */
export interface MonitorChartProps {
  dark: boolean;
  large: boolean;
  height: number;
}
