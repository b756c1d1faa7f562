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

/** From the gateway to the worker. */
export type ToRiskWorker =
  | { type: 'wake' }
  | { type: 'configure'; settings: RiskSettings }
  | { type: 'committed'; id: number; error?: CommitError | undefined }
  | { type: 'stop' };

/** Why the gateway could not store a chunk: another runner has the partition, or the store failed. */
export interface CommitError {
  kind: 'moved' | 'lease' | 'failed';
  message: string;
}

/** From the worker to the gateway. */
export type FromRiskWorker =
  | { type: 'ready' }
  /** A chunk to store (and push once stored), answered by `committed`. */
  | { type: 'commit'; id: number; commit: ChunkCommitOf<RiskFinding> }
  | { type: 'log'; line: string }
  | { type: 'stopped' }
  | { type: 'failed'; message: string };
