import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Observable, Subscription } from 'rxjs';
import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import type { Logger } from '../../platform/logger/logger';
import type { ReplayRecord } from '../../platform/live/live.replay';
import {
  localCommitter,
  type ChunkCommitOf,
  type ChunkCommitter,
} from '../../engine/risk/riskRunner.service';
import {
  CheckpointMovedError,
  LeaseLostError,
  RiskRunnerRepository,
} from '../../engine/risk/riskRunner.repository';
import type { RiskFinding } from '../../engine/risk/riskFinding';
import type { Store } from '../../platform/db/db.store';
import { RiskStoreSink } from './risk.sink';
import type {
  CommitError,
  DetectorModule,
  FromRiskWorker,
  RiskWorkerData,
  ToRiskWorker,
} from './riskWorker.protocol';

/** The first wait before a worker that failed is started again, ms; doubled after each failure, up to the last. */
const RESTART_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** How long a stopping worker may take (its last snapshot) before it is ended, ms. */
const STOP_TIMEOUT_MS = 120_000;
/**
 * The worker's young generation, MB, from the gateway's own `--max-semi-space-size` (`npm start`, in the
 * process's flags or `NODE_OPTIONS`; V8 sizes a young generation as three semi-spaces): the detector makes
 * short-lived objects for every bet, and a small one would collect them many times a second. Undefined
 * (V8's default, as the gateway's) when the gateway has no such flag.
 */
export function workerYoungGenerationMb(
  flags: readonly string[] = [...process.execArgv, ...(process.env.NODE_OPTIONS?.split(/\s+/) ?? [])],
): number | undefined {
  let semiSpaceMb: number | undefined;
  for (const flag of flags) {
    const m = /^--max[-_]semi[-_]space[-_]size=(\d+)$/.exec(flag);
    if (m) semiSpaceMb = Number(m[1]);
  }
  return semiSpaceMb ? 3 * semiSpaceMb : undefined;
}

const PINO_LEVELS: Record<number, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** The worker threads bundled from the sources in this process, by detector module. */
const bundles = new Map<string, Promise<string>>();

/**
 * The worker thread's module: the built gateway has it beside `start.js` (`gateway/build.mjs`); from the
 * TypeScript sources (tests, `npm run dev`, the scripts) it is bundled once per process and detector module
 * (about 0.3 s), since a worker thread of Node 20 takes no TypeScript loader.
 */
async function workerModule(detector: DetectorModule | undefined): Promise<URL> {
  if (!import.meta.url.endsWith('.ts')) return new URL('./riskWorker.js', import.meta.url);
  const key = detector ? `${detector.url}#${detector.name}` : '';
  let file = bundles.get(key);
  if (!file) {
    file = bundleWorker(detector, bundles.size);
    bundles.set(key, file);
  }
  return pathToFileURL(await file);
}

async function bundleWorker(detector: DetectorModule | undefined, n: number): Promise<string> {
  const { build } = await import('esbuild');
  const main = fileURLToPath(new URL('./riskWorker.main.ts', import.meta.url));
  const gateway = fileURLToPath(new URL('../../../', import.meta.url));
  const pkg = JSON.parse(readFileSync(join(gateway, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const lines = [`import { runRiskWorker } from ${JSON.stringify(main)};`];
  if (detector)
    lines.push(
      `import * as detector from ${JSON.stringify(fileURLToPath(detector.url))};`,
      'runRiskWorker(detector);',
    );
  else lines.push('runRiskWorker();');
  // Under the repository's node_modules, so that the packages left out of the bundle are found from it.
  const dir = join(gateway, '..', 'node_modules', '.cache', 'dms-risk-worker');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `riskWorker-${process.pid}-${n}.mjs`);
  await build({
    stdin: { contents: lines.join('\n'), resolveDir: dirname(main), loader: 'ts' },
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@dms/shared'),
    sourcemap: 'inline',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __dmsCreateRequire } from 'node:module'; const require = __dmsCreateRequire(import.meta.url);",
    },
  });
  process.once('exit', () => rmSync(outfile, { force: true }));
  return outfile;
}

export interface RiskWorkerHostOptions {
  data: Omit<RiskWorkerData, 'settings' | 'wakeFlag'>;
  settings: RiskSettings;
  /** The engine's commits: each wakes the runner (one wake in flight at a time). */
  committed$: Observable<unknown>;
  /** Pushes what the runner stored to the live channel. */
  publish: (records: readonly ReplayRecord[]) => void;
  /** The gateway's store: the runner's chunks are stored through its connection. */
  store: Store;
  logger: Logger;
}

/**
 * The risk engine's runner on a worker thread (`riskWorker.entry.ts`), seen from the gateway: it wakes the
 * runner on each commit of the engine, passes settings on, pushes live what the runner stored, and starts the
 * worker again (after 1 s, then longer) if it fails — the runner restores from its stored checkpoint and
 * snapshot, so nothing is lost or stored twice.
 */
