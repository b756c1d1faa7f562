/**
 * The risk engine's worker thread (started by `riskWorker.host.ts`, from `riskWorker.entry.ts`): the runner, the detector and their store
 * connection, off the gateway's thread. It reads what the engine committed (its own connection to the store
 * the gateway opened, reading only), detects, and hands each chunk's findings and alerts with the checkpoint
 * to the gateway's thread, which stores them and pushes them live, as it does the runner's other writes. The detector's work, its collections and its snapshots no longer hold the
 * gateway's thread (sockets, ingest and the API); the two threads share nothing but messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Subject } from 'rxjs';
import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import { openStore, type Store } from '../../platform/db/db.store';
import { createLogger } from '../../platform/logger/logger';
import { RiskRunner, type ChunkCommitter } from '../../engine/risk/riskRunner.service';
import {
  CheckpointMovedError,
  LeaseLostError,
  RiskRunnerRepository,
  type RunnerCheckpoint,
} from '../../engine/risk/riskRunner.repository';
import { createRiskDetector } from '../../engine/risk/risk.detector';
import type { RiskDetector, RiskDetectorFactory, RiskFinding } from '../../engine/risk/riskFinding';
import type {
  FromRiskWorker,
  RiskWorkerData,
  StoreCall,
  StoreError,
  ToRiskWorker,
} from './riskWorker.protocol';

if (!parentPort) throw new Error('riskWorker.entry.ts runs on a worker thread');
const port = parentPort;
const send = (message: FromRiskWorker) => port.postMessage(message);
const data = workerData as RiskWorkerData;
const wakeFlag = new Int32Array(data.wakeFlag);

/**
 * The exports of the module `RiskWorkerData.detector` names, bundled into the worker with it (the sources'
 * worker, `riskWorker.host.ts`), or undefined: then a built module is imported, or the engine's detector runs.
 */
export type DetectorExports = Record<string, unknown> | undefined;

async function factoryOf(bundled: DetectorExports): Promise<RiskDetectorFactory> {
  if (!data.detector) return createRiskDetector;
  const mod = bundled ?? ((await import(data.detector.url)) as Record<string, unknown>);
  const factory = mod[data.detector.name];
  if (typeof factory !== 'function')
    throw new Error(`${data.detector.url} exports no detector factory ${data.detector.name}`);
  return factory as RiskDetectorFactory;
}

/**
 * The runner's checkpoint, snapshot and lease: read through this thread's connection, written through the
 * gateway's (`StoreCall`). The connection is opened to read only, so a write that does not come this way fails.
 */
class GatewayWrites extends RiskRunnerRepository {
  constructor(
    store: Store,
    private readonly call: <R>(c: StoreCall) => Promise<R>,
    pieceChars?: number,
  ) {
    super(store, pieceChars);
  }

  override checkpoint(partition: string, now: number): Promise<RunnerCheckpoint> {
    return this.call({ op: 'checkpoint', partition, now });
  }

  override acquireLease(name: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
    return this.call({ op: 'acquireLease', name, holder, now, ttlMs });
  }

  override releaseLease(name: string, holder: string): Promise<void> {
    return this.call({ op: 'releaseLease', name, holder });
  }

  override insertPiece(partition: string, generation: string, n: number, text: string): Promise<void> {
    return this.call({ op: 'insertPiece', partition, generation, n, text });
  }

  override dropPiecesExcept(partition: string, keep: string | undefined): Promise<void> {
    return this.call({ op: 'dropPiecesExcept', partition, keep });
  }

  override commitChunk(): Promise<void> {
    return Promise.reject(new Error("the risk worker's chunks are stored through its committer"));
  }
}

/** Runs the risk engine's runner on this worker thread until the gateway says stop. */
export function runRiskWorker(bundled?: DetectorExports): void {
  main(bundled).catch((err: unknown) => {
    send({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    port.close();
  });
}

async function main(bundled: DetectorExports): Promise<void> {
  const logger = createLogger(data.logLevel, { write: (line: string) => send({ type: 'log', line }) });
  const { store } = await openStore({
    ...data.store,
    secondary: true,
    logger,
    seed: {
      now: Date.now,
      adminPasswordHash: () => Promise.reject(new Error('the risk worker never seeds the store')),
    },
  });
  const factory = await factoryOf(bundled);
  let settings: RiskSettings = data.settings;
  let current: RiskDetector | undefined;
  const committed$ = new Subject<void>();
  // Every write goes through the gateway's thread (its connection writes between the ingest's transactions;
  // this one would wait for the ingest's lock): each call is answered by `stored`.
  let nextCall = 1;
  const calls = new Map<number, { resolve: (result: unknown) => void; reject: (err: Error) => void }>();
  const call = <R>(c: StoreCall): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      const id = nextCall++;
      calls.set(id, { resolve: resolve as (result: unknown) => void, reject });
      send({ type: 'store', id, call: c });
    });
  // The gateway's answer as the error the runner knows (its message as the gateway's).
  const storeError = (e: StoreError): Error =>
    Object.assign(
      e.kind === 'moved'
        ? new CheckpointMovedError('')
        : e.kind === 'lease'
          ? new LeaseLostError('')
          : new Error(''),
      { message: e.message },
    );
  const committer: ChunkCommitter<RiskFinding> = (commit) => call({ op: 'commit', commit });
  const runner = new RiskRunner<RiskFinding, unknown>({
    store,
    logger,
    committed$,
    committer,
    repository: new GatewayWrites(store, call, data.tuning.snapshotPieceChars),
    createDetector: (snapshot) => {
      current = factory(settings, snapshot);
      return current;
    },
    ...data.tuning,
  });
  let stopping = false;
  port.on('message', (m: ToRiskWorker) => {
    switch (m.type) {
      case 'wake':
        // Cleared before the runner reads: a commit after this posts its own wake.
        Atomics.store(wakeFlag, 0, 0);
        committed$.next();
        break;
      case 'configure':
        settings = m.settings;
        current?.configure(settings);
        break;
      case 'stored': {
        const waiting = calls.get(m.id);
        calls.delete(m.id);
        if (m.error) waiting?.reject(storeError(m.error));
        else waiting?.resolve(m.result);
        break;
      }
      case 'stop':
        if (stopping) break;
        stopping = true;
        void runner
          .stop()
          .then(() => store.close())
          .then(
            () => {
              send({ type: 'stopped' });
              port.close();
            },
            (err: unknown) => {
              send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
              port.close();
            },
          );
        break;
    }
  });
  runner.start();
  send({ type: 'ready' });
}
