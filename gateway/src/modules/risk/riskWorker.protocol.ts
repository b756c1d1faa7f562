import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import type { ChunkCommitOf, RiskRunnerTuning } from '../../engine/risk/riskRunner.service';
import type { RiskFinding } from '../../engine/risk/riskFinding';

/**
 * The messages between the gateway's thread and the risk engine's worker thread (`riskWorker.host.ts`,
 * `riskWorker.entry.ts`).
 */

/** A module exporting a detector factory by name (the engine's own by default; a benchmark's wrapper). */
export interface DetectorModule {
  url: string;
  name: string;
}

/** What the worker starts with. */
export interface RiskWorkerData {
  /** The store the gateway opened (and migrated): the worker opens its own connection to it. */
  store: { databaseUrl?: string | undefined; dataDir: string; pgSchema?: string | undefined };
  settings: RiskSettings;
  tuning: Partial<RiskRunnerTuning>;
  detector?: DetectorModule | undefined;
  /** The gateway logger's level; the worker's lines are logged by the gateway's logger. */
  logLevel: string;
  /**
   * One flag shared with the gateway: 1 while a `wake` is on its way to the worker. The gateway posts a wake
   * only when it sets the flag from 0; the worker clears it before its runner reads what is committed, so the
   * engine's commits that come meanwhile are read by that run and need no wake of their own.
   */
  wakeFlag: SharedArrayBuffer;
}

/**
 * What the worker asks the gateway's thread to write: every write of its runner goes through the gateway's
 * connection, which writes between the ingest's transactions, where the worker's own connection (reads
 * only) would wait for the ingest's lock (and the ingest for its: on SQLite, a connection that finds the lock
 * held sleeps 1, 2, 5, 10 ms… before it tries again).
 */
export type StoreCall =
  /** A chunk to store and push once stored (`ChunkCommitter`). */
  | { op: 'commit'; commit: ChunkCommitOf<RiskFinding> }
  /** `RiskRunnerRepository.checkpoint`: answered by the checkpoint. */
  | { op: 'checkpoint'; partition: string; now: number }
  /** `RiskRunnerRepository.acquireLease`: answered by whether the holder has it. */
  | { op: 'acquireLease'; name: string; holder: string; now: number; ttlMs: number }
  | { op: 'releaseLease'; name: string; holder: string }
  /** A piece of a snapshot (`RiskRunnerRepository.insertPiece`), one message each. */
  | { op: 'insertPiece'; partition: string; generation: string; n: number; text: string }
  | { op: 'dropPiecesExcept'; partition: string; keep: string | undefined };

/** From the gateway to the worker. */
export type ToRiskWorker =
  | { type: 'wake' }
  | { type: 'configure'; settings: RiskSettings }
  /** The answer to the worker's `store` call of the same id: its result, or why it failed. */
  | { type: 'stored'; id: number; result?: unknown; error?: StoreError | undefined }
  | { type: 'stop' };

/** Why the gateway could not write: another runner has the partition, or the store failed. */
export interface StoreError {
  kind: 'moved' | 'lease' | 'failed';
  message: string;
}

/** From the worker to the gateway. */
export type FromRiskWorker =
  | { type: 'ready' }
  /** A write of the runner, answered by `stored`. */
  | { type: 'store'; id: number; call: StoreCall }
  | { type: 'log'; line: string }
  | { type: 'stopped' }
  | { type: 'failed'; message: string };
