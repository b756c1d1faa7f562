// Small helpers shared by the benchmark scripts that start gateways.
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (for a gateway started with PORT set to it). */
export function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Least-squares slope of `samples[i][key]` over `samples[i].t` (ms), in units of the value per hour: how fast a
 * heap or a node count grows under a steady load.
 */
export function slopePerHour(samples, key) {
  const n = samples.length;
  if (n < 2) return 0;
  const mt = samples.reduce((s, x) => s + x.t, 0) / n;
  const my = samples.reduce((s, x) => s + x[key], 0) / n;
  let num = 0;
  let den = 0;
  for (const x of samples) {
    num += (x.t - mt) * (x[key] - my);
    den += (x.t - mt) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 3_600_000;
}

/** The value at percentile `p` (0–100) of ascending `sorted` (nearest rank); NaN when empty. */
export function pct(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * The V8 flags `npm start` gives the gateway (package.json's `start`), which the benchmarks that start a
 * gateway give it too: a young generation of 64 MB semi-spaces (16 by default), so that the risk engine's
 * short-lived objects (a round's pair states and rows) die there instead of being copied out by scavenges
 * five or more times a second (bench-live, `--detector alerts`: scavenges 9.3–10.9 → 5.3–5.5 s of 120 s).
 */
export const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=64'];
