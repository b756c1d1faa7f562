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
 * expected gaps and at least `floorMs` (the floor alone while no gap is known yet). Each monitor passes its
 * own floor.
 */
export function freshnessOf(clock: PanelClock, now: number, floorMs: number): FreshnessState {
  if (clock.lastAt === null) return 'waiting';
  const gap = expectedGap(clock);
  const limit = Math.max(floorMs, gap === null ? 0 : gap * 3);
  return now - clock.lastAt > limit ? 'stale' : 'fresh';
}
