/** Waits before the next attempt while the gateway does not answer: 2 s, doubling, at most 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 2_000 * 2 ** Math.min(Math.max(0, attempt), 4));
}
