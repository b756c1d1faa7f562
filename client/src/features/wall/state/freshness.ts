/**
 * How fresh a panel's data is: the time since its last signal against the rate it expects, so that a feed
 * that went silent is told apart from a table (or an alert list) that is merely quiet.
 */
export interface Signal {
  /** Local time of the last signal (an event, a status push), or null before the first. */
  lastAt: number | null;
  /** How often a signal is expected, ms; null when nothing regular is expected (alerts come when they come). */
  expectEveryMs: number | null;
}

/**
 * `waiting`: nothing yet. `live`: within the expected rhythm. `late`: several expected signals missed.
 * `silent`: far past the rhythm: the source has stopped. `quiet`: no rhythm is expected, so a pause is news
 * of nothing (the age is still shown).
 */
export type FreshnessLevel = 'waiting' | 'live' | 'late' | 'silent' | 'quiet';

/** A signal expected every `e` ms is late after this many (at least {@link LATE_FLOOR_MS}). */
export const LATE_AFTER = 5;
/** … and silent after this many (at least {@link SILENT_FLOOR_MS}). */
export const SILENT_AFTER = 20;
export const LATE_FLOOR_MS = 10_000;
export const SILENT_FLOOR_MS = 60_000;

export function freshness(signal: Signal, now: number): { level: FreshnessLevel; ageMs: number | null } {
  if (signal.lastAt === null) return { level: 'waiting', ageMs: null };
  const ageMs = Math.max(0, now - signal.lastAt);
  const every = signal.expectEveryMs;
  if (every === null) return { level: 'quiet', ageMs };
  if (ageMs > Math.max(SILENT_FLOOR_MS, every * SILENT_AFTER)) return { level: 'silent', ageMs };
  if (ageMs > Math.max(LATE_FLOOR_MS, every * LATE_AFTER)) return { level: 'late', ageMs };
  return { level: 'live', ageMs };
}

/** The interval a rate of `perSecond` events means, ms (null for no rate). */
export function intervalOfRate(perSecond: number): number | null {
  return perSecond > 0 ? Math.max(1, Math.round(1000 / perSecond)) : null;
}
