/**
 * The risk engine's worker thread (started by `riskWorker.host.ts`, from `riskWorker.entry.ts`): the runner, the detector and their store
 * connection, off the gateway's thread. It reads what the engine committed, detects, stores findings and
 * alerts with the checkpoint (its own connection to the store the gateway opened), and hands what it stored to
 * the gateway to push live. The detector's work, its collections and its snapshots no longer hold the
 * gateway's thread (sockets, ingest and the API); the two threads share nothing but messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Subject } from 'rxjs';
import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import { openStore } from '../../platform/db/db.store';
import { createLogger } from '../../platform/logger/logger';
import { RiskRunner, type ChunkCommitter } from '../../engine/risk/riskRunner.service';
import { CheckpointMovedError, LeaseLostError } from '../../engine/risk/riskRunner.repository';
import { createRiskDetector } from '../../engine/risk/risk.detector';
import type { RiskDetector, RiskDetectorFactory, RiskFinding } from '../../engine/risk/riskFinding';
import type { CommitError, FromRiskWorker, RiskWorkerData, ToRiskWorker } from './riskWorker.protocol';

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
  // Chunks are stored by the gateway's thread (its connection writes between the ingest's transactions; this
  // one would wait for the ingest's lock): each is answered by `committed`.
  let nextCommit = 1;
  const commits = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  const committer: ChunkCommitter<RiskFinding> = (commit) =>
    new Promise<void>((resolve, reject) => {
      const id = nextCommit++;
      commits.set(id, { resolve, reject });
      send({ type: 'commit', id, commit });
    });
  // The gateway's answer as the error the runner knows (its message as the gateway's).
  const commitError = (e: CommitError): Error =>
    Object.assign(
      e.kind === 'moved'
        ? new CheckpointMovedError('')
        : e.kind === 'lease'
          ? new LeaseLostError('')
          : new Error(''),
      { message: e.message },
    );
  const runner = new RiskRunner<RiskFinding, unknown>({
    store,
    logger,
    committed$,
    committer,
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
      case 'committed': {
        const waiting = commits.get(m.id);
        commits.delete(m.id);
        if (m.error) waiting?.reject(commitError(m.error));
        else waiting?.resolve();
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
