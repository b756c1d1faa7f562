import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { APP_VERSION } from '@dms/shared/contracts/http/paths';
import { ConfigError, loadConfig, type Config } from './config/config';
import { createLogger } from './platform/logger/logger';
import { installProcessHandlers } from './platform/errors/errors.handler';
import { SQLITE_FILE } from './platform/db/db.store';
import type { FirstStart } from './platform/db/db.open';
import { createApp, type App } from './app';

/** The start-up banner: URL, database, and on first start the admin credentials (printed once). */
export function banner(
  url: string,
  config: Config,
  firstStart: FirstStart | undefined,
  servesClient: boolean,
): string {
  const line = '─'.repeat(64);
  const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite ${join(config.dataDir, SQLITE_FILE)}`;
  const out = [
    line,
    ` Data Management System (Ver ${APP_VERSION}) is running`,
    `   URL:       ${url}`,
    `   Database:  ${db}`,
  ];
  if (config.redisUrl) out.push('   Live:      Redis streams adapter (REDIS_URL)');
  if (!servesClient) out.push(`   Client:    not built (${config.clientDir} has no index.html): API only`);
  if (firstStart) {
    out.push(' First start: the administrator account was created');
    out.push(`   Account:   ${firstStart.adminAccount}`);
    out.push(
      firstStart.generatedPassword
        ? `   Password:  ${firstStart.generatedPassword}   (shown only now; change it in Profile)`
        : '   Password:  the value of DMS_ADMIN_PASSWORD',
    );
  }
  out.push(line);
  return out.join('\n');
}

/**
 * Starts a gateway from the environment: validates the configuration (a bad value stops here with a
 * message naming the variable), opens and migrates the store, listens, prints the banner and stops
 * gracefully on SIGINT/SIGTERM.
 */
export async function start(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<App | undefined> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exitCode = 1;
      return undefined;
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  // Filled once the app exists; a fatal error before that just exits.
  const running: { app?: App } = {};
  const stop = async (code: number) => {
    try {
      await running.app?.close();
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      code = code || 1;
    }
    process.exit(code);
  };
  installProcessHandlers(logger, () => void stop(1));
  const app = await createApp(config, { logger });
  running.app = app;
  const { url } = await app.listen();
  // The engine's background work and the feed's source (simulator backfill and live play, or the poller)
  // run after listening.
  app.engine.start();
  app.feed.start();
  console.log(banner(url, config, app.firstStart, app.servesClient));
  logger.info({ url, db: app.store.dialect, feed: config.feed }, 'gateway started');
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      logger.info({ signal }, 'shutting down');
      void stop(0);
    });
  }
  return app;
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  start().catch((err: unknown) => {
    console.error('Gateway failed to start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
