import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The platform feeds a gateway can run (filled by a later issue). */
export const FEEDS = ['sim', 'ingest', 'poll', 'off'] as const;
export type Feed = (typeof FEEDS)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The validated configuration of a gateway process. */
export interface Config {
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  host: string;
  /** Absolute directory of the SQLite file `dms.sqlite` (unused with PostgreSQL). */
  dataDir: string;
  /** Password of the `admin` account created on first start; generated and printed once if absent. */
  adminPassword: string | undefined;
  /** `postgres://…` selects PostgreSQL; absent selects the embedded SQLite file. */
  databaseUrl: string | undefined;
  /** `redis://…` enables the socket.io Redis streams adapter (scale-out). */
  redisUrl: string | undefined;
  feed: Feed;
  /** IANA time zone in which statistics days are cut. */
  timeZone: string;
  /** A session ends after this long without use (envelope code -2). */
  sessionIdleMs: number;
  /**
   * A session's last-use time is written at most this often (1/60 of the idle time, at most a minute); a
   * session is kept this much past the idle time, so one used within the idle time is never refused.
   */
  sessionTouchMs: number;
  /** A staff session ends this long after its sign-in, however busy (envelope code -2). */
  sessionMaxAgeMs: number;
  /** Absolute directory of the built client; served with SPA fallback when it exists. */
  clientDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Login attempts allowed per minute per client IP and account name (and per remembered device). */
  loginRatePerMinute: number;
  /** Failed login attempts allowed per minute per client IP across all account names. */
  loginIpRatePerMinute: number;
  ingestSecret: string | undefined;
  /** Express `trust proxy` setting: false, true, a hop count or a list of addresses/subnets. */
  trustProxy: boolean | number | string;
  /**
   * log2 of scrypt's cost N for new password hashes (15 → 32 MiB per hash). Not an environment variable:
   * production keeps the memory-hard default; tests lower it in code.
   */
  scryptLogN: number;
}

/** Thrown by {@link loadConfig}; its message lists every bad variable with the reason. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const opt = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());

function intVar(def: number, min: number, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, { error: `must be at least ${min}` })
          .max(max, { error: `must be at most ${max}` }),
      )
      .prefault(String(def)),
  );
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function parseTrustProxy(v: string): boolean | number | string {
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

const envSchema = z.object({
  PORT: intVar(8080, 0, 65535),
  HOST: z.preprocess(blankToUndefined, z.string().default('0.0.0.0')),
  DMS_DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  DMS_ADMIN_PASSWORD: opt(
    z
      .string()
      .min(6, { error: 'must be at least 6 characters' })
      .max(128, { error: 'must be at most 128 characters' }),
  ),
  DATABASE_URL: opt(
    z.string().regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' }),
  ),
  REDIS_URL: opt(z.string().regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' })),
  DMS_FEED: z.preprocess(
    blankToUndefined,
    z.enum(FEEDS, { error: `must be one of ${FEEDS.join(', ')}` }).default('sim'),
  ),
  DMS_TZ: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(isTimeZone, { error: 'must be an IANA time zone such as Asia/Shanghai' })
      .default('Asia/Shanghai'),
  ),
  DMS_SESSION_IDLE_MINUTES: intVar(120, 1, 60 * 24 * 30),
  DMS_SESSION_MAX_HOURS: intVar(12, 1, 24 * 30),
  DMS_CLIENT_DIR: opt(z.string()),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  DMS_LOGIN_RATE: intVar(10, 1, 10_000),
  DMS_LOGIN_IP_RATE: intVar(30, 1, 100_000),
  DMS_INGEST_SECRET: opt(z.string().min(16, { error: 'must be at least 16 characters' })),
  DMS_TRUST_PROXY: z.preprocess(blankToUndefined, z.string().default('false')),
});

/**
 * How often a session's last use is written: 1/60 of the idle time (one second for the shortest idle time
 * of a minute), at most once a minute. The write is throttled; the expiry allows for it.
 */
export function sessionTouchMs(idleMs: number): number {
  return Math.min(60_000, Math.max(1_000, Math.floor(idleMs / 60)));
}

/**
 * The gateway package directory, found by walking up from this module to the `package.json` named
 * `@dms/gateway`. It works from the sources (`gateway/src/config/`) and from the bundle (`gateway/dist/`).
 */
function findGatewayDir(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        const name = (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name;
        if (name === '@dms/gateway') return dir;
      } catch {
        // An unreadable package.json is not ours: keep walking up.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * The default client directory: `client/dist` beside the gateway package (the repository layout), or
 * `./client/dist` under the working directory when the gateway runs outside the repository.
 */
export function defaultClientDir(cwd: string = process.cwd()): string {
  const gatewayDir = findGatewayDir();
  return gatewayDir ? resolve(gatewayDir, '..', 'client', 'dist') : resolve(cwd, 'client', 'dist');
}

/**
 * Validates the environment and returns the typed configuration. Pure apart from reading this module's
 * location for the default client directory. Relative directories resolve against `cwd`.
 *
 * @throws ConfigError naming every bad variable.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const seen = new Set<string>();
    const problems: { variable: string; message: string }[] = [];
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0] ?? '(environment)');
      if (seen.has(variable)) continue;
      seen.add(variable);
      const raw = env[variable];
      const shown =
        variable === 'DMS_ADMIN_PASSWORD' || variable === 'DMS_INGEST_SECRET' ? '' : ` (got "${raw}")`;
      problems.push({ variable, message: `${issue.message}${raw === undefined ? '' : shown}` });
    }
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(cwd, e.DMS_DATA_DIR),
    adminPassword: e.DMS_ADMIN_PASSWORD,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    feed: e.DMS_FEED,
    timeZone: e.DMS_TZ,
    sessionIdleMs: e.DMS_SESSION_IDLE_MINUTES * 60_000,
    sessionTouchMs: sessionTouchMs(e.DMS_SESSION_IDLE_MINUTES * 60_000),
    sessionMaxAgeMs: e.DMS_SESSION_MAX_HOURS * 3_600_000,
    clientDir: e.DMS_CLIENT_DIR ? resolve(cwd, e.DMS_CLIENT_DIR) : defaultClientDir(cwd),
    logLevel: e.LOG_LEVEL,
    loginRatePerMinute: e.DMS_LOGIN_RATE,
    loginIpRatePerMinute: e.DMS_LOGIN_IP_RATE,
    ingestSecret: e.DMS_INGEST_SECRET,
    trustProxy: parseTrustProxy(e.DMS_TRUST_PROXY),
    scryptLogN: 15,
  };
}
