// Preloaded into a gateway by scripts/bench-soak.mjs only (`node --expose-gc --import …`): every
// DMS_SOAK_PROBE_MS it collects garbage and appends the process's memory as one JSON line to
// DMS_SOAK_PROBE_FILE, so the soak reads the heap that is really retained, not garbage waiting for a GC.
// A preload runs in every worker thread the process starts from a file too: there it samples its own
// thread's heap (the risk engine's worker: the detector's state lives there) into DMS_SOAK_PROBE_FILE
// + `.worker`, each line with the thread's id (a worker started again after a failure has a new one).
import { appendFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, threadId } from 'node:worker_threads';

const file = process.env.DMS_SOAK_PROBE_FILE;
const every = Number(process.env.DMS_SOAK_PROBE_MS || 30000);
if (file) {
  const sample = () => {
    if (typeof globalThis.gc === 'function') globalThis.gc();
    if (!isMainThread) {
      // process.memoryUsage() is the process's; the worker's own heap is its isolate's.
      const h = getHeapStatistics();
      const line = {
        t: Date.now(),
        thread: threadId,
        heapUsed: h.used_heap_size,
        heapTotal: h.total_heap_size,
      };
      appendFileSync(`${file}.worker`, `${JSON.stringify(line)}\n`);
      return;
    }
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
