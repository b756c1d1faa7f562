import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { exhaustMap, from, interval, merge, of, tap, type Observable, type Subscription } from 'rxjs';
import type { Store } from '../../platform/db/db.store';
import type { Logger } from '../../platform/logger/logger';
import type { Detector } from './detector.port';
import { RiskInputRepository, type PositionedInput } from './riskInput.repository';
import { Slicer, yieldToIo, type SliceOptions } from './slicedJson';
import { readSnapshotPieces, whenLoaded, writeSnapshotPieces } from './snapshotPieces';
import { START_POSITION, comparePositions } from './riskPosition';
import {
  CheckpointMovedError,
  LeaseLostError,
  PIECE_CHARS,
  RiskRunnerRepository,
  type ChunkCommit,
  type RunnerCheckpoint,
} from './riskRunner.repository';
import type { RiskOutput, RiskSink } from './riskSink.port';

/** The longest the detector runs on the gateway's thread before it lets I/O in (a step, a slice of a replay). */
const SLICE_MS = 50;
const SLICES = { sliceMs: SLICE_MS, pause: yieldToIo };
/**
 * The slice of writing a snapshot behind the detector (which goes on meanwhile): short, so that the next chunk,
 * and its alerts, wait for at most this long.
 */
const BEHIND_SLICE_MS = 4;
/**
 * The slice of reading a restored state behind the detector: short, so that after a restart the detector's
 * backlog, the ingest and the sockets come first (it reads on whenever they leave the thread free).
 */
const LOAD_SLICE_MS = 5;
/**
 * A snapshot's cost bounds how often it is taken: the next one waits at least this many times as long as the
 * gateway's thread spent on the last one (a state of hundreds of MB after hours of a busy platform takes seconds
 * to write; taken every `snapshotMs` it would use a large share of the gateway's time). A restart then replays a
 * little more.
 */
const SNAPSHOT_COST_FACTOR = 30;

/** A chunk's commit as the runner asks for it: the chunk's outputs stored with the checkpoint it moves to. */
export type ChunkCommitOf<Output> = Omit<ChunkCommit, 'write' | 'snapshot'> & {
  outputs: RiskOutput<Output>[];
};

/**
 * Stores a chunk (by default the runner's own transaction through its sink); throws
 * {@link CheckpointMovedError} or {@link LeaseLostError} when another runner has the partition. The risk
 * engine's worker thread hands its chunks to the gateway's thread this way, whose connection to the store
 * writes them between the ingest's transactions rather than waiting for the ingest's lock.
 */
export type ChunkCommitter<Output> = (commit: ChunkCommitOf<Output>) => Promise<void>;

/**
 * The runner's own chunk commit: through `sink`, in one transaction of `repo`, pushed (`sink.committed`) once it
 * committed.
 */
export function localCommitter<Output>(
  repo: RiskRunnerRepository,
  sink: RiskSink<Output>,
): ChunkCommitter<Output> {
  return async ({ outputs, ...c }) => {
    try {
      await repo.commitChunk({ ...c, write: (tx) => sink.write(tx, outputs) });
    } catch (err) {
      sink.discarded?.();
      throw err;
    }
    sink.committed?.();
  };
}

/** Makes a detector, from a stored snapshot or (undefined) fresh. */
export type DetectorFactory<Output, Snapshot> = (
  snapshot: Snapshot | undefined,
) => Detector<Output, Snapshot>;

/** Tuning of the runner (`DMS_RISK_*`, see the README). */
export interface RiskRunnerTuning {
  /** How long a lease lasts without renewal, ms: after a crash, another process takes over within it. */
  leaseMs: number;
  /** How often the holder renews its lease, ms (well under `leaseMs`). */
  renewMs: number;
  /** How often the runner looks for new input without a local commit (another instance's), ms. */
  pollMs: number;
  /** Most inputs read, processed and stored in one transaction. */
  chunkSize: number;
  /** A snapshot of the detector is stored after this many inputs since the last … */
  snapshotEvery: number;
  /** … or this long since the last, ms, whichever comes first. */
  snapshotMs: number;
  /** A snapshot longer than this (characters) is stored in pieces of this size, a statement each. */
  snapshotPieceChars?: number;
}

