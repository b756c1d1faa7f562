/**
 * Benchmark of a wall screen in Chromium (issue 10): `npm run bench -- wall`, or after `npm run build`
 *   npx tsx scripts/bench-wall.ts
 * Durations from the environment: BENCH_WALL_IDLE_SECONDS (60), BENCH_WALL_MINUTES (3; 60 for the hour's
 * soak), BENCH_WALL_RATE (1000 events/s), BENCH_WALL_TABLES (150).
 *
 * The built gateway (`gateway/dist/start.js`) on a temp SQLite store, fed through its signed ingest by this
 * process: baccarat tables dealing 20 s rounds (round started, bets over 15 s, settled at 17 s, every `ts`
 * its sending time) at the chosen rate, and now and then a ring of three (tests/e2e/rounds.ts) that the risk
 * engine finds and alerts on. A wall screen paired as a person pairs it (the wall shows a code, the
 * administrator approves it through the console's API) shows `/wall/baccarat` at 1920×1080 in Debian's
 * Chromium on its display token. Measured in the page, by phase:
 *   - idle, the baseline: the same page with the same tables, no event for BENCH_WALL_IDLE_SECONDS;
 *   - load: the feed at the rate for BENCH_WALL_MINUTES;
 * frame intervals (a requestAnimationFrame loop) and each frame's main-thread time (its start to a message
 * posted in its rAF callback, which runs once the frame is rendered), long tasks (PerformanceObserver 'longtask'), the main
 * thread's busy share (CDP Performance.getMetrics TaskDuration), and every 15 s the JS heap after a forced
 * GC and the DOM node count (first, last, peak, least-squares slope per hour over the phase's second half).
 * Frames and long tasks overlapping a forced GC are left out.
 *   - reconnect, under the same load: the gateway is stopped (SIGTERM) while events and two rings keep
 *     coming and started again on the same port and data. The feed queues everything from the SIGTERM and
 *     sends it as soon as the gateway answers again; with BENCH_WALL_FEED_AT_STOP=post it posts on as a
 *     platform would, not told of the stop (a stopping gateway stores what it is sent until its pipeline
 *     stops), and queues only what is refused or cannot reach it. From
 *     its /healthz answering again: the wall's link back to live, the missed alerts raised (admin API), and
 *     every one of them shown on the wall (the baccarat wall's group list: an alert's subject is its group).
 * BENCH_WALL_PROFILE=<file>: the page's CPU profiles (DevTools' .cpuprofile) over the load phase, and over the
 * reconnect in <file>.reconnect.cpuprofile.
 * BENCH_WALL_TRACE=<file>: a Chrome trace (DevTools' Performance panel opens it) of 10 s of the load phase,
 * from its 60th second (its first when the phase is shorter): what the main thread does outside scripts.
 * Prints a summary on stderr and one JSON line on stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync, type WriteStream } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  api,
  freePort,
  launchBrowser,
  newContext,
  signedIngest,
  type Browser,
  type Page,
} from '../tests/e2e/harness';
import { ringRounds } from '../tests/e2e/rounds';
import { GATEWAY_NODE_FLAGS, pct, slopePerHour } from './benchUtil.mjs';

const root = new URL('..', import.meta.url).pathname;
const num = (name: string, fallback: number): number => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const IDLE_MS = num('BENCH_WALL_IDLE_SECONDS', 60) * 1000;
const LOAD_MS = num('BENCH_WALL_MINUTES', 3) * 60_000;
const RATE = num('BENCH_WALL_RATE', 1000);
const TABLES = num('BENCH_WALL_TABLES', 150);
/**
 * Inputs the risk runner takes per transaction. Its default (500) stalls on these tables: 500 settled rounds
 * of a few hundred bets take the detector longer than the runner's lease (15 s) on a busy machine, so the
 * lease is lost before the chunk commits and the runner starts it again, again.
 */
const RISK_CHUNK = num('BENCH_WALL_RISK_CHUNK', 50);
/** BENCH_WALL_RISK=off: the gateway without its risk engine (DMS_RISK=off). */
const RISK_OFF = process.env.BENCH_WALL_RISK === 'off';
/**
 * BENCH_WALL_FEED_AT_STOP=post: the feed posts on while the gateway stops, until it refuses or cannot be
 * reached; by default it holds everything from the SIGTERM (the stricter measure: a longer backlog).
 */
const HOLD_AT_STOP = process.env.BENCH_WALL_FEED_AT_STOP !== 'post';
/** BENCH_WALL_PROFILE=<file>.cpuprofile: the page's CPU profile over the load phase (sampling adds its cost). */
const PROFILE = process.env.BENCH_WALL_PROFILE;
/** BENCH_WALL_TRACE=<file>.json: a 10-second Chrome trace of the load phase (tracing adds its cost). */
const TRACE = process.env.BENCH_WALL_TRACE;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8.execute',
  'blink',
  'cc',
  'benchmark',
];
const SAMPLE_MS = 15_000;
const RING_EVERY_MS = 60_000;
const ROUND_MS = 20_000;
const BETS_FROM_MS = 500;
const BETS_UNTIL_MS = 15_000;
const SETTLE_AT_MS = 17_000;
const ROUNDS_PER_SHOE = 60;
const PLAYERS_PER_TABLE = num('BENCH_WALL_PLAYERS', 4000);
const PROVIDERS = [1001, 1002, 1003, 1004, 1005, 1006];
const SECRET = 'bench-wall-ingest-secret-0123';
const TICK_MS = 100;
/** One frame at 60 Hz; an interval longer than 1.5 of them is a dropped frame. */
const VSYNC_MS = 1000 / 60;

