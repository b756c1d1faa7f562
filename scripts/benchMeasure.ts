import { Writable } from 'node:stream';

/** What {@link measureRows} reports of one timed run that produced rows (and, optionally, bytes). */
export interface RowsRun {
  rows: number;
  ms: number;
  rowsPerSec: number;
  cpuMs: number;
  rowsPerCpuSec: number;
  /** Megabytes written to the sink. */
  mb: number;
  /** Peak RSS growth during the run, sampled every 50 ms. */
  peakRssDeltaMb: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Times `fn` (wall and CPU), with a sink that counts and drops what is written to it and a sampler of the
 * process's peak RSS; `fn` answers how many rows it produced. Collects garbage first when `--expose-gc`.
 */
export async function measureRows(fn: (sink: Writable) => Promise<number>): Promise<RowsRun> {
  globalThis.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  let bytes = 0;
  const sink = new Writable({
    write(c: Buffer, _e, cb) {
      bytes += c.length;
      cb();
    },
  });
  const t = performance.now();
  const c0 = process.cpuUsage();
  let rows: number;
  try {
    rows = await fn(sink);
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - t;
  const c1 = process.cpuUsage(c0);
  peak = Math.max(peak, process.memoryUsage().rss);
  const cpuMs = (c1.user + c1.system) / 1000;
  return {
    rows,
    ms: round(ms),
    rowsPerSec: Math.round((rows / ms) * 1000),
    cpuMs: round(cpuMs),
    rowsPerCpuSec: Math.round((rows / cpuMs) * 1000),
    mb: round(bytes / 1e6),
    peakRssDeltaMb: round((peak - rss0) / 1e6),
  };
}