export const DEFAULT_RISK_RUNNER_TUNING: RiskRunnerTuning = {
  leaseMs: 15_000,
  renewMs: 5_000,
  pollMs: 1_000,
  chunkSize: 500,
  snapshotEvery: 20_000,
  snapshotMs: 60_000,
  snapshotPieceChars: PIECE_CHARS,
};

/**
 * Where each chunk is stored: in a transaction of the runner's `store` through `sink` ({@link localCommitter}), or
 * by `committer`.
 */
export type ChunkStorage<Output> =
  { sink: RiskSink<Output>; committer?: undefined } | { committer: ChunkCommitter<Output>; sink?: undefined };

export type RiskRunnerOptions<Output, Snapshot> = RiskRunnerOwnOptions<Output, Snapshot> &
  ChunkStorage<Output>;

interface RiskRunnerOwnOptions<Output, Snapshot> extends Partial<RiskRunnerTuning> {
  store: Store;
  createDetector: DetectorFactory<Output, Snapshot>;
  /** The engine's commits: each wakes the runner. */
  committed$: Observable<unknown>;
  /**
   * The part of the input this runner owns, and the key of its checkpoint, snapshot and lease. One today
   * (`all`); splitting detection across processes by table gives each part its own key.
   */
  partition?: string;
  /** This process's name in the lease; unique per process by default. */
  holder?: string;
  now?: () => number;
  logger?: Logger | undefined;
}

/** What the runner has done since it started. */
export interface RiskRunnerStatus {
  /** Whether this process holds the lease and runs the detector. */
  leading: boolean;
  /** The stored checkpoint as this runner last knew it. */
  checkpoint: RunnerCheckpoint | undefined;
  /** Inputs processed and stored by this process (replays not counted). */
  inputs: number;
  outputs: number;
  chunks: number;
  /** Times the detector was restored (from a snapshot or fresh) and the inputs replayed to reach the checkpoint. */
  restores: number;
  replayed: number;
  snapshots: number;
  /**
   * The last snapshot's size (bytes), time from its start until it was stored (with a chunk's transaction, ms),
   * and of that the time the gateway's thread spent writing it (ms; the detector and I/O went on between).
   */
  lastSnapshotBytes: number;
  lastSnapshotMs: number;
  lastSnapshotBusyMs: number;
}

interface Leading<Output, Snapshot> {
  detector: Detector<Output, Snapshot>;
  checkpoint: RunnerCheckpoint;
  snapshotInputs: number;
  snapshotAt: number;
  /**
   * Whether the restored state is read back whole: until then its records are read as the detector asks for
   * them, and the rest in slices behind ({@link whenLoaded}); no snapshot is taken before (it would read the
   * rest at once).
   */
  loaded: boolean;
  loading: Promise<void>;
  /** The slices of that reading: short while the detector has work (it comes first), long when it waits. */
  loadSlices: SliceOptions;
  /** A snapshot being written behind the detector, then stored with the next chunk (or alone). */
  behind?: Behind | undefined;
  /**
   * The inputs read after the checkpoint and not processed yet (a read gives up to `chunkSize`; a step
   * processes what its slice allows): the next step goes on with them rather than reading them again, with
   * their bets. What is committed does not change, so they are what a read would give.
   */
  ahead: PositionedInput[];
}

/**
 * A snapshot of the detector at `at`, taken at `now` and written from `t0` in short slices while the detector
 * goes on (its maps copy a record before it changes), for `busyMs` of the thread: `state` once written and its
 * pieces stored.
 */
interface Behind {
  at: RunnerCheckpoint;
  now: number;
  t0: number;
  busyMs: number;
  bytes: number;
  state?: string;
  done: Promise<void>;
}

