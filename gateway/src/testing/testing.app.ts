import { join } from 'node:path';
import type { Envelope } from '@dms/shared/contracts/envelope';
import { API_BASE } from '@dms/shared/contracts/http/paths';
import { loadConfig, type Config } from '../config/config';
import { createApp, type App, type AppOptions } from '../app';
import type { Logger } from '../platform/logger/logger';
import { openTestStore, tempDir } from './testing.store';

/** The admin password of every test app. */
export const ADMIN_PASSWORD = 'admin-secret';

/** A clock the test moves by hand. */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  /** A body sent as is (for malformed JSON). */
  rawBody?: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
}

export interface CallResult<T> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

/** A gateway running in-process on a free port, with a fresh store. */
export interface TestApp {
  app: App;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  clock: TestClock;
  config: Config;
  /** A token of the admin (super) account. */
  adminToken: string;
  /** Calls `${API_BASE}${path}`; the envelope comes back parsed, whatever the status. */
  call<T = unknown>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options?: CallOptions,
  ): Promise<CallResult<T>>;
  /** Signs in and returns the token; throws if refused. */
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string | undefined>;
  /** Configuration fields on top of the loaded ones. */
  config?: Partial<Config>;
  redisStreamName?: string;
  /** Options of the app beyond the test defaults (a fake replay source, the round streams' windows). */
  app?: Pick<
    AppOptions,
    | 'liveReplay'
    | 'liveRounds'
    | 'periodReplay'
    | 'riskDetector'
    | 'riskRunner'
    | 'riskThread'
    | 'riskWorkerDetector'
    | 'riskBacktest'
    | 'telegram'
  >;
  /** The gateway's logger (silent by default). */
  logger?: Logger;
}

/**
 * Starts a gateway for a test file: temp SQLite (or a fresh PostgreSQL schema when DATABASE_URL is
 * set), port 0 on 127.0.0.1, cheap scrypt, a hand-moved clock, response schema checks on.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = tempDir();
  const config: Config = {
    ...loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DMS_DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      DMS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      DMS_FEED: 'off',
      DMS_CLIENT_DIR: join(dir, 'no-client'),
      DATABASE_URL: process.env.DATABASE_URL,
      ...options.env,
    }),
    scryptLogN: 10,
    ...options.config,
  };
  let t = Date.now();
  const clock: TestClock = { now: () => t, advance: (ms) => void (t += ms) };
  const { store, dispose, pgSchema } = await openTestStore(config, clock.now);
  const app = await createApp(config, {
    store,
    now: clock.now,
    validateResponses: true,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.redisStreamName ? { redisStreamName: options.redisStreamName } : {}),
    // Detection runs only in the tests that ask for it (a detector of their own or the real one).
    riskDetector: false,
    ...options.app,
    // The risk engine's worker thread opens the test's store too.
    ...(options.app?.riskThread === 'worker'
      ? {
          riskWorkerStore: {
            databaseUrl: config.databaseUrl,
            dataDir: config.dataDir,
            ...(pgSchema ? { pgSchema } : {}),
          },
        }
      : {}),
  });
  const { port } = await app.listen();
  const url = `http://127.0.0.1:${port}`;

  const call = async <T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    o: CallOptions = {},
  ): Promise<CallResult<T>> => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) qs.set(k, String(v));
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.rawBody !== undefined) body = o.rawBody;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${url}${API_BASE}${path}${qs.size ? `?${qs}` : ''}`, { method, headers, body });
    return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
  };
  const login = async (username: string, password: string) => {
    const res = await call<{ token: string }>('POST', '/user/login', { body: { username, password } });
    if (res.body.code !== 0)
      throw new Error(`login of ${username} refused: ${res.body.code} ${res.body.msg}`);
    return res.body.data.token;
  };
  const adminToken = await login('admin', ADMIN_PASSWORD);
  return {
    app,
    url,
    clock,
    config,
    adminToken,
    call,
    login,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

let counter = 0;
/** A name unique within the test run (`prefix` + counter + random). */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export interface StaffFixture {
  roleId: number;
  accountId: number;
  account: string;
  password: string;
  token: string;
}

/**
 * Creates (as admin) a role with `codes` and an account holding it with the given scope, signs it in.
 */
export async function createStaff(
  t: TestApp,
  f: { codes: string[]; providers?: number[]; currencies?: string[]; roleId?: number },
): Promise<StaffFixture> {
  let roleId = f.roleId;
  if (roleId === undefined) {
    const role = await t.call<{ id: number }>('POST', '/permission/role/create', {
      token: t.adminToken,
      body: { name: uniqueName('role'), permission: f.codes },
    });
    if (role.body.code !== 0) throw new Error(`role refused: ${role.body.msg}`);
    roleId = role.body.data.id;
  }
  const account = uniqueName('user');
  const password = 'staff-pass';
  const created = await t.call<{ id: number }>('POST', '/permission/staff/create', {
    token: t.adminToken,
    body: {
      account,
      password,
      nickname: `Nick ${account}`,
      roleId,
      providers: f.providers ?? [1001, 1002],
      currencies: f.currencies ?? ['CNY', 'USD'],
    },
  });
  if (created.body.code !== 0) throw new Error(`staff refused: ${created.body.msg}`);
  return {
    roleId,
    accountId: created.body.data.id,
    account,
    password,
    token: await t.login(account, password),
  };
}
