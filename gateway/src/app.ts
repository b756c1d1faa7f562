import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { map } from 'rxjs';
import express, { type Express } from 'express';
import { ERR } from '@dms/shared/errors/codes';
import { API_BASE, LIVE_PATH } from '@dms/shared/contracts/http/paths';
import { STATS_MESSAGES } from '@dms/shared/contracts/http/stats';
import type { Config } from './config/config';
import { createLogger, type Logger } from './platform/logger/logger';
import { expressErrorHandler } from './platform/errors/errors.handler';
import { failWith } from './platform/errors/errors';
import type { Store } from './platform/db/db.store';
import { openConfiguredStore, type FirstStart } from './platform/db/db.open';
import { SessionService } from './platform/auth/session.service';
import { createLive, type Live, type LiveServer } from './platform/live/live.server';
import type { LiveReplaySource, PeriodReplaySource, ReplayRecord } from './platform/live/live.replay';
import { PeriodRepository } from './modules/live/live.period.repository';
import { PeriodReplayService } from './modules/live/live.period.service';
import { liveRoutes } from './modules/live/live.routes';
import { LiveTablesService } from './modules/live/live.tables.service';
import type { LivePublisher } from './platform/live/live.publisher';
import { mountEndpoints, type EndpointImpls } from './platform/http/http.endpoints';
import { serveClient } from './platform/http/http.static';
import { rateLimitStore } from './platform/http/http.rateLimit';
import { noStore, securityHeaders, warnUntrustedProxy } from './platform/http/http.security';
import { AuditService } from './modules/audit/audit.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { BaseService } from './modules/base/base.service';
import { baseRoutes } from './modules/base/base.routes';
import { UserService } from './modules/user/user.service';
import { mountAvatar, userRoutes } from './modules/user/user.routes';
import { RoleService } from './modules/role/role.service';
import { roleRoutes } from './modules/role/role.routes';
import { StaffService } from './modules/staff/staff.service';
import { staffRoutes } from './modules/staff/staff.routes';
import { mountSystem } from './modules/system/system.routes';
import { StatsService } from './modules/stats/stats.service';
import { statsRoutes } from './modules/stats/stats.routes';
import { RatesService } from './modules/rates/rates.service';
import { ratesRoutes } from './modules/rates/rates.routes';
import { TablesService } from './modules/tables/tables.service';
import { mountTableIcon, tablesRoutes } from './modules/tables/tables.routes';
import { createFeed, type Feed } from './feed/feed.start';
import { loadFeedConfig, type FeedConfig } from './feed/feed.config';
import { DEFAULT_RISK_SETTINGS, type RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import { RiskRunner, type RiskRunnerTuning } from './engine/risk/riskRunner.service';
import type { RiskDetector, RiskDetectorFactory, RiskFinding } from './engine/risk/riskFinding';
import { createRiskDetector } from './engine/risk/risk.detector';
import { RiskReplaySource } from './modules/risk/risk.repository';
import { RiskService } from './modules/risk/risk.service';
import { RiskStoreSink } from './modules/risk/risk.sink';
import { riskRoutes } from './modules/risk/risk.routes';
import { RiskWorkerHost } from './modules/risk/riskWorker.host';
import type { DetectorModule, RiskWorkerData } from './modules/risk/riskWorker.protocol';
import { RiskBacktestService, type BacktestLimits } from './modules/risk/riskBacktest.service';
import { RiskBacktestRepository } from './modules/risk/riskBacktest.repository';
import { TelegramOutbox, loadTelegramConfig, sendMessage, type TelegramConfig } from './notify/telegram';
import { publishChange } from './platform/live/live.publisher';
import { createEngine, type Engine } from './engine/engine.start';
import { loadEngineConfig, type EngineConfig } from './engine/engine.config';
import { feedRoutes } from './modules/feed/feed.routes';
import { publishFeedProgress } from './modules/feed/feed.live';
import { FeedCounts } from './modules/feed/feed.scope';
import { ingestRouter } from './modules/ingest/ingest.routes';
import { DisplayService } from './modules/display/display.service';
import { DEFAULT_LIVE_ROUNDS, LiveRounds, type LiveRoundsOptions } from './modules/live/live.rounds';
import { displayRoutes } from './modules/display/display.routes';
import { TeenPattiService } from './modules/teenpatti/teenPatti.service';
import { teenPattiRoutes } from './modules/teenpatti/teenPatti.routes';
import { isDisplayToken } from '@dms/shared/contracts/http/display';

export interface AppOptions {
  /** An open, migrated store; the caller keeps ownership (close() leaves it open). */
  store?: Store;
  logger?: Logger;
  /** The clock (epoch ms); tests move it to expire sessions. */
  now?: () => number;
  /** Check every response against the registry's schema (tests). */
  validateResponses?: boolean;
  /** Name of the Redis stream the instances share (tests isolate themselves with their own). */
  redisStreamName?: string;
  /** The platform feed's configuration; by default `DMS_FEED`, `DMS_TZ`, `DMS_INGEST_SECRET` of `config` and the rest of the environment. */
  feed?: FeedConfig;
  /** The engine's configuration; by default `DMS_TZ` of `config` and the rest of the environment. */
  engine?: EngineConfig;
  /** The round streams' batching window and live window (`modules/live/live.rounds.ts`). */
  liveRounds?: Partial<LiveRoundsOptions>;
  /** Where `live:resume` reads missed findings and alerts (the risk store; tests pass a fake). */
  liveReplay?: LiveReplaySource;
  /** Where the monitor's period replay reads alerts and flagged rounds (the risk store; tests pass a fake). */
  periodReplay?: PeriodReplaySource;
  /**
   * The risk engine's detector (`engine/risk/risk.detector.ts` by default); `false` runs no detection
   * (`DMS_RISK=off` does the same).
   */
  riskDetector?: RiskDetectorFactory | false;
  /** Tuning of the risk runner (tests poll faster). */
  riskRunner?: Partial<RiskRunnerTuning>;
  /**
   * Where the risk runner and its detector run: on a worker thread of their own (`worker`, the default), which
   * needs a store the worker can open (one the app opened, or `riskWorkerStore`) and the engine's detector or
   * `riskWorkerDetector` (a detector passed as a function runs on the gateway's thread), or on the gateway's
   * thread (`main`; `DMS_RISK_THREAD=main` does the same).
   */
  riskThread?: 'main' | 'worker';
  /** On the worker thread: a module exporting the detector factory by name (a benchmark's wrapper). */
  riskWorkerDetector?: DetectorModule;
  /** How the worker thread opens a store given in `store` (by default it runs only on a store the app opened). */
  riskWorkerStore?: RiskWorkerData['store'];
  /** Limits of the Risk Setting backtests (tests make the time limit short). */
  riskBacktest?: Partial<BacktestLimits>;
  /** Telegram's settings; by default `DMS_TELEGRAM_*` and `DMS_PUBLIC_URL` of the environment. */
  telegram?: TelegramConfig;
}

/** A wired gateway, not yet listening. */
export interface App {
  app: Express;
  httpServer: HttpServer;
  io: LiveServer;
  /** Where services publish live events. */
  publisher: LivePublisher;
  store: Store;
  config: Config;
  logger: Logger;
  /** Set when this start seeded the database (first start). */
  firstStart: FirstStart | undefined;
  /** Whether the built client is served. */
  servesClient: boolean;
  /** The engine (event pipeline): accepts submissions at once; `engine.start()` once the server listens. */
  engine: Engine;
  /** The platform feed: its source starts with `feed.start()` once the server listens. */
  feed: Feed;
  /** Runs the live channel's session sweep now (it runs every `sessionTouchMs` by itself). */
  sweepLive(): Promise<void>;
  /** Listens on the configured host and port (0 picks one). */
  listen(): Promise<{ port: number; url: string }>;
  /** Stops the live channel and the HTTP server, then closes the store if this app opened it. */
  close(): Promise<void>;
}

/** Pairing requests of wall screens per address and minute. */
const DISPLAY_PAIR_RATE_PER_MINUTE = 20;

/** Wires configuration, store, services, REST, static client and live channel together. */
export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const logger = options.logger ?? createLogger(config.logLevel);
  const opened = options.store ? undefined : await openConfiguredStore(config, now, undefined, logger);
  const store = options.store ?? opened?.store;
  if (!store) throw new Error('no store');
  let feed: Feed | undefined;
  let engine: Engine | undefined;

  try {
    const sessions = new SessionService(store, {
      idleMs: config.sessionIdleMs,
      touchMs: config.sessionTouchMs,
      maxAgeMs: config.sessionMaxAgeMs,
      now,
    });
    const audit = new AuditService(store, now);
    const base = new BaseService(store);
    // Wall screens: revoking one disconnects its sockets through the live channel made just below.
    const liveRef: { current?: Live } = {};
    const displays = new DisplayService({
      store,
      audit,
      base,
      now,
      notifier: { displayRevoked: (id) => liveRef.current?.notifier.displayRevoked(id) },
    });
    const authenticate = (token: string | undefined) =>
      token !== undefined && isDisplayToken(token)
        ? displays.authenticate(token)
        : sessions.authenticate(token);
    const httpServer = createServer();
    const riskStore = new RiskReplaySource(store);
    const live = await createLive(httpServer, {
      sessions,
      displays,
      replay: options.liveReplay ?? riskStore,
      logger,
      redisUrl: config.redisUrl,
      ...(options.redisStreamName ? { redisStreamName: options.redisStreamName } : {}),
      touchMs: config.sessionTouchMs,
    });
    liveRef.current = live;
    const notifier = live.notifier;
    // Tests that share a Redis give each app its own counters (the stream name they isolate themselves by).
    const rateNamespace = options.redisStreamName ?? 'dms';
    const users = new UserService({
      store,
      sessions,
      audit,
      base,
      notifier,
      now,
      scryptLogN: config.scryptLogN,
    });
    const roles = new RoleService({ store, audit, notifier, now });
    const rates = new RatesService({ store, audit, base, now });
    const tables = new TablesService({ store, audit, now });
    const staff = new StaffService({
      store,
      sessions,
      audit,
      base,
      notifier,
      now,
      scryptLogN: config.scryptLogN,
    });

    const engineConfig = options.engine ?? { ...loadEngineConfig(process.env), timeZone: config.timeZone };
    // The engine and the feed run on real time (not the test clock): the source starts after listen().
    const platformEngine = createEngine({
      store,
      logger,
      config: engineConfig,
    });
    engine = platformEngine;
    const platformFeed = createFeed({
      store,
      engine: platformEngine,
      logger,
      // The simulator plays the tables of Table setting.
      tables,
      config: options.feed ?? {
        ...loadFeedConfig(process.env),
        source: config.feed,
        timeZone: config.timeZone,
        ingestSecret: config.ingestSecret,
      },
    });
    feed = platformFeed;
    // Event counts per provider: the feed's status shows each account only its own providers' events.
    const feedCounts = new FeedCounts(platformEngine.committed$.pipe(map((batch) => batch.events)));
    const feedProgress = publishFeedProgress(live.publisher, platformFeed.service, feedCounts);
    // Round starts, bets and settlements of live tables, batched, from what the engine committed.
    const periodRepo = new PeriodRepository(store);
    const liveRounds = new LiveRounds(live.publisher, {
      ...DEFAULT_LIVE_ROUNDS,
      now: Date.now,
      totalsOf: (roundId) => periodRepo.totals([roundId], 'all'),
      ...options.liveRounds,
    });
    liveRounds.start(platformEngine.committed$);

    // The risk engine: reads what the engine committed, in commit order, from its stored checkpoint; its
    // findings and alerts are stored with the checkpoint and pushed live once stored.
    const publishRisk = (records: readonly ReplayRecord[]) => {
      for (const r of records) publishChange(live.publisher, r.event, r.payload as never);
    };
    const telegramConfig = options.telegram ?? loadTelegramConfig(process.env);
    const riskDetectorFactory =
      options.riskDetector ?? (process.env.DMS_RISK === 'off' ? false : createRiskDetector);
    const riskDetectors: {
      current?: RiskDetector;
      worker?: RiskWorkerHost | undefined;
      settings: RiskSettings;
    } = {
      settings: DEFAULT_RISK_SETTINGS,
    };
    const risk = new RiskService({
      store,
      audit,
      now,
      timeZone: config.timeZone,
      publish: publishRisk,
      onSettings: (settings) => {
        riskDetectors.settings = settings;
        riskDetectors.current?.configure(settings);
        riskDetectors.worker?.configure(settings);
      },
      sendTelegram: telegramConfig.token
        ? async (chatId, text) => {
            const r = await sendMessage(telegramConfig, chatId, text);
            return r.ok ? { ok: true, detail: 'sent' } : { ok: false, detail: r.detail };
          }
        : undefined,
    });
    riskDetectors.settings = (await risk.currentSettings()).settings;
    // Backtests replay with the engine's detector even where this instance runs no detection.
    const backtests = new RiskBacktestService({
      source: new RiskBacktestRepository(store),
      factory: riskDetectorFactory === false ? createRiskDetector : riskDetectorFactory,
      currentSettings: async () => (await risk.currentSettings()).settings,
      audit,
      now,
      logger,
      ...(options.riskBacktest ? { limits: options.riskBacktest } : {}),
    });
    // On a worker thread (its own store connection) on a store it can open again, unless told otherwise.
    const riskWorkerStore =
      options.riskWorkerStore ??
      (opened ? { databaseUrl: config.databaseUrl, dataDir: config.dataDir } : undefined);
    const riskOnWorker =
      riskWorkerStore !== undefined &&
      (options.riskWorkerDetector !== undefined ||
        (options.riskDetector === undefined && riskDetectorFactory !== false)) &&
      (options.riskThread ?? engineConfig.riskThread ?? 'worker') === 'worker';
    // The runner's tuning: `DMS_RISK_*` of the engine's configuration, then the caller's.
    const riskTuning = { ...engineConfig.risk, ...options.riskRunner };
    const riskWorker = riskOnWorker
      ? new RiskWorkerHost({
          data: {
            store: riskWorkerStore,
            tuning: riskTuning,
            detector: options.riskWorkerDetector,
            logLevel: logger.level,
          },
          settings: riskDetectors.settings,
          committed$: platformEngine.committed$,
          publish: publishRisk,
          store,
          logger,
        })
      : undefined;
    riskDetectors.worker = riskWorker;
    riskWorker?.start();
    const riskRunner =
      riskDetectorFactory === false || riskWorker
        ? undefined
        : new RiskRunner<RiskFinding, unknown>({
            store,
            logger,
            committed$: platformEngine.committed$,
            sink: new RiskStoreSink(publishRisk),
            createDetector: (snapshot) => {
              const detector = riskDetectorFactory(riskDetectors.settings, snapshot);
              riskDetectors.current = detector;
              return detector;
            },
            ...riskTuning,
          });
    riskRunner?.start();
    const telegramOutbox = new TelegramOutbox(store, telegramConfig, logger, now);
    telegramOutbox.start();

    const teenPatti = new TeenPattiService({ store, audit, logger, now });

    const impls: EndpointImpls = {
      ...userRoutes(users, {
        loginRatePerMinute: config.loginRatePerMinute,
        loginIpRatePerMinute: config.loginIpRatePerMinute,
        rateLimitStores: {
          name: rateLimitStore(live.redis, 'login', rateNamespace),
          address: rateLimitStore(live.redis, 'login-address', rateNamespace),
          device: rateLimitStore(live.redis, 'login-device', rateNamespace),
        },
      }),
      ...baseRoutes(base),
      ...roleRoutes(roles),
      ...staffRoutes(staff),
      ...auditRoutes(audit),
      ...feedRoutes(platformFeed.service, feedCounts),
      ...ratesRoutes(rates),
      ...tablesRoutes(tables),
      ...teenPattiRoutes(teenPatti, { timeZone: config.timeZone, now }),
      ...riskRoutes(risk, backtests),
      ...liveRoutes(
        new PeriodReplayService(periodRepo, () => options.periodReplay ?? riskStore),
        new LiveTablesService(periodRepo),
      ),
      ...displayRoutes(displays, {
        pairRatePerMinute: DISPLAY_PAIR_RATE_PER_MINUTE,
        rateLimitStore: rateLimitStore(live.redis, 'display-pair', rateNamespace),
      }),
      ...statsRoutes(
        new StatsService({ db: store.db, dialect: store.dialect }, config.timeZone, {
          rates: (currencies, start, end) => rates.table(currencies, start, end),
        }),
        {
          timeZone: config.timeZone,
          providerNames: async () =>
            new Map(
              (await base.providers({ providers: 'all', currencies: 'all' })).map((p) => [p.id, p.name]),
            ),
        },
      ),
    };

    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', config.trustProxy);
    app.use(securityHeaders());
    app.use(warnUntrustedProxy(logger, config.trustProxy));
    app.use((req, res, next) => {
      const t0 = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        logger.debug({ method: req.method, url: req.originalUrl, status: res.statusCode, ms }, 'request');
      });
      next();
    });

    mountSystem(app, store, startedAt, now);

    // The signed machine-to-machine ingest reads its raw body itself: mounted before the JSON API router.
    app.use(API_BASE, noStore);
    const ingestSecret = platformFeed.config.ingestSecret;
    if (ingestSecret) {
      app.use(
        API_BASE,
        ingestRouter({
          secret: ingestSecret,
          ratePerMinute: platformFeed.config.ingestRatePerMinute,
          rateLimitStore: rateLimitStore(live.redis, 'ingest', rateNamespace),
          submit: (events) => platformEngine.submit(events),
          logger,
        }),
      );
    }

    const api = express.Router();
    api.use(express.json({ limit: '1mb' }));
    mountAvatar(api, users, (token) => sessions.authenticate(token));
    mountTableIcon(api, tables, (token) => sessions.authenticate(token));
    const unimplemented = mountEndpoints(api, impls, {
      authenticate,
      validateResponses: options.validateResponses ?? false,
      verbatimMessages: new Set(Object.values(STATS_MESSAGES)),
    });
    if (unimplemented.length > 0)
      logger.warn({ endpoints: unimplemented }, 'endpoints of the registry not implemented yet (501)');
    // A 404 names neither the method nor the path: an answer never echoes what the caller sent.
    api.use((_req, res) => {
      res.status(404).json(failWith(ERR.GENERAL, 'request.notFound'));
    });
    app.use(API_BASE, api);

    const servesClient = serveClient(app, config.clientDir);
    app.use((_req, res) => {
      res.status(404).json(failWith(ERR.GENERAL, 'request.notFound'));
    });
    app.use(expressErrorHandler(logger));
    // socket.io answers its own path on this server; Express must not answer those requests a second time.
    httpServer.on('request', (req, res) => {
      if (req.url === LIVE_PATH || req.url?.startsWith(`${LIVE_PATH}/`)) return;
      app(req, res);
    });

    const prune = setInterval(() => {
      sessions.prune().catch((err: unknown) => logger.error({ err }, 'pruning sessions failed'));
      users.pruneDevices().catch((err: unknown) => logger.error({ err }, 'pruning sign-in devices failed'));
      displays.prune().catch((err: unknown) => logger.error({ err }, 'pruning pairing requests failed'));
    }, 3_600_000);
    prune.unref();

    let closing: Promise<void> | undefined;
    return {
      app,
      httpServer,
      io: live.io,
      publisher: live.publisher,
      store,
      config,
      logger,
      firstStart: opened?.firstStart,
      servesClient,
      engine: platformEngine,
      feed: platformFeed,
      sweepLive: () => live.sweep(),
      listen: () =>
        new Promise((resolve, reject) => {
          httpServer.once('error', reject);
          httpServer.listen(config.port, config.host, () => {
            httpServer.off('error', reject);
            const { port } = httpServer.address() as AddressInfo;
            resolve({ port, url: `http://localhost:${port}` });
          });
        }),
      close: () =>
        (closing ??= (async () => {
          const started = performance.now();
          const took: Record<string, number> = {};
          const timed = async (stage: string, work: () => Promise<unknown> | undefined) => {
            const t0 = performance.now();
            await work();
            took[stage] = Math.round(performance.now() - t0);
          };
          feedProgress.unsubscribe();
          telegramOutbox.stop();
          backtests.close();
          await timed('teenPatti', () => teenPatti.stop());
          await timed('riskRunner', () => riskRunner?.stop() ?? riskWorker?.stop());
          await timed('liveRounds', () => liveRounds.stop());
          feedCounts.stop();
          await timed('feed', () => platformFeed.stop());
          await timed('engine', () => platformEngine.stop());
          clearInterval(prune);
          // The HTTP server closes once its connections do: idle ones at once, each busy one as soon as its
          // answer is sent (a keep-alive connection would otherwise stay open for its 5 s timeout), any left
          // after 5 s by force.
          const idle = setInterval(() => httpServer.closeIdleConnections(), 50);
          const force = setTimeout(() => httpServer.closeAllConnections(), 5_000);
          force.unref();
          await timed('http', () => {
            const closed = live.close();
            httpServer.closeIdleConnections();
            return closed;
          });
          clearInterval(idle);
          clearTimeout(force);
          if (opened) await timed('store', () => store.close());
          logger.info({ ms: Math.round(performance.now() - started), took }, 'gateway stopped');
        })()),
    };
  } catch (err) {
    await feed?.stop();
    await engine?.stop();
    if (opened) await store.close();
    throw err;
  }
}