/**
 * The risk engine's runner (DESIGN.md section 7): reads what the pipeline committed, in commit order,
 * after the checkpoint kept in the store, feeds it to a {@link Detector} in order, and in one transaction
 * per chunk stores what the detector returned (through the {@link RiskSink}) and moves the checkpoint; so
 * after a crash at any moment nothing is skipped and nothing is stored twice. It wakes on each commit of
 * the engine, on a timer (commits of other instances), and at start.
 *
 * Now and then the detector's state is stored with the checkpoint of its chunk. After a restart the runner
 * restores that snapshot and replays the inputs from it to the checkpoint without storing their outputs
 * again (they are stored already), then goes on.
 *
 * Exactly one runner works per partition and database: a lease in the store, renewed by its holder; the
 * other instances wait and take over when it lapses. The checkpoint is compared and set in the chunk's
 * transaction, so even a runner that lost its lease without knowing it (a long pause) cannot store a
 * chunk twice: it finds the checkpoint moved, drops its state and waits.
 */
export class RiskRunner<Output, Snapshot> {
  private readonly tuning: RiskRunnerTuning;
  private readonly repo: RiskRunnerRepository;
  private readonly committer: ChunkCommitter<Output>;
  private readonly reader: RiskInputRepository;
  private readonly partition: string;
  private readonly leaseName: string;
  readonly holder: string;
  private readonly now: () => number;
  private subscription: Subscription | undefined;
  private dirty = false;
  private running = false;
  private stopping = false;
  private active: Promise<void> = Promise.resolve();
  private hasLease = false;
  private leaseRenewedAt = 0;
  private leading: Leading<Output, Snapshot> | undefined;
  private readonly statusValue: RiskRunnerStatus = {
    leading: false,
    checkpoint: undefined,
    inputs: 0,
    outputs: 0,
    chunks: 0,
    restores: 0,
    replayed: 0,
    snapshots: 0,
    lastSnapshotBytes: 0,
    lastSnapshotMs: 0,
    lastSnapshotBusyMs: 0,
  };

  constructor(private readonly options: RiskRunnerOptions<Output, Snapshot>) {
    this.tuning = { ...DEFAULT_RISK_RUNNER_TUNING };
    for (const key of Object.keys(DEFAULT_RISK_RUNNER_TUNING) as (keyof RiskRunnerTuning)[]) {
      const v = options[key];
      if (v !== undefined) this.tuning[key] = v;
    }
    this.repo = new RiskRunnerRepository(options.store, this.tuning.snapshotPieceChars);
    this.committer = options.sink ? localCommitter(this.repo, options.sink) : options.committer;
    this.reader = RiskInputRepository.of(options.store);
    this.partition = options.partition ?? 'all';
    this.leaseName = `risk:${this.partition}`;
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.now = options.now ?? Date.now;
  }

  /** What the runner has done since it started. */
  status(): Readonly<RiskRunnerStatus> {
    return { ...this.statusValue, leading: this.leading !== undefined };
  }

  /** Starts waking on commits, on the poll timer, and now. */
  start(): void {
    if (this.subscription || this.stopping) return;
    this.subscription = merge(of(0), this.options.committed$, interval(this.tuning.pollMs))
      .pipe(
        // Marked on every wake, also those that come while a run is on: the run goes round again.
        tap(() => (this.dirty = true)),
        exhaustMap(() => from(this.catchUp())),
      )
      .subscribe({
        error: (err: unknown) => this.options.logger?.error({ err }, 'risk runner stopped'),
      });
  }

