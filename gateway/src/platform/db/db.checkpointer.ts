import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The SQLite store's write-ahead log copied into the database on a worker thread, not by the gateway's.
 *
 * In WAL mode a commit appends the transaction's pages to the log; a checkpoint copies the log's pages into the
 * database file and syncs it. By default the connection that commits past a mark runs the checkpoint inside
 * that commit: on bench-wall's load (1,000 events/s, about 12 MB of log a second, a checkpoint every 40 MB)
 * the gateway's thread spent about a fifth of its time in commits, up to 242 ms in one, and wrote 55 MB into
 * the database file every 8 s from it. Here the gateway's own connection never checkpoints
 * (`wal_autocheckpoint = 0`); a second connection on a worker thread runs `wal_checkpoint(PASSIVE)` every
 * {@link CHECKPOINT_EVERY_MS}: it copies what no reader still needs, waits for no lock, and the next commit
 * after a whole log was copied starts the log again from its beginning (so it does not grow). Commits stay as
 * durable as before: the log is synced at each commit (`synchronous = FULL`) whoever copies it later.
 *
 * If the worker stops or fails, the gateway's connection checkpoints by itself again (the mark of 10,000
 * pages), so the log never grows without bound.
 */
export const CHECKPOINT_EVERY_MS = 250;

/** The log's size, in pages, past which the gateway's own connection checkpoints when no worker does. */
export const AUTOCHECKPOINT_PAGES = 10_000;

export interface Checkpointer {
  /** Ends the worker (its connection closed); resolves once it has exited. */
  stop(): Promise<void>;
  /** Whether the worker is taking the checkpoints (false once it stopped or failed). */
  readonly running: boolean;
}

/** Runs in the worker (CommonJS): opens the file, checkpoints on a timer, closes on 'stop'. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    // A busy database is tried again on the next tick; anything else ends the worker.
    if (!(err && err.code === 'SQLITE_BUSY')) throw err;
  }
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Starts the worker on the database `file` (in WAL mode) and stops `connection` checkpointing by itself.
 * `connection` gets its mark back if the worker fails (`onFailure` is told why) or is stopped.
 */
export function startCheckpointer(
  file: string,
  connection: { pragma(source: string): unknown },
  onFailure: (err: unknown) => void = () => undefined,
  everyMs = CHECKPOINT_EVERY_MS,
): Checkpointer {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module, file, everyMs } });
  // The worker must not keep the process alive on its own; the store's close stops it.
  worker.unref();
  connection.pragma('wal_autocheckpoint = 0');
  let running = true;
  let stopping = false;
  let failure: unknown;
  worker.on('error', (err) => {
    failure = err;
  });
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', (code) => {
      running = false;
      try {
        connection.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
      } catch {
        // The connection is closed already: nothing checkpoints any more, and nothing needs to.
      }
      if (!stopping) onFailure(failure ?? new Error(`the checkpoint worker exited with ${code}`));
      resolve();
    });
  });
  return {
    get running() {
      return running;
    },
    async stop() {
      if (!running) return exited;
      stopping = true;
      // Waited for now: unreferenced, a process with nothing else to do exited before the worker's last
      // checkpoint ended (a benchmark's run stopped there, silently, with code 0).
      worker.ref();
      worker.postMessage('stop');
      return exited;
    },
  };
}
