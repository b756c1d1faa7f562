import type { Db } from '../../platform/db/db.store';
import type { RiskPosition } from './riskPosition';

/** One output of a detector, with the input it came from. */
export interface RiskOutput<Output> {
  /**
   * Commit sequence number of the input that raised it: the store's order of what the engine read, which
   * findings and alerts carry so that a client can ask for what came after.
   */
  seq: number;
  /** Position of that input (commit, event time, id, kind): unique per input, in processing order. */
  position: RiskPosition;
  output: Output;
}

/**
 * Where the risk runner stores what its detector returned. The runner calls {@link write} inside its own
 * transaction, in which it also moves its checkpoint: the outputs of a chunk and the checkpoint after it
 * are stored together or not at all, so no output is ever stored twice and none is lost. An implementation
 * writes through `tx` only (never opens or commits a transaction of its own) and throws to refuse the
 * chunk (it is then read and processed again).
 */
export interface RiskSink<Output> {
  /** Stores the outputs of one chunk, in processing order (possibly none). */
  write(tx: Db, outputs: readonly RiskOutput<Output>[]): Promise<void>;
  /** The transaction of the last {@link write} committed (push what it stored, say). */
  committed?(): void;
  /** The transaction of the last {@link write} failed: what it wrote is gone. */
  discarded?(): void;
}
