import {
  Subject,
  distinctUntilChanged,
  interval,
  map,
  merge,
  startWith,
  throttleTime,
  type Observable,
  type Subscription,
} from 'rxjs';
import type { FeedStatus } from '@dms/shared/contracts/live/feed';
import type { Logger } from '../platform/logger/logger';
import type { Engine } from '../engine/engine.start';
import type { FeedConfig } from './feed.config';
import type { FeedStateStore } from './feedState.repository';
import { PollService } from './poll.service';
import { SimulatorService, type SimTableSource } from './simulator.service';

/** What the feed reads of the engine: where to submit, and its counters for the status. */
export type FeedEngine = Pick<Engine, 'submit' | 'committed$' | 'stats' | 'eventsPerSec'>;

/**
 * The platform feed: the source chosen by `DMS_FEED` (simulator, upstream poller, or none) and the
 * signed HTTP ingest (enabled by `DMS_INGEST_SECRET`, whatever the source). All of them only submit to
 * the engine, which owns the pipeline. `start()` runs the source in the background (call it after the
 * server listens); `stop()` aborts it and waits for what it submitted (the engine drains its own queue).
 */
export class FeedService {
  private readonly abort = new AbortController();
  private readonly changed = new Subject<void>();
  private running: Promise<void> | undefined;
  private readonly simulator: SimulatorService | undefined;
  private readonly poller: PollService | undefined;
  private readonly subscriptions: Subscription[] = [];
  private stopped: Promise<void> | undefined;

  /** The status, at most once a second while it changes, and every 5 s anyway. */
  readonly status$: Observable<FeedStatus>;

  constructor(
    private readonly config: FeedConfig,
    private readonly engine: FeedEngine,
    store: FeedStateStore,
    private readonly options: {
      now: () => number;
      logger?: Logger | undefined;
      /** Table setting, for the simulator: the tables it plays. */
      tables?: SimTableSource | undefined;
    },
  ) {
    const sink = (events: readonly unknown[]) => this.engine.submit(events);
    if (config.source === 'sim') {
      this.simulator = new SimulatorService(
        { ...config.sim, now: options.now, logger: options.logger, tables: options.tables },
        store,
        sink,
      );
      this.subscriptions.push(this.simulator.status$.subscribe(() => this.changed.next()));
    } else if (config.source === 'poll' && config.poll.url) {
      this.poller = new PollService(
        { url: config.poll.url, intervalMs: config.poll.intervalMs, logger: options.logger },
        store,
        sink,
      );
    }
    this.subscriptions.push(engine.committed$.subscribe(() => this.changed.next()));
    this.status$ = merge(this.changed, interval(5000)).pipe(
      startWith(undefined),
      throttleTime(1000, undefined, { leading: true, trailing: true }),
      map(() => this.status()),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    );
  }

  /** Whether the signed HTTP ingest is enabled. */
  get ingestEnabled(): boolean {
    return this.config.ingestSecret !== undefined;
  }

  /** The status now. */
  status(): FeedStatus {
    const stats = this.engine.stats;
    const common = {
      eventsTotal: stats.eventsTotal,
      eventsPerSec: Math.round(this.engine.eventsPerSec() * 10) / 10,
      lastEventAt: stats.lastEventAt,
      ingest: this.ingestEnabled,
    };
    if (this.simulator) {
      const s = this.simulator.status;
      return {
        source: 'sim',
        state: s.state,
        progress: s.progress,
        historyFrom: s.historyFrom,
        historyTo: s.historyTo,
        ...common,
      };
    }
    const source = this.config.source === 'sim' ? 'off' : this.config.source;
    const state = source === 'off' ? 'off' : this.running || source === 'ingest' ? 'live' : 'idle';
    return {
      source,
      state,
      progress: state === 'off' ? 0 : 1,
      historyFrom: null,
      historyTo: null,
      ...common,
    };
  }

  /** Starts the source in the background. */
  start(): void {
    if (this.stopped || this.running) return;
    const source = this.simulator ?? this.poller;
    if (!source) return;
    this.running = source.run(this.abort.signal).catch((err: unknown) => {
      this.options.logger?.error({ err }, 'feed source stopped');
    });
    this.changed.next();
  }

  /** Stops the source and waits for it; the engine is stopped by its owner afterwards. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.abort.abort();
      await this.running;
      for (const s of this.subscriptions) s.unsubscribe();
      this.changed.complete();
    })();
    return this.stopped;
  }
}
