/** The bounds of one value axis, as ECharts takes them. */
export interface AxisBounds {
  min: number;
  max: number;
  interval: number;
}

/** Intervals on each axis. */
const STEPS = 5;

/** The smallest of 1, 2, 2.5, 5 × 10^k that is at least `x`. */
function niceStep(x: number): number {
  if (!(x > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5]) if (m * p >= x - 1e-9 * p) return m * p;
  return 10 * p;
}

function extent(values: readonly number[]): [number, number] {
  let min = 0;
  let max = 0;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return [min, max];
}

/**
 * Bounds for two value axes of one chart (say a GGR that can be negative beside a turnover that cannot)
 * such that zero stands at the same height on both, each with five round intervals: without it, ECharts
 * puts each axis' zero where its own data needs it, and a line at 0 on one axis looks like a loss on the other.
 */
export function zeroAlignedAxes(left: readonly number[], right: readonly number[]): [AxisBounds, AxisBounds] {
  const extents: [number, number][] = [extent(left), extent(right)];
  const anyNegative = extents.some(([min]) => min < 0);
  const anyPositive = extents.some(([, max]) => max > 0);
  const bounds = ([min, max]: [number, number], below: number): AxisBounds => {
    const above = STEPS - below;
    const step = niceStep(Math.max(below > 0 ? -min / below : 0, above > 0 ? max / above : 0));
    return { min: below > 0 ? -below * step : 0, max: above * step, interval: step };
  };
  // Intervals below zero, the same on both axes: the count whose axes the data fills best.
  let best: [AxisBounds, AxisBounds] | undefined;
  let bestFill = -1;
  for (let below = anyNegative ? 1 : 0; below <= (anyPositive ? STEPS - 1 : STEPS); below++) {
    const pair: [AxisBounds, AxisBounds] = [bounds(extents[0]!, below), bounds(extents[1]!, below)];
    const fill = pair.reduce((sum, b, i) => sum + (extents[i]![1] - extents[i]![0]) / (b.max - b.min), 0);
    if (fill > bestFill + 1e-9) {
      best = pair;
      bestFill = fill;
    }
  }
  return best as [AxisBounds, AxisBounds];
}
