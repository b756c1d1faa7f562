// Preloaded into a gateway by scripts/bench-soak.mjs only (`node --expose-gc --import …`): every
// DMS_SOAK_PROBE_MS it collects garbage and appends the process's memory as one JSON line to
// DMS_SOAK_PROBE_FILE, so the soak reads the heap that is really retained, not garbage waiting for a GC.
import { appendFileSync } from 'node:fs';

const file = process.env.DMS_SOAK_PROBE_FILE;
const every = Number(process.env.DMS_SOAK_PROBE_MS || 30000);
if (file) {
  const sample = () => {
    if (typeof globalThis.gc === 'function') globalThis.gc();
    const m = process.memoryUsage();
    const line = {
      t: Date.now(),
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  setInterval(sample, every).unref();
  setTimeout(sample, 1000).unref();
}