export class RiskWorkerHost {
  private worker: Worker | undefined;
  private subscription: Subscription | undefined;
  private settings: RiskSettings;
  private stopping = false;
  private stopped: Promise<void> | undefined;
  private failures = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  /** The worker's module being made (bundled from the sources). */
  private starting: Promise<void> = Promise.resolve();
  /** The running worker's wake flag (`RiskWorkerData.wakeFlag`). */
  private wakeFlag: Int32Array | undefined;
  private readonly committer: ChunkCommitter<RiskFinding>;

  constructor(private readonly options: RiskWorkerHostOptions) {
    this.settings = options.settings;
    this.committer = localCommitter(
      new RiskRunnerRepository(options.store),
      new RiskStoreSink(options.publish),
    );
  }

  start(): void {
    if (this.subscription || this.stopping) return;
    this.subscription = this.options.committed$.subscribe(() => {
      if (this.wakeFlag && Atomics.exchange(this.wakeFlag, 0, 1) === 0) this.post({ type: 'wake' });
    });
    this.spawn();
  }

  /** New settings of the detector (Risk Setting saved). */
  configure(settings: RiskSettings): void {
    this.settings = settings;
    this.post({ type: 'configure', settings });
  }

  /** Stops the runner (it stores a snapshot at its checkpoint and gives the lease up) and ends the worker. */
  stop(): Promise<void> {
    if (this.stopped) return this.stopped;
    this.stopping = true;
    this.subscription?.unsubscribe();
    clearTimeout(this.restartTimer);
    this.stopped = this.starting.then(() => this.end());
    return this.stopped;
  }

  private end(): Promise<void> {
    const worker = this.worker;
    return worker
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            this.options.logger.warn('risk worker: no answer to stop; ending it');
            void worker.terminate();
          }, STOP_TIMEOUT_MS);
          worker.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          worker.postMessage({ type: 'stop' } satisfies ToRiskWorker);
        })
      : Promise.resolve();
  }

  private post(message: ToRiskWorker): void {
    this.worker?.postMessage(message);
  }

  private spawn(): void {
    this.starting = workerModule(this.options.data.detector).then(
      (url) => {
        if (!this.stopping) this.run(url);
      },
      (err: unknown) => {
        this.options.logger.error({ err }, 'risk worker: its module could not be made; detection is off');
      },
    );
  }

  private run(url: URL): void {
    // A new worker's runner reads everything committed when it starts: no wake is owed to it.
    const wakeFlag = new SharedArrayBuffer(4);
    const data: RiskWorkerData = { ...this.options.data, settings: this.settings, wakeFlag };
    const youngMb = workerYoungGenerationMb();
    const worker = new Worker(url, {
      workerData: data,
      ...(youngMb ? { resourceLimits: { maxYoungGenerationSizeMb: youngMb } } : {}),
    });
    this.worker = worker;
    this.wakeFlag = new Int32Array(wakeFlag);
    const logger = this.options.logger;
    let failed: string | undefined;
    worker.on('message', (m: FromRiskWorker) => {
      switch (m.type) {
        case 'ready':
          this.failures = 0;
          break;
        case 'commit':
          void this.commit(m.commit).then((error) =>
            worker.postMessage({ type: 'committed', id: m.id, error } satisfies ToRiskWorker),
          );
          break;
        case 'log':
          this.log(m.line);
          break;
        case 'failed':
          failed = m.message;
          break;
        case 'stopped':
          break;
      }
    });
    worker.on('error', (err) => {
      failed = err.stack ?? err.message;
    });
    worker.once('exit', (code) => {
      if (this.worker === worker) {
        this.worker = undefined;
        this.wakeFlag = undefined;
      }
      if (failed !== undefined) logger.error({ code, err: failed }, 'risk worker failed');
      if (this.stopping) return;
      const wait = RESTART_MS[Math.min(this.failures, RESTART_MS.length - 1)]!;
      this.failures += 1;
      logger.error({ code, restartInMs: wait }, 'risk worker stopped; starting it again');
      this.restartTimer = setTimeout(() => this.spawn(), wait);
    });
  }

  /** Stores a chunk of the worker's runner and pushes what it stored; answers why not, if not. */
  private async commit(commit: ChunkCommitOf<RiskFinding>): Promise<CommitError | undefined> {
    try {
      await this.committer(commit);
      return undefined;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof CheckpointMovedError) return { kind: 'moved', message };
      if (err instanceof LeaseLostError) return { kind: 'lease', message };
      return { kind: 'failed', message };
    }
  }

  /** A line of the worker's logger, logged by the gateway's at its level. */
  private log(line: string): void {
    try {
      const {
        level,
        msg,
        time: _time,
        pid: _pid,
        hostname: _host,
        svc: _svc,
        ...fields
      } = JSON.parse(line) as Record<string, unknown> & { level: number; msg?: string };
      const method = PINO_LEVELS[level] ?? 'info';
      this.options.logger[method]({ ...fields, thread: 'risk' }, msg ?? '');
    } catch {
      this.options.logger.info({ thread: 'risk', line }, 'risk worker');
    }
  }
}
