/**
 * Waits before the next attempt while the gateway does not answer: 1 s, doubling, at most 4 s, so that a wall
 * is back within a few seconds of the gateway answering again (one small request per wall every 4 s while it
 * is down).
 */
export function backoffMs(attempt: number): number {
  return Math.min(4_000, 1_000 * 2 ** Math.min(Math.max(0, attempt), 2));
}