  /**
   * Stops waking, lets the chunk in hand finish, stores a snapshot at the checkpoint when inputs came after
   * the last one (so that the next start, a deploy's restart, replays nothing), and gives the lease up for
   * another process.
   */
  async stop(): Promise<void> {
    if (this.stopping) return this.active;
    this.stopping = true;
    this.subscription?.unsubscribe();
    await this.active;
    if (this.hasLease) {
      // Renewed first: a process paused past its lease, whose partition another took over, would write the
      // whole state for a commit that is refused (a minute of a test's PostgreSQL on a slow machine).
      const held = await this.lease(true).catch((err: unknown) => {
        this.options.logger?.warn({ err }, 'risk runner: renewing the lease before stopping failed');
        return false;
      });
      if (held) await this.snapshotAtCheckpoint();
      this.hasLease = false;
      this.leading = undefined;
      await this.repo
        .releaseLease(this.leaseName, this.holder)
        .catch((err: unknown) =>
          this.options.logger?.warn({ err }, 'risk runner: releasing the lease failed'),
        );
    }
  }

  /** Stores the detector's snapshot at the checkpoint (nothing else moves), if it is newer than the stored one. */
  private async snapshotAtCheckpoint(): Promise<void> {
    const leading = this.leading;
    await leading?.behind?.done;
    if (!leading || leading.checkpoint.inputs === leading.snapshotInputs) return;
    leading.loadSlices.sliceMs = SLICE_MS;
    await leading.loading;
    if (!leading.loaded) return;
    const t0 = performance.now();
    const now = this.now();
    try {
      const snapshot = await this.serialise(leading);
      const written = performance.now();
      await this.repo.commitChunk({
        partition: this.partition,
        lease: { name: this.leaseName, holder: this.holder, now },
        from: leading.checkpoint,
        to: leading.checkpoint,
        write: () => Promise.resolve(),
        snapshot,
      });
      const bytes = snapshot === undefined ? 0 : Buffer.byteLength(snapshot);
      this.stored(leading, leading.checkpoint, now, bytes, [t0, written - t0], 'before stopping');
    } catch (err) {
      // The stored snapshot and checkpoint stay as they were: the next start replays from there.
      this.options.logger?.warn({ err }, 'risk runner: the snapshot before stopping failed');
    }
  }

  /**
   * Processes everything committed so far (when this process holds the lease), and resolves when done. The
   * wakes call it; a call while a run is on makes that run go round once more.
   */
  catchUp(): Promise<void> {
    this.dirty = true;
    if (this.running) return this.active;
    this.running = true;
    this.active = (async () => {
      while (this.dirty && !this.stopping) {
        this.dirty = false;
        try {
          await this.cycle();
        } catch (err) {
          this.leading = undefined;
          this.options.logger?.error({ err }, 'risk runner: a run failed; it restores and tries again');
        }
      }
      this.running = false;
    })();
    return this.active;
  }

  /**
   * Processes everything committed so far, as {@link catchUp}, and stores the snapshot written behind, if one
   * is (a test's, a benchmark's end).
   */
  async settled(): Promise<void> {
    await this.catchUp();
    for (let behind = this.leading?.behind; behind; behind = this.leading?.behind) {
      await behind.done;
      await this.catchUp();
      // Not stored (stopping, or not leading any more): nothing more to wait for.
      if (this.leading?.behind === behind) return;
    }
  }

  /** Takes or renews the lease (when due, or now when `renewNow`); answers whether this process holds it. */
  private async lease(renewNow = false): Promise<boolean> {
    const now = this.now();
    if (!renewNow && this.hasLease && now - this.leaseRenewedAt < this.tuning.renewMs) return true;
    const held = await this.repo.acquireLease(this.leaseName, this.holder, now, this.tuning.leaseMs);
    if (!held) {
      if (this.hasLease) this.options.logger?.warn({ holder: this.holder }, 'risk runner: lost the lease');
      this.hasLease = false;
      this.leading = undefined;
      return false;
    }
    if (!this.hasLease) this.options.logger?.info({ holder: this.holder }, 'risk runner: took the lease');
    this.hasLease = true;
    this.leaseRenewedAt = now;
    return true;
  }

