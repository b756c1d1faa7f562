import { createHmac } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const repoRoot = new URL('../..', import.meta.url).pathname;

/** The flags the machine's Chromium needs (DEPENDENCIES.md): no sandbox as root, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const ADMIN_PASSWORD = 'e2e-admin-pass';

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      if (addr && typeof addr === 'object') {
        const { port } = addr;
        srv.close(() => resolve(port));
      } else reject(new Error('no port'));
    });
  });
}

export interface Gateway {
  url: string;
  dataDir: string;
  /** Stops the gateway (SIGTERM) and starts it again on the same port and data: a gateway restart. */
  restart(options?: { whileDown?: () => Promise<void> }): Promise<void>;
  /** Stops the gateway process (SIGTERM) and deletes its data directory. */
  stop(): Promise<void>;
  /** Stops the gateway process as a restart or a crash would, keeping its data directory and port. */
  halt(): Promise<void>;
  /**
   * Starts the gateway again after {@link halt}: same port, same data directory, same settings, with `env`
   * added (a new deploy: another `DMS_CLIENT_DIR`, say).
   */
  resume(env?: Record<string, string>): Promise<void>;
}

/**
 * Starts the built gateway (`gateway/dist/start.js`, as `npm start` does) on a free port with a fresh data
 * directory, and waits until /healthz answers. It can be halted and resumed on the same port and data (a
 * gateway restart, as a deploy does it).
 */
export async function startGateway(env: Record<string, string> = {}): Promise<Gateway> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let settings = env;

  const launch = async (): Promise<void> => {
    const proc: ChildProcess = spawn(process.execPath, ['gateway/dist/start.js'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DMS_DATA_DIR: dataDir,
        DMS_ADMIN_PASSWORD: ADMIN_PASSWORD,
        DMS_FEED: 'off',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
        ...settings,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let output = '';
    proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`gateway exited early:\n${output}`);
      try {
        const r = await fetch(`${url}/healthz`);
        if (r.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`gateway did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const halt = async (): Promise<void> => {
    const proc = child;
    child = undefined;
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    }
  };

  await launch();
  return {
    url,
    dataDir,
    halt,
    async resume(more = {}) {
      settings = { ...settings, ...more };
      await launch();
    },
    async restart({ whileDown }: { whileDown?: () => Promise<void> } = {}) {
      await halt();
      await whileDown?.();
      await launch();
    },
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Launches Debian's Chromium through playwright-core (never a downloaded browser). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * A fresh browser context (own cookies) with a desktop viewport. A test that reads a downloaded file passes
 * `acceptDownloads: true`: with it false playwright still reports the download but keeps no file of it.
 */
export async function newContext(
  browser: Browser,
  width = 1440,
  height = 900,
  options: { acceptDownloads?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height }, ...options });
  // A gateway and client just built on a 2-core CI machine can take longer than playwright's 30 s to draw a
  // page the first time: waits without their own limit get 60 s.
  context.setDefaultTimeout(60_000);
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  context.on('page', (page) => {
    const log: string[] = [];
    pageLogs.set(page, log);
    const keep = (line: string) => {
      log.push(`${new Date().toISOString().slice(11, 23)} ${line.slice(0, 400)}`);
      if (log.length > 30) log.shift();
    };
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') keep(`console.${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => keep(`pageerror: ${e.message}`));
    page.on('requestfailed', (r) =>
      keep(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`),
    );
    page.on('response', (r) => {
      if (r.status() >= 400) keep(`response ${r.status()}: ${r.request().method()} ${r.url()}`);
    });
  });
  return context;
}

const openContexts = new Set<BrowserContext>();
const pageLogs = new WeakMap<Page, string[]>();

/**
 * What every page still open looks like: a screenshot of each (in `dir`) and, per page, its address, the
 * start of its text and its recent errors. Called when a browser test fails (tests/e2e/setup.ts), so a CI
 * log says what the browser showed.
 */
export async function describeOpenPages(dir: string, prefix: string): Promise<string> {
  const lines: string[] = [];
  let n = 0;
  for (const context of openContexts) {
    for (const page of context.pages()) {
      n += 1;
      const file = join(dir, `${prefix}-${n}.png`);
      const shot = await page
        .screenshot({ path: file, timeout: 10_000 })
        .then(() => file)
        .catch((e: unknown) => `no screenshot (${String(e).slice(0, 120)})`);
      const text = await page
        .evaluate(() => document.body?.innerText ?? '')
        .catch((e: unknown) => `<${String(e).slice(0, 120)}>`);
      lines.push(
        `page ${n}: ${page.url()}`,
        `  screenshot: ${shot}`,
        `  text: ${text.replace(/\s+/g, ' ').slice(0, 600)}`,
        ...(pageLogs.get(page) ?? []).map((l) => `  ${l}`),
      );
    }
  }
  return lines.join('\n');
}

/** Calls the gateway's REST API and returns the envelope. */
export async function api<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; code: number; msg: string; data: T }> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await r.json()) as { code: number; msg: string; data: T };
  return { status: r.status, ...env };
}

export type { Browser, BrowserContext, Page };

/** Posts events to the gateway's signed ingest (HMAC over `<timestamp>.<body>`, as the platform signs them). */
export async function signedIngest(base: string, secret: string, events: unknown[]): Promise<void> {
  const body = JSON.stringify({ events });
  const ts = Date.now();
  const sig = `sha256=${createHmac('sha256', secret).update(`${ts}.`).update(body).digest('hex')}`;
  const r = await fetch(`${base}/api/ingest/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-dms-signature': sig, 'x-dms-timestamp': String(ts) },
    body,
  });
  if (r.status !== 200) throw new Error(`ingest answered ${r.status}: ${await r.text()}`);
}

/** The login page's texts in one language (placeholders and the submit button). */
export interface LoginTexts {
  usernamePlaceholder: string;
  passwordPlaceholder: string;
  submit: string;
}

/** Signs in through the login page and waits for the homepage. */
export async function logInAs(
  page: Page,
  base: string,
  account: string,
  password: string,
  texts: LoginTexts,
): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByPlaceholder(texts.usernamePlaceholder).fill(account);
  await page.getByPlaceholder(texts.passwordPlaceholder).fill(password);
  await page.getByRole('button', { name: texts.submit }).click();
  await page.waitForURL(/\/homepage$/);
}
