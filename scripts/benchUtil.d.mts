/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number>;
/** Least-squares slope of `samples[i][key]` over `samples[i].t` (ms), per hour. */
export function slopePerHour<K extends string>(
  samples: ({ t: number } & Record<K, number>)[],
  key: K,
): number;
/** The value at percentile `p` (0–100) of ascending `sorted` (nearest rank); NaN when empty. */
export function pct(sorted: number[], p: number): number;
/** The V8 flags `npm start` gives the gateway (package.json's `start`); the benchmarks give them too. */
export const GATEWAY_NODE_FLAGS: readonly string[];