  private async cycle(): Promise<void> {
    if (!(await this.lease())) return;
    this.leading ??= await this.restore();
    while (!this.stopping && (await this.lease()) && (await this.step())) {
      // One chunk (or slice of one) per round; the lease is renewed between them when due, and the gateway's
      // I/O has its turn (a store that answers synchronously would otherwise never let it).
      await yieldToIo();
    }
    // A snapshot written behind, with no chunk to go with: stored alone.
    const leading = this.leading;
    if (leading?.behind?.state !== undefined && !this.stopping && this.hasLease)
      await this.commit(leading, leading.checkpoint, []);
  }

  /**
   * A detector at the stored checkpoint: made from the last snapshot (or fresh), fed the inputs from the
   * snapshot's position up to the checkpoint, whose outputs are stored already and are dropped.
   */
  private async restore(): Promise<Leading<Output, Snapshot>> {
    const started = performance.now();
    const checkpoint = await this.repo.checkpoint(this.partition, this.now());
    const snapshot = await this.repo.snapshot(this.partition);
    const loaded = performance.now();
    // Read a piece at a time (a busy platform's state is hundreds of MB): its index first (a snapshot stored
    // before the index: its keys, in slices with I/O between them), its records when the detector asks for
    // them or behind it (below).
    const restored = snapshot ? ((await readSnapshotPieces(snapshot.state, SLICES)) as Snapshot) : undefined;
    const detector = this.options.createDetector(restored);
    const read = performance.now();
    const loadSlices: SliceOptions = { sliceMs: LOAD_SLICE_MS, pause: yieldToIo };
    let at = snapshot?.position ?? START_POSITION;
    let inputs = snapshot?.inputs ?? 0;
    while (comparePositions(at, checkpoint.position) < 0) {
      const chunk = await this.reader.read(at, this.tuning.chunkSize);
      const upTo = chunk.filter((p) => comparePositions(p.position, checkpoint.position) <= 0);
      const slice = new Slicer(SLICES);
      for (const p of upTo) {
        // An input that walks the state waits for it whole, read in slices (not at once by the walk).
        if (detector.walksState?.(p.input)) await whenLoaded(restored, SLICES);
        detector.process(p.input);
        if (slice.due) await slice.pause();
      }
      inputs += upTo.length;
      const last = upTo[upTo.length - 1];
      if (!last) break;
      at = last.position;
      // A long replay keeps the lease.
      if (!(await this.lease())) throw new LeaseLostError(this.leaseName);
    }
    if (comparePositions(at, checkpoint.position) !== 0 || inputs !== checkpoint.inputs) {
      // The stored input up to the checkpoint is not what it was: never go on from a wrong state.
      throw new Error(
        `risk runner: replay reached ${JSON.stringify(at)} after ${inputs} inputs, the checkpoint is ` +
          `${JSON.stringify(checkpoint.position)} after ${checkpoint.inputs}`,
      );
    }
    const replayed = inputs - (snapshot?.inputs ?? 0);
    this.statusValue.restores += 1;
    this.statusValue.replayed += replayed;
    this.statusValue.checkpoint = checkpoint;
    this.options.logger?.info(
      {
        partition: this.partition,
        snapshot: snapshot?.position ?? null,
        checkpoint: checkpoint.position,
        replayed,
        ms: Math.round(performance.now() - started),
        // Loading the stored snapshot, reading it (with the I/O between its slices), replaying.
        loadMs: Math.round(loaded - started),
        readMs: Math.round(read - loaded),
      },
      'risk runner: restored the detector',
    );
    const leading: Leading<Output, Snapshot> = {
      detector,
      checkpoint,
      snapshotInputs: snapshot?.inputs ?? 0,
      snapshotAt: this.now(),
      loaded: false,
      loading: Promise.resolve(),
      loadSlices,
      ahead: [],
    };
    leading.loading = whenLoaded(restored, loadSlices).then(
      (read) => {
        leading.loaded = true;
        if (snapshot)
          this.options.logger?.info(
            { ms: Math.round(performance.now() - started), ...read },
            "risk runner: the detector's state is read back whole",
          );
      },
      (err: unknown) => {
        // A stored record that cannot be read: never go on from a wrong state.
        this.options.logger?.error({ err }, "risk runner: reading the detector's state back failed");
        if (this.leading === leading) this.leading = undefined;
      },
    );
    return leading;
  }

