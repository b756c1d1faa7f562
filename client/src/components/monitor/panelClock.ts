/**
 * A monitor panel's clock: when the panel last received a batch and the recent gaps between its batches
 * (client time), from which it judges whether its feed is fresh or has gone silent. Shared by the baccarat
 * and the Teen Patti monitors.
 */
export interface PanelClock {
  lastAt: number | null;
  gaps: number[];
}

/** Gaps between batches remembered per panel to estimate the rate it expects. */
export const GAPS_MAX = 20;

/**
 * The floor of a panel of findings (the cross-bet groups), which come when they come: silence is news only
 * after this long.
 */
export const FINDINGS_FLOOR_MS = 10 * 60_000;

export type FreshnessState = 'waiting' | 'fresh' | 'stale';

/** A clock that has seen nothing yet. */
export const emptyClock = (): PanelClock => ({ lastAt: null, gaps: [] });

/** A copy that shares nothing with `clock`. */
export const copyClock = (clock: PanelClock): PanelClock => ({ lastAt: clock.lastAt, gaps: [...clock.gaps] });

/** Notes a batch received at `at` on a panel's clock (once per batch, whatever its size; mutates it). */
export function tickClock(clock: PanelClock, at: number): void {
  if (clock.lastAt !== null && at > clock.lastAt) {
    clock.gaps.push(at - clock.lastAt);
    if (clock.gaps.length > GAPS_MAX) clock.gaps.splice(0, clock.gaps.length - GAPS_MAX);
  }
  clock.lastAt = at;
}

/**
 * Gives a clock that has learned no gap yet the gaps between the newest of `times` (event times of what the
 * panel shows, from a starting picture: a chart's settled rounds), so that a panel on a quiet feed is not
 * called silent before its second batch (mutates it). A clock with gaps keeps its own.
 */
export function seedGaps(clock: PanelClock, times: readonly number[]): void {
  if (clock.gaps.length > 0) return;
  const newest = [...times].sort((a, b) => a - b).slice(-(GAPS_MAX + 1));
  for (let i = 1; i < newest.length; i++) {
    const gap = (newest[i] as number) - (newest[i - 1] as number);
    if (gap > 0) clock.gaps.push(gap);
  }
}

/**
 * The gap a panel expects between its batches: the median of its recent gaps, or null before it has seen
 * two batches.
 */
export function expectedGap(clock: PanelClock): number | null {
  if (clock.gaps.length === 0) return null;
  const sorted = [...clock.gaps].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * How fresh a panel is at `now`: `waiting` (nothing yet), `fresh`, or `stale` once silent for over three
 * expected gaps, over one and a half times its longest recent gap (a table's bets come every second or two,
 * then pause for the deal and until the next round: that pause is its normal) and at least `floorMs` (the
 * floor alone while no gap is known yet). Each monitor passes its own floor; a caller that shows the limit
 * too passes the {@link silenceLimit} it computed.
 */
export function freshnessOf(
  clock: PanelClock,
  now: number,
  floorMs: number,
  limitMs: number = silenceLimit(clock, floorMs),
): FreshnessState {
  if (clock.lastAt === null) return 'waiting';
  return now - clock.lastAt > limitMs ? 'stale' : 'fresh';
}

/** The silence after which {@link freshnessOf} calls a panel stale, ms (what its card tells). */
export function silenceLimit(clock: PanelClock, floorMs: number): number {
  const gap = expectedGap(clock);
  const longest = clock.gaps.reduce((a, b) => Math.max(a, b), 0);
  return Math.max(floorMs, gap === null ? 0 : gap * 3, longest * 1.5);
}