const log = (...a: unknown[]) =>
  process.stderr.write(`[wall ${new Date().toISOString().slice(11, 19)}] ${a.map(String).join(' ')}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** What the progress lines add (the feed's counts). */
let progress = (): string => '';
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------------------------------------------------
// The gateway: started, halted and resumed on one port and data directory, /healthz polled every 20 ms.

interface GatewayProc {
  url: string;
  dataDir: string;
  child: ChildProcess | undefined;
  /** The gateway's output (BENCH_WALL_GATEWAY_LOG=<file>), else dropped. */
  out: WriteStream | undefined;
}

let launches = 0;

async function launch(g: GatewayProc, port: number): Promise<number> {
  // BENCH_WALL_GATEWAY_PROFILE=<dir>: the gateway's CPU profile (node --cpu-prof), one file per start;
  // BENCH_WALL_GATEWAY_PROFILE_RESTART=<dir>: only the restarted gateway's (an hour's profile is too heavy).
  const prof =
    process.env.BENCH_WALL_GATEWAY_PROFILE ??
    (launches > 0 ? process.env.BENCH_WALL_GATEWAY_PROFILE_RESTART : undefined);
  launches += 1;
  const args = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`, '--cpu-prof-interval=1000'] : [];
  const child = spawn(process.execPath, [...GATEWAY_NODE_FLAGS, ...args, 'gateway/dist/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DMS_DATA_DIR: g.dataDir,
      DMS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      DMS_FEED: 'off',
      DMS_INGEST_SECRET: SECRET,
      DMS_RISK_CHUNK: String(RISK_CHUNK),
      ...(RISK_OFF ? { DMS_RISK: 'off' } : {}),
      LOG_LEVEL: process.env.BENCH_WALL_GATEWAY_LOG ? 'info' : 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', g.out ? 'pipe' : 'ignore', g.out ? 'pipe' : 'inherit'],
  });
  if (g.out) {
    child.stdout?.pipe(g.out, { end: false });
    child.stderr?.pipe(g.out, { end: false });
  }
  child.once('exit', (code, signal) => {
    if (g.child === child) log(`the gateway exited unasked (${code ?? signal})`);
  });
  g.child = child;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${g.url}/healthz`)).ok) return Date.now();
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('gateway did not start');
    await sleep(20);
  }
}

async function halt(g: GatewayProc): Promise<void> {
  const child = g.child;
  g.child = undefined;
  // A child ended by a signal has no exit code but a signal code: waiting for its 'exit' then never ends.
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  await exited;
  clearTimeout(killer);
}

// ---------------------------------------------------------------------------------------------------------
// The feed: live tables dealing rounds in real time, sent every 100 ms; queued while the gateway is down.

interface Scheduled {
  at: number;
  event: Record<string, unknown>;
}

interface TableState {
  id: string;
  n: number;
  pending: Scheduled[];
  seed: number;
  /** When its next round starts. */
  nextAt: number;
}

class Feed {
  private tables: TableState[] = [];
  private queue: Record<string, unknown>[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private sending = false;
  private dealing = false;
  private x = 12345;
  /** While true nothing is sent: events wait in the queue (the gateway is down). */
  down = false;
  sent = 0;
  /** Events waiting to be sent. */
  get backlog(): number {
    return this.queue.length;
  }

  liveEvents = 0;
  ringEvents = 0;
  failedPosts = 0;
  lastError = '';
  /** When the batch being sent was posted (0: none in flight). */
  postedAt = 0;
  /** Every answered post: when it was sent (epoch ms), how long the gateway took, how many events. */
  posts: number[] = [];

  constructor(private readonly url: string) {
    for (let i = 0; i < TABLES; i++)
      this.tables.push({
        id: `BAC-${String(i + 1).padStart(2, '0')}`,
        n: 0,
        pending: [],
        seed: i,
        nextAt: 0,
      });
  }

  private rand(): number {
    this.x = (this.x * 48271) % 2147483647;
    return this.x / 2147483647;
  }

  /** The events of a table's next round, starting at `start`. */
  private planRound(t: TableState, start: number): void {
    const shoe = `${t.id}-S${Math.floor(t.n / ROUNDS_PER_SHOE) + 1}`;
    const roundId = `${t.id}-R${t.n}`;
    t.n += 1;
    t.nextAt = start + ROUND_MS;
    const common = { provider: 0, currency: 'CNY', gameId: 1, tableId: t.id, shoeId: shoe, roundId };
    const bets = Math.max(1, Math.round((RATE * ROUND_MS) / 1000 / TABLES) - 2);
    const events: Scheduled[] = [
      {
        at: start,
        event: { type: 'round.started', id: `rs-${roundId}`, ts: start, ...common, provider: 1001 },
      },
    ];
    const payouts: {
      transactionId: string;
      playerId: number;
      payout: number;
      betType: string;
      amount: number;
    }[] = [];
    for (let k = 0; k < bets; k++) {
      const at = start + BETS_FROM_MS + Math.floor(this.rand() * (BETS_UNTIL_MS - BETS_FROM_MS));
      const p = Math.floor(this.rand() * PLAYERS_PER_TABLE);
      const playerId = 1_000_000 + t.seed * 100_000 + p;
      const provider = PROVIDERS[p % PROVIDERS.length] as number;
      const u = this.rand();
      const betType = u < 0.46 ? 'banker' : u < 0.92 ? 'player' : u < 0.97 ? 'tie' : 'player_pair';
      const amount = 1000 * (1 + Math.floor(this.rand() * 50));
      const transactionId = `${roundId}-b${k}`;
      events.push({
        at,
        event: {
          type: 'bet.placed',
          id: transactionId,
          transactionId,
          ts: at,
          ...common,
          provider,
          playerId,
          account: `${t.id.toLowerCase()}-p${p}`,
          betType,
          amount,
        },
      });
      payouts.push({ transactionId, playerId, payout: 0, betType, amount });
    }
    const w = this.rand();
    const winner = w < 0.46 ? 'banker' : w < 0.91 ? 'player' : 'tie';
    const settledAt = start + SETTLE_AT_MS;
    events.push({
      at: settledAt,
      event: {
        type: 'round.settled',
        id: `st-${roundId}`,
        ts: settledAt,
        ...common,
        provider: 1001,
        result: { winner, playerPair: false, bankerPair: false },
        payouts: payouts.map(({ transactionId, playerId, betType, amount }) => ({
          transactionId,
          playerId,
          payout:
            betType === winner
              ? betType === 'banker'
                ? Math.round(amount * 1.95)
                : betType === 'tie'
                  ? amount * 9
                  : amount * 2
              : winner === 'tie' && (betType === 'banker' || betType === 'player')
                ? amount
                : 0,
        })),
      },
    });
    t.pending = events.sort((a, b) => a.at - b.at);
  }

  /** Every table starts dealing, their first rounds spread over one round's length. */
  start(): void {
    const now = Date.now();
    this.dealing = true;
    this.tables.forEach((t, i) => this.planRound(t, now + Math.floor((i * ROUND_MS) / TABLES)));
    this.timer ??= setInterval(() => void this.tick(), TICK_MS);
  }

  /** The tables finish their rounds and deal no more; resolves once every round is settled and sent. */
  async drain(): Promise<void> {
    this.dealing = false;
    while (this.tables.some((t) => t.pending.length > 0) || this.queue.length > 0 || this.sending)
      await sleep(200);
  }

  stop(): void {
    this.dealing = false;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** A ring of three on its own table (60 rounds over the last half hour): sent with the next batch. */
  ring(k: number): string[] {
    const table = `RING-${k}`;
    const accounts: [string, string, string, string, string] = [
      `ring${k}-a`,
      `ring${k}-b`,
      `ring${k}-c`,
      `ring${k}-h1`,
      `ring${k}-h2`,
    ];
    const events = ringRounds({
      table,
      shoe: `${table}-S1`,
      roundPrefix: table,
      accounts,
      playerIds: [1, 2, 3, 4, 5].map((j) => 900_000 + k * 10 + j) as [number, number, number, number, number],
      n: 60,
      seed: 7 * k + 1,
    }) as Record<string, unknown>[];
    this.queue.push(...events);
    this.ringEvents += events.length;
    return accounts.slice(0, 3);
  }

  private async tick(): Promise<void> {
    const now = Date.now();
    for (const t of this.tables) {
      let i = 0;
      while (i < t.pending.length && (t.pending[i] as Scheduled).at <= now) i++;
      if (i > 0) {
        for (const s of t.pending.slice(0, i)) this.queue.push(s.event);
        this.liveEvents += i;
        t.pending = t.pending.slice(i);
      }
      if (t.pending.length === 0 && this.dealing && t.n > 0 && now >= t.nextAt) this.planRound(t, t.nextAt);
    }
    if (this.down || this.sending || this.queue.length === 0) return;
    this.sending = true;
    try {
      while (!this.down && this.queue.length > 0) {
        const batch = this.queue.splice(0, 5000);
        try {
          this.postedAt = Date.now();
          await signedIngest(this.url, SECRET, batch);
          this.posts.push(this.postedAt, Date.now() - this.postedAt, batch.length);
          this.postedAt = 0;
          this.sent += batch.length;
        } catch (err) {
          this.lastError = String(err instanceof Error ? err.message : err).slice(0, 200);
          this.failedPosts += 1;
          this.postedAt = 0;
          this.queue.unshift(...batch);
          break;
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /** Sends what is queued now (after the gateway answers again); resolves once the queue is empty. */
  async flush(): Promise<void> {
    this.down = false;
    while (this.queue.length > 0 || this.sending) {
      await this.tick();
      if (this.queue.length > 0) await sleep(20);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The page's own measurements.

/**
 * Installed before the wall's scripts run: a requestAnimationFrame loop and a long-task observer. Besides the
 * interval between frames (never under one vsync, 16.7 ms at 60 Hz), each frame's main-thread time: from the
 * frame's start (the rAF timestamp) to a message posted in its rAF callback, which runs once the frame's
 * rendering steps (style, layout, paint) and any task queued before it are done.
 */
const PAGE_PROBE = `(() => {
  const b = { frames: [], work: [], longTasks: [], last: 0 };
  const channel = new MessageChannel();
  let started = [];
  channel.port1.onmessage = () => {
    const t = started.shift();
    if (t !== undefined) b.work.push(t, performance.now() - t);
  };
  const loop = (t) => {
    if (b.last) b.frames.push(t, t - b.last);
    b.last = t;
    started.push(t);
    channel.port2.postMessage(0);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longTasks.push(e.startTime, e.duration);
  }).observe({ type: 'longtask', buffered: true });
  // What a long task was (Long Animation Frames, where the browser has them): each frame that held one
  // (blocking time over 0), its rendering's share and its longest scripts.
  b.longFrames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!(e.blockingDuration > 0)) continue;
        const end = e.startTime + e.duration;
        b.longFrames.push({
          at: e.startTime,
          ms: Math.round(e.duration),
          blockingMs: Math.round(e.blockingDuration),
          renderMs: e.renderStart ? Math.round(end - e.renderStart) : 0,
          styleLayoutMs: e.styleAndLayoutStart ? Math.round(end - e.styleAndLayoutStart) : 0,
          scriptCount: e.scripts.length,
          scripts: [...e.scripts].sort((x, y) => y.duration - x.duration).slice(0, 3).map((x) => ({
            ms: Math.round(x.duration),
            invoker: String(x.invoker).slice(0, 80),
            type: x.invokerType,
            fn: x.sourceFunctionName,
            at: String(x.sourceURL).split('/').pop() + ':' + x.sourceCharPosition,
            forcedLayoutMs: Math.round(x.forcedStyleAndLayoutDuration),
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  window.__wallBench = b;
})();`;

const DRAIN = `(() => {
  const b = window.__wallBench;
  const out = { frames: b.frames, work: b.work, longTasks: b.longTasks, longFrames: b.longFrames, now: performance.now(), origin: performance.timeOrigin };
  b.frames = [];
  b.work = [];
  b.longTasks = [];
  b.longFrames = [];
  return out;
})()`;

interface Drained {
  frames: number[];
  /** Each frame's start and its main-thread time (see PAGE_PROBE). */
  work: number[];
  longTasks: number[];
  /** The Long Animation Frames that held a long task (see PAGE_PROBE). */
  longFrames: ({ at: number } & Record<string, unknown>)[];
  now: number;
  /** The page clock's origin (epoch ms): a long task's epoch time is origin + startTime. */
  origin: number;
}

interface Sample {
  t: number;
  heap: number;
  nodes: number;
}

/** What one phase collects: frame intervals and long tasks outside the forced GCs, samples, CDP counters. */
class PhaseRecord {
  frames: number[] = [];
  frameWork: number[] = [];
  longTasks: number[] = [];
  /** When each long task started (epoch ms), beside `longTasks`. */
  longTaskAt: number[] = [];
  /** The Long Animation Frames that held them (their `at` in seconds from the phase's start). */
  longFrames: Record<string, unknown>[] = [];
  excludedFrames = 0;
  samples: Sample[] = [];
  gcWindows: [number, number][] = [];
  startedAt = Date.now();
  endedAt = 0;
  /** CDP Performance counters at the start and the end of the phase. */
  before: Record<string, number> = {};
  after: Record<string, number> = {};
  /** CPU seconds of Chromium's processes by type (renderer, gpu, browser…) at the start and the end. */
  cpuBefore: Record<string, number> = {};
  cpuAfter: Record<string, number> = {};

  add(d: Drained): void {
    const inGc = (t: number, slack: number) => this.gcWindows.some(([a, b]) => t >= a - 5 && t <= b + slack);
    for (let i = 0; i < d.frames.length; i += 2) {
      const t = d.frames[i] as number;
      const delta = d.frames[i + 1] as number;
      if (inGc(t, 50)) this.excludedFrames += 1;
      else this.frames.push(delta);
    }
    for (let i = 0; i < d.work.length; i += 2)
      if (!inGc(d.work[i] as number, 50)) this.frameWork.push(d.work[i + 1] as number);
    for (let i = 0; i < d.longTasks.length; i += 2) {
      if (inGc(d.longTasks[i] as number, 0)) continue;
      this.longTasks.push(d.longTasks[i + 1] as number);
      this.longTaskAt.push(d.origin + (d.longTasks[i] as number));
    }
    for (const f of d.longFrames ?? [])
      if (!inGc(f.at, 0) && this.longFrames.length < 40)
        this.longFrames.push({ ...f, at: r1((d.origin + f.at - this.startedAt) / 1000) });
  }
}

/** The browser's session (SystemInfo): CPU time of Chromium's processes. */
let browserCdp: CDPSession | undefined;

async function processCpu(): Promise<Record<string, number>> {
  if (!browserCdp) return {};
  const { processInfo } = await browserCdp.send('SystemInfo.getProcessInfo');
  const out: Record<string, number> = {};
  for (const p of processInfo) out[p.type] = (out[p.type] ?? 0) + p.cpuTime;
  return out;
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Heap after a forced GC and DOM nodes; the GC's window (page clock) is kept to leave its frames out. */
async function sample(page: Page, cdp: CDPSession, rec: PhaseRecord): Promise<void> {
  const t0 = (await page.evaluate('performance.now()')) as number;
  await cdp.send('HeapProfiler.collectGarbage');
  const m = await metrics(cdp);
  const t1 = (await page.evaluate('performance.now()')) as number;
  rec.gcWindows.push([t0, t1]);
  rec.samples.push({ t: Date.now(), heap: m.JSHeapUsedSize ?? NaN, nodes: m.Nodes ?? NaN });
}

/** Runs a phase for `ms`: drains the page's buffers every second, samples every 15 s. */
async function runPhase(
  page: Page,
  cdp: CDPSession,
  ms: number,
  during?: (elapsed: number) => void,
): Promise<PhaseRecord> {
  const rec = new PhaseRecord();
  await page.evaluate(DRAIN);
  rec.before = await metrics(cdp);
  rec.cpuBefore = await processCpu();
  rec.startedAt = Date.now();
  await sample(page, cdp, rec);
  let nextSample = rec.startedAt + SAMPLE_MS;
  let lastLog = rec.startedAt;
  while (Date.now() - rec.startedAt < ms) {
    await sleep(1000);
    rec.add((await page.evaluate(DRAIN)) as Drained);
    during?.(Date.now() - rec.startedAt);
    if (Date.now() >= nextSample) {
      await sample(page, cdp, rec);
      nextSample += SAMPLE_MS;
    }
    if (Date.now() - lastLog >= 30_000) {
      const s = rec.samples.at(-1);
      log(
        `${Math.round((Date.now() - rec.startedAt) / 1000)} s: heap ${((s?.heap ?? 0) / 2 ** 20).toFixed(1)} MB, ${s?.nodes} nodes, ${progress()}, load ${load()}`,
      );
      lastLog = Date.now();
    }
  }
  await sample(page, cdp, rec);
  rec.add((await page.evaluate(DRAIN)) as Drained);
  rec.after = await metrics(cdp);
  rec.cpuAfter = await processCpu();
  rec.endedAt = Date.now();
  return rec;
}

const r1 = (x: number) => Math.round(x * 10) / 10;

function summarise(rec: PhaseRecord): Record<string, number> {
  const f = [...rec.frames].sort((a, b) => a - b);
  const w = [...rec.frameWork].sort((a, b) => a - b);
  const lt = rec.longTasks;
  const seconds = (rec.endedAt - rec.startedAt) / 1000;
  const MB = 2 ** 20;
  const s = rec.samples;
  const half = s.slice(Math.floor(s.length / 2));
  const cpu = (k: string) =>
    Number((((rec.cpuAfter[k] ?? 0) - (rec.cpuBefore[k] ?? 0)) / seconds).toFixed(3));
  const share = (k: string) => Number((((rec.after[k] ?? 0) - (rec.before[k] ?? 0)) / seconds).toFixed(3));
  return {
    seconds: Math.round(seconds),
    frames: f.length,
    fps: r1(f.length / seconds),
    frameMsP50: r1(pct(f, 50)),
    frameMsP95: r1(pct(f, 95)),
    frameMsP99: r1(pct(f, 99)),
    frameMsMax: r1(f.at(-1) ?? NaN),
    frameWorkMsP50: r1(pct(w, 50)),
    frameWorkMsP95: r1(pct(w, 95)),
    frameWorkMsP99: r1(pct(w, 99)),
    frameWorkMsMax: r1(w.at(-1) ?? NaN),
    droppedFrameShare: Number(
      (f.filter((x) => x > 1.5 * VSYNC_MS).length / Math.max(1, f.length)).toFixed(4),
    ),
    framesLeftOutForGc: rec.excludedFrames,
    longTasks: lt.length,
    longTaskMsMax: r1(Math.max(0, ...lt)),
    longTaskMsTotal: Math.round(lt.reduce((a, b) => a + b, 0)),
    mainThreadBusyShare: share('TaskDuration'),
    scriptShare: share('ScriptDuration'),
    styleShare: share('RecalcStyleDuration'),
    layoutShare: share('LayoutDuration'),
    rendererCpuShare: cpu('renderer'),
    gpuProcessCpuShare: cpu('gpu'),
    layoutsPerSecond: r1(((rec.after.LayoutCount ?? 0) - (rec.before.LayoutCount ?? 0)) / seconds),
    styleRecalcsPerSecond: r1(
      ((rec.after.RecalcStyleCount ?? 0) - (rec.before.RecalcStyleCount ?? 0)) / seconds,
    ),
    samples: s.length,
    heapMbFirst: r1((s[0]?.heap ?? NaN) / MB),
    heapMbLast: r1((s.at(-1)?.heap ?? NaN) / MB),
    heapMbMax: r1(Math.max(...s.map((x) => x.heap)) / MB),
    heapMbPerHourSecondHalf: r1(slopePerHour(half, 'heap') / MB),
    nodesFirst: s[0]?.nodes ?? NaN,
    nodesLast: s.at(-1)?.nodes ?? NaN,
    nodesMax: Math.max(...s.map((x) => x.nodes)),
    nodesPerHourSecondHalf: Math.round(slopePerHour(half, 'nodes')),
  };
}

/**
 * Each long task of a phase (up to 40; their count in each tenth of the phase) beside what the feed saw
 * just before it: the slowest post to the gateway answered in the 3 s before the task. A post that took
 * seconds means the gateway stalled and then pushed its backlog at once; a long task with no slow post before
 * it is the page's own.
 */
function longTaskContext(rec: PhaseRecord, posts: readonly number[]) {
  const list: { atS: number; ms: number; slowestPostMsBefore: number }[] = [];
  let afterSlowPost = 0;
  // How many in each tenth of the phase (the list stops at 40: a long run's later ones are counted here).
  const byTenth = Array.from({ length: 10 }, () => 0);
  const span = Math.max(1, rec.endedAt - rec.startedAt);
  rec.longTaskAt.forEach((at, i) => {
    byTenth[Math.min(9, Math.max(0, Math.floor(((at - rec.startedAt) / span) * 10)))]! += 1;
    let slowest = 0;
    for (let k = 0; k < posts.length; k += 3) {
      const end = (posts[k] as number) + (posts[k + 1] as number);
      if (end >= at - 3_000 && end <= at + 100) slowest = Math.max(slowest, posts[k + 1] as number);
    }
    if (slowest >= 1_000) afterSlowPost += 1;
    if (list.length < 40)
      list.push({
        atS: r1((at - rec.startedAt) / 1000),
        ms: r1(rec.longTasks[i] as number),
        slowestPostMsBefore: slowest,
      });
  });
  return {
    longTasksAfterSlowPost: afterSlowPost,
    longTasksByTenth: byTenth.join(' '),
    longTaskList: list,
    longFrames: rec.longFrames,
  };
}

/** The gateway's ingest over a window: how long its posts took, and ms per 1,000 events early and late. */
function ingestFigures(posts: readonly number[], from: number, to: number) {
  const rows: { at: number; ms: number; n: number }[] = [];
  for (let k = 0; k < posts.length; k += 3)
    if ((posts[k] as number) >= from && (posts[k] as number) <= to)
      rows.push({ at: posts[k] as number, ms: posts[k + 1] as number, n: posts[k + 2] as number });
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  const per1000 = (part: typeof rows) => {
    const n = part.reduce((a, r) => a + r.n, 0);
    return n ? r1((1000 * part.reduce((a, r) => a + r.ms, 0)) / n) : null;
  };
  const tenth = Math.max(1, Math.floor(rows.length / 10));
  return {
    posts: rows.length,
    postMsP50: pct(ms, 50),
    postMsP99: pct(ms, 99),
    postMsMax: ms.at(-1) ?? null,
    postsOver1s: ms.filter((x) => x >= 1_000).length,
    msPer1000EventsFirstTenth: per1000(rows.slice(0, tenth)),
    msPer1000EventsLastTenth: per1000(rows.slice(-tenth)),
  };
}

// ---------------------------------------------------------------------------------------------------------

/** Stops the feed, the browser and the gateway, and deletes the data directory (also on SIGINT, SIGTERM). */
let cleanup = async (): Promise<void> => undefined;

interface AlertItem {
  id: number;
  kind: string;
  subject: string;
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'gateway/dist/start.js')) || !existsSync(join(root, 'client/dist/index.html'))) {
    throw new Error('no build: run `npm run build` first');
  }
  const loadAtStart = load();
  const port = await freePort();
  const g: GatewayProc = {
    url: `http://127.0.0.1:${port}`,
    dataDir: mkdtempSync(join(tmpdir(), 'dms-bench-wall-')),
    child: undefined,
    out: process.env.BENCH_WALL_GATEWAY_LOG
      ? createWriteStream(process.env.BENCH_WALL_GATEWAY_LOG)
      : undefined,
  };
  let browser: Browser | undefined;
  const feed = new Feed(g.url);
  cleanup = async () => {
    feed.stop();
    // A browser that does not close within 30 s is left to the process's exit.
    await Promise.race([browser?.close(), sleep(30_000)]);
    await halt(g);
    rmSync(g.dataDir, { recursive: true, force: true });
  };
  const feedStarted = Date.now();
  progress = () =>
    `${feed.liveEvents} live events made, ${feed.sent} sent (${Math.round(feed.sent / ((Date.now() - feedStarted) / 1000))}/s overall), ${feed.backlog} waiting${feed.postedAt ? `, a post in flight for ${Date.now() - feed.postedAt} ms` : ''}${feed.lastError ? `, last error ${feed.lastError}` : ''}`;
  try {
    await launch(g, port);
    const admin = (
      await api<{ token: string }>(g.url, 'POST', '/api/user/login', {
        username: 'admin',
        password: ADMIN_PASSWORD,
      })
    ).data.token;
    const role = await api<{ id: number }>(
      g.url,
      'POST',
      '/api/permission/role/create',
      { name: 'Wall bench', permission: ['3000', '8000'] },
      admin,
    );
    if (role.code !== 0) throw new Error(`role: ${role.msg}`);
    // A keep-alive connection to the gateway before its restart fails once: asked again.
    const openAlerts = async (): Promise<AlertItem[]> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return (
            await api<{ items: AlertItem[] }>(
              g.url,
              'GET',
              '/api/risk/alerts?state=open&size=500',
              undefined,
              admin,
            )
          ).data.items;
        } catch (err) {
          if (attempt >= 3) throw err;
          await sleep(50);
        }
      }
    };

    // The wall pairs itself; the administrator approves its code.
    browser = await launchBrowser();
    browserCdp = await browser.newBrowserCDPSession();
    const context = await newContext(browser, 1920, 1080);
    await context.addInitScript(PAGE_PROBE);
    const page = await context.newPage();
    await page.goto(`${g.url}/wall/baccarat?lang=en`);
    const codeBox = page.getByTestId('wall-pairing-code');
    await codeBox.waitFor();
    const code = (await codeBox.innerText()).trim();
    const approved = await api(
      g.url,
      'POST',
      '/api/display/approve',
      { code, name: 'Bench wall', roleId: role.data.id, providers: PROVIDERS },
      admin,
    );
    if (approved.code !== 0) throw new Error(`approve: ${approved.msg}`);
    await page.locator('.dms-monitor.is-wall').waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    log(`wall paired on ${g.url}; load ${load()}`);

    // Warm-up: one round on every table and a ring, so the idle page shows what the loaded one shows.
    let rings = 0;
    feed.ring(++rings);
    feed.start();
    await sleep(ROUND_MS);
    await feed.drain();
    // Every table has its place in the grid; only those on screen render their card (OnScreen).
    await page
      .locator('.dms-mon__slot')
      .nth(TABLES - 1)
      .waitFor({ timeout: 120_000 })
      .catch(() => log('not every table is on the wall after 2 minutes'));
    await sleep(5_000);
    log(`warm-up done: ${feed.sent} events; idle ${IDLE_MS / 1000} s`);
    if (process.env.BENCH_WALL_SHOT) await page.screenshot({ path: process.env.BENCH_WALL_SHOT });

    const idle = await runPhase(page, cdp, IDLE_MS);
    log(`idle: ${JSON.stringify(summarise(idle))}`);

    const sentBefore = feed.sent;
    const liveBefore = feed.liveEvents;
    const ringBefore = feed.ringEvents;
    feed.start();
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    // How far behind the risk engine runs: when each ring went in, and when its alert was first listed.
    const ringSentAt = new Map<number, number>();
    const ringAlertAt = new Map<number, number>();
    let polling = true;
    const poller = (async () => {
      while (polling) {
        try {
          for (const a of await openAlerts()) {
            const k = Number(/\bring(\d+)-[abc]\b/.exec(a.subject)?.[1]);
            if (a.kind === 'crossbet' && ringSentAt.has(k) && !ringAlertAt.has(k))
              ringAlertAt.set(k, Date.now());
          }
        } catch {
          // the next poll asks again
        }
        await sleep(5_000);
      }
    })();
    const traceFrom = LOAD_MS > 70_000 ? 60_000 : 0;
    let tracing: 'before' | 'on' | 'done' = TRACE ? 'before' : 'done';
    const busy = await runPhase(page, cdp, LOAD_MS, (elapsed) => {
      if (elapsed >= rings * RING_EVERY_MS) {
        feed.ring(++rings);
        ringSentAt.set(rings, Date.now());
      }
      if (TRACE && tracing === 'before' && elapsed >= traceFrom) {
        tracing = 'on';
        void browser?.startTracing(page, { path: TRACE, categories: TRACE_CATEGORIES });
      } else if (tracing === 'on' && elapsed >= traceFrom + 10_000) {
        tracing = 'done';
        void browser?.stopTracing().then(() => log(`trace of 10 s of the load phase written to ${TRACE}`));
      }
    });
    polling = false;
    await poller;
    const ringDelays = [...ringSentAt].map(([k, at]) =>
      ringAlertAt.has(k) ? ((ringAlertAt.get(k) as number) - at) / 1000 : null,
    );
    const raisedDelays = ringDelays.filter((x): x is number => x !== null);
    if (PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(PROFILE, JSON.stringify(profile));
      log(`CPU profile of the load phase written to ${PROFILE}`);
    }
    const loadSeconds = (busy.endedAt - busy.startedAt) / 1000;
    const loadFigures = summarise(busy);
    const eventsPerSecond = Math.round((feed.sent - sentBefore) / loadSeconds);
    const liveEventsPerSecond = Math.round((feed.liveEvents - liveBefore) / loadSeconds);
    const ringEventsInLoad = feed.ringEvents - ringBefore;
    const tablesShown = await page.locator('.dms-mon__slot').count();
    const cardsRendered = await page.locator('.dms-table').count();
    log(`load: ${eventsPerSecond} events/s; ${JSON.stringify(loadFigures)}`);

    // Reconnect, under the same load: stop the gateway, keep producing (queued), start it again.
    const known = new Set((await openAlerts()).map((a) => a.id));
    const reconnect = new PhaseRecord();
    await page.evaluate(DRAIN);
    if (PROFILE) await cdp.send('Profiler.start');
    if (HOLD_AT_STOP) feed.down = true;
    const sentAtHalt = feed.sent;
    const haltAsked = Date.now();
    await halt(g);
    const haltedAt = Date.now();
    const sentWhileStopping = feed.sent - sentAtHalt;
    await page.getByTestId('wall-link').and(page.locator('[data-link="stale"]')).waitFor({ timeout: 60_000 });
    const staleAfterMs = Date.now() - haltedAt;
    const missedRings = [feed.ring(++rings), feed.ring(++rings)];
    await sleep(Math.max(0, 3_000 - (Date.now() - haltedAt)));
    const launchedAt = Date.now();
    const upAt = await launch(g, port);
    const downMs = upAt - haltedAt;
    let queueSentMs: number | undefined;
    const flushed = feed.flush().then(() => (queueSentMs = Date.now() - upAt));
    log(`gateway down ${downMs} ms (wall stale after ${staleAfterMs} ms); measuring the recovery`);

    let linkLiveMs: number | undefined;
    const raisedAt = new Map<number, number>();
    const shownAt = new Map<string, number>();
    const missed = new Map<number, AlertItem>();
    let lastApi = 0;
    const deadline = upAt + 90_000;
    for (;;) {
      const now = Date.now();
      const state = await page.evaluate(`(() => ({
        link: document.querySelector('[data-testid="wall-link"]')?.getAttribute('data-link') ?? null,
        groups: [...document.querySelectorAll('[data-group]')].map((e) => e.getAttribute('data-group')),
      }))()`);
      const s = state as { link: string | null; groups: string[] };
      if (linkLiveMs === undefined && s.link === 'live') linkLiveMs = now - upAt;
      for (const id of s.groups) if (!shownAt.has(id)) shownAt.set(id, now);
      if (now - lastApi >= 250) {
        lastApi = now;
        for (const a of await openAlerts()) {
          if (known.has(a.id) || a.kind !== 'crossbet' || missed.has(a.id)) continue;
          missed.set(a.id, a);
          raisedAt.set(a.id, Date.now());
        }
      }
      // Without the risk engine (BENCH_WALL_RISK=off) no alert is raised: the link alone is measured.
      const allRaised = missed.size >= (RISK_OFF ? 0 : missedRings.length);
      const allShown = allRaised && [...missed.values()].every((a) => shownAt.has(a.subject));
      // Done once the missed rings' alerts are raised and shown, and no new one came for 2 s.
      const lastRaise = Math.max(upAt, ...raisedAt.values());
      if (allShown && linkLiveMs !== undefined && Date.now() - lastRaise > 2_000) break;
      if (Date.now() > deadline) break;
      await sleep(50);
    }
    // The backlog queued while the gateway was down may still be going in (the link can be live sooner).
    await Promise.race([flushed, sleep(Math.max(0, deadline - Date.now()))]);
    if (PROFILE) {
      const file = PROFILE.replace(/(\.cpuprofile)?$/, '.reconnect.cpuprofile');
      writeFileSync(file, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      log(`CPU profile of the reconnect written to ${file}`);
    }
    reconnect.add((await page.evaluate(DRAIN)) as Drained);
    reconnect.startedAt = upAt;
    reconnect.endedAt = Date.now();
    feed.stop();
    const shown = [...missed.values()].filter((a) => shownAt.has(a.subject));
    // Shown on the wall: the first poll that saw its group, but never before the gateway answered.
    const shownMs = shown.map((a) => Math.max(0, (shownAt.get(a.subject) as number) - upAt));
    const raisedMs = [...missed.keys()].map((id) => (raisedAt.get(id) as number) - upAt);
    const lt = reconnect.longTasks;

    const figures = {
      load: `${TABLES} baccarat tables dealing ${ROUND_MS / 1000} s rounds (${Math.max(1, Math.round((RATE * ROUND_MS) / 1000 / TABLES) - 2)} bets a round from ${PLAYERS_PER_TABLE} players of 6 providers), ${RATE} events/s target through the signed ingest, a ring of three (60 rounds, raising an alert) every ${RING_EVERY_MS / 1000} s; /wall/baccarat at 1920×1080 on a display token, headless Chromium`,
      riskEngine: RISK_OFF ? 'off' : 'on',
      loadAverageStart: loadAtStart,
      loadAverageEnd: load(),
      eventsPerSecondAchieved: eventsPerSecond,
      liveEventsPerSecond,
      ringEventsInLoad,
      tablesShown,
      cardsRendered,
      idle: summarise(idle),
      underLoad: loadFigures,
      underLoadLongTasks: longTaskContext(busy, feed.posts),
      // Seconds from a ring's events going in to its alert being listed (polled every 5 s): the risk engine's lag.
      ringAlertsUnderLoad: {
        rings: ringDelays.length,
        raised: raisedDelays.length,
        delaySecondsMax: raisedDelays.length ? r1(Math.max(...raisedDelays)) : null,
        delaySecondsLastFive: ringDelays.slice(-5).map((x) => (x === null ? null : r1(x))),
      },
      ingestUnderLoad: ingestFigures(feed.posts, busy.startedAt, busy.endedAt),
      reconnect: {
        feedAtStop: HOLD_AT_STOP ? 'held from the SIGTERM' : 'posting until refused',
        gatewayStopMs: haltedAt - haltAsked,
        eventsStoredWhileStopping: sentWhileStopping,
        gatewayStartMs: upAt - launchedAt,
        gatewayDownMs: downMs,
        wallStaleAfterHaltMs: staleAfterMs,
        wallLinkLiveAfterMs: linkLiveMs ?? null,
        queuedEventsSentAfterMs: queueSentMs ?? null,
        missedAlertsExpected: missed.size,
        missedAlertsShown: shown.length,
        missedAlertsRaisedAfterMsMax: raisedMs.length ? Math.max(...raisedMs) : null,
        missedAlertsShownAfterMsMax:
          shownMs.length === missed.size && shownMs.length ? Math.max(...shownMs) : null,
        longTasks: lt.length,
        longTaskMsMax: r1(Math.max(0, ...lt)),
        ...longTaskContext(reconnect, feed.posts),
        ingest: ingestFigures(feed.posts, upAt, reconnect.endedAt),
      },
      ingestFailuresWhileDown: feed.failedPosts,
    };
    process.stderr.write(`${JSON.stringify(figures, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } finally {
    await cleanup();
  }
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    void cleanup().then(() => process.exit(1));
  });

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
    process.exit(1);
  },
);