  /**
   * The detector's snapshot as stored text, written in slices: I/O goes on between them. Its maps go a block of
   * records a line, their field names once a block ({@link writeSnapshotPieces}), read back a line at a time at
   * a restore.
   */
  private serialise(leading: Leading<Output, Snapshot>): Promise<string | undefined> {
    return writeSnapshotPieces(leading.detector.snapshot(), SLICES);
  }

  /**
   * Starts a snapshot of the detector as it is now (at `at`), written in short slices behind it, its pieces
   * stored ahead: the next chunk after that stores it ({@link commit}), so that detection never waits for a
   * snapshot (a busy platform's takes seconds; the alerts of those seconds waited for it). It wakes the
   * runner when done, to be stored even if no input comes.
   */
  private snapshotBehind(leading: Leading<Output, Snapshot>, at: RunnerCheckpoint, now: number): void {
    const t0 = performance.now();
    const behind: Behind = { at, now, t0, busyMs: 0, bytes: 0, done: Promise.resolve() };
    leading.behind = behind;
    let paused = 0;
    const slices: SliceOptions = {
      sliceMs: BEHIND_SLICE_MS,
      pause: async () => {
        const p0 = performance.now();
        await yieldToIo();
        paused += performance.now() - p0;
      },
    };
    // Taken here, before the next input: writeSnapshotPieces copies and freezes the state before it returns.
    const text = writeSnapshotPieces(leading.detector.snapshot(), slices);
    behind.done = (async () => {
      const written = await text;
      behind.busyMs = performance.now() - t0 - paused;
      if (written === undefined || this.leading !== leading) {
        leading.behind = undefined;
        return;
      }
      behind.bytes = Buffer.byteLength(written);
      behind.state = await this.repo.writePieces(this.partition, written);
      void this.catchUp();
    })().catch((err: unknown) => {
      // The stored snapshot stays as it was; the next is taken when due again.
      if (leading.behind === behind) leading.behind = undefined;
      leading.snapshotAt = now;
      this.options.logger?.warn({ err }, 'risk runner: a snapshot failed');
    });
  }

  /**
   * Notes a snapshot stored at `at` (taken at `now`, begun at `t0`, `busyMs` of the thread spent writing it): the
   * next one is timed from it.
   */
  private stored(
    leading: Leading<Output, Snapshot>,
    at: RunnerCheckpoint,
    now: number,
    bytes: number,
    [t0, busyMs]: [number, number],
    when?: 'before stopping',
  ): void {
    leading.snapshotInputs = at.inputs;
    leading.snapshotAt = now;
    const s = this.statusValue;
    s.snapshots += 1;
    s.lastSnapshotBytes = bytes;
    s.lastSnapshotMs = Math.round((performance.now() - t0) * 100) / 100;
    s.lastSnapshotBusyMs = Math.round(busyMs * 100) / 100;
    const fields = { bytes, ms: s.lastSnapshotMs, busyMs: s.lastSnapshotBusyMs, inputs: at.inputs };
    // At a stop it says how long the stop took, worth seeing; while running (one every minute or more), when
    // it took a second or more of the gateway's thread (a busy platform's state).
    if (when) this.options.logger?.info(fields, `risk runner: stored a snapshot ${when}`);
    else if (s.lastSnapshotBusyMs >= 1000)
      this.options.logger?.info(fields, 'risk runner: stored a snapshot');
    else this.options.logger?.debug(fields, 'risk runner: stored a snapshot');
  }

