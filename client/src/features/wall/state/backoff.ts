/**
 * Waits before the next attempt while the gateway does not answer: 1 s, doubling, at most 4 s, so that a wall
 * is back within a few seconds of the gateway answering again (one small request per wall every 4 s while it
 * is down).
 */
export function backoffMs(attempt: number): number {
  return Math.min(4_000, 1_000 * 2 ** Math.min(Math.max(0, attempt), 2));
}

/**
 * While a paired wall's link is down: the wait before its next health check, about a second (0.8–1.2 s, the
 * jitter keeping a room of walls out of step). One small request a second per wall while the gateway is
 * away, so that a wall reconnects within about a second of the gateway answering again, not after the
 * socket's own backoff (up to 7.5 s).
 */
export function healCheckMs(random: () => number = Math.random): number {
  return Math.round(800 + 400 * Math.min(1, Math.max(0, random())));
}