  /** Reads, processes and stores one chunk; answers whether there was one. */
  private async step(): Promise<boolean> {
    const leading = this.leading;
    if (!leading) return false;
    const chunk =
      leading.ahead.length > 0
        ? leading.ahead
        : await this.reader.read(leading.checkpoint.position, this.tuning.chunkSize);
    if (chunk.length === 0) return false;
    const outputs: RiskOutput<Output>[] = [];
    // The detector runs on the gateway's thread: a step takes at most about SLICE_MS of it (then commits what
    // it did), so that ingest, sockets and the API keep answering behind a backlog of crowded rounds.
    let slice = new Slicer(SLICES);
    let used = 0;
    for (const { position, input } of chunk) {
      if (!leading.loaded && leading.detector.walksState?.(input)) {
        // It would read the rest of the restored state at once: what is done is stored first, then the rest
        // is read in long slices (the gateway answering between them) before this input.
        if (used > 0) break;
        leading.loadSlices.sliceMs = SLICE_MS;
        await leading.loading;
        if (!leading.loaded) throw new Error("risk runner: the detector's restored state could not be read");
        slice = new Slicer(SLICES);
      }
      const found = outputs.length;
      for (const output of leading.detector.process(input))
        outputs.push({ seq: position.seq, position, output });
      used += 1;
      // An input that raised something ends the chunk: its alerts are stored and sent now, not after the
      // rest of the slice (a crowded round takes the detector about 10 ms).
      if (slice.due || outputs.length > found) break;
    }
    leading.ahead = chunk.slice(used);
    const last = chunk[used - 1]!;
    const to: RunnerCheckpoint = {
      position: last.position,
      inputs: leading.checkpoint.inputs + used,
    };
    if (!(await this.commit(leading, to, outputs))) return false;
    // What the last input left due (a cap of the pairs), now that its alerts are out; a state not read back
    // whole yet waits for the next input, which waits for it ({@link Detector.walksState}).
    if (leading.loaded) leading.detector.upkeep?.();
    const s = this.statusValue;
    s.inputs += used;
    s.outputs += outputs.length;
    s.chunks += 1;
    const now = this.now();
    const due =
      leading.loaded &&
      !leading.behind &&
      (to.inputs - leading.snapshotInputs >= this.tuning.snapshotEvery ||
        now - leading.snapshotAt >=
          Math.max(this.tuning.snapshotMs, SNAPSHOT_COST_FACTOR * this.statusValue.lastSnapshotBusyMs));
    if (due) this.snapshotBehind(leading, to, now);
    return true;
  }

  /**
   * Stores the outputs of the inputs up to `to` and moves the checkpoint there, with the snapshot written
   * behind if it is ready; answers false when another runner has the partition.
   */
  private async commit(
    leading: Leading<Output, Snapshot>,
    to: RunnerCheckpoint,
    outputs: RiskOutput<Output>[],
  ): Promise<boolean> {
    const behind = leading.behind?.state === undefined ? undefined : leading.behind;
    const now = this.now();
    try {
      await this.committer({
        partition: this.partition,
        lease: { name: this.leaseName, holder: this.holder, now },
        from: leading.checkpoint,
        to,
        outputs,
        stored: behind && { state: behind.state!, at: behind.at },
      });
    } catch (err) {
      // The detector has seen inputs whose outputs are not stored: its state is wrong now. Restore.
      this.leading = undefined;
      if (err instanceof CheckpointMovedError || err instanceof LeaseLostError) {
        this.hasLease = false;
        this.options.logger?.warn({ err }, 'risk runner: another runner has the partition; waiting');
        return false;
      }
      throw err;
    }
    leading.checkpoint = to;
    this.statusValue.checkpoint = to;
    if (behind) {
      leading.behind = undefined;
      this.stored(leading, behind.at, behind.now, behind.bytes, [behind.t0, behind.busyMs]);
    }
    return true;
  }
}
