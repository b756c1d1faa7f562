/**
 * The gateway process of `npm run bench -- live` (driven by scripts/bench-live.ts over stdin/stdout JSON
 * lines). It runs the real gateway (temp SQLite store, no simulator) and, in the same process, a bare
 * socket.io server for the baseline. Commands:
 *   {"cmd":"feed","ms":8000,"betsPerSec":5000,"tables":12,"roundMs":10000,"alertEvery":5,"record":true}
 *     plays a platform feed into the engine (as the simulator does: engine.submit) for `ms`, every event's
 *     `ts` its submission time; every `alertEvery`-th settled round raises an alert once committed (as the
 *     risk sink publishes after its commit). With BENCH_LIVE_ALERTS=engine in the environment (and the risk
 *     engine on) that alert is the risk engine's instead: the real detector, wrapped to add a raised cross-bet
 *     pair for each such round, behind the real runner (its read of the round at the commit, its
 *     transaction storing the finding and its alert) and sink, which publishes it, and the bets are a side
 *     and a chip drawn at random (seeded) rather than 1,000 on alternate sides. Answers
 *     with this process's CPU time over the feed and what was sent per provider. With `"toggleMs":1000`
 *     the connected sockets leave their live rooms and join them again every `toggleMs` (`on`, `off`, `on`
 *     …), and the answer's `toggle` gives the CPU time, the wall time and the messages sent to sockets in
 *     each state: what delivering costs, beside the same feed in the same seconds without delivering.
 *   {"cmd":"bare","toggleMs":1000} broadcasts the payloads the gateway broadcast during the recorded feed,
 *     at the same moments and to the same rooms, from the bare server, its sockets cycling through `on`,
 *     `off` (in no room: the broadcasts are encoded for nobody) and `idle` (the broadcasts due are skipped);
 *     answers with the same `toggle` figures.
 */
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { PerformanceObserver, constants as perfConstants, monitorEventLoopDelay } from 'node:perf_hooks';
import { Server, type Socket as ServerSocket } from 'socket.io';
import type { PlatformEvent } from '../shared/src/contracts/events/platform';
import { LIVE_EVENTS, type AlertChanged } from '../shared/src/contracts/live/events';
import { loadConfig } from '../gateway/src/config/config';
import { createApp } from '../gateway/src/app';
import { seeded } from '../gateway/src/engine/risk/riskBacktest';
import { flaggingDetector } from './bench-live-detector';
import { publishChange } from '../gateway/src/platform/live/live.publisher';

const PROVIDERS = [1001, 1002, 1003, 1004, 1005, 1006];
const CURRENCY: Record<number, string> = {
  1001: 'CNY',
  1002: 'CNY',
  1003: 'INR',
  1004: 'THB',
  1005: 'VND',
  1006: 'PHP',
};

interface Recorded {
  at: number;
  rooms: string[];
  event: string;
  payload: unknown;
}

type State = 'on' | 'off' | 'idle';
export interface ToggleFigures {
  /** The process's CPU time (every thread: the store's checkpoints, the collector's helpers). */
  cpuMs: Record<State, number>;
  /** The main thread's CPU time (Linux: /proc/thread-self/schedstat), where delivering and encoding run. */
  mainMs: Record<State, number> | null;
  wallMs: Record<State, number>;
  messages: Record<State, number>;
  /**
   * Each window: its state, its CPU (the main thread's when it is known) and the events and payouts the store
   * committed in it, per second of the window: what the feed's own work was, to take out of the comparison.
   */
  windows: { state: State; cpu: number; events: number; payouts: number }[];
}

/** Events and settled payouts committed so far (the feed's work, counted by the gateway script). */
const work = { events: 0, payouts: 0 };

/** The main thread's CPU time so far, ms (run on the main thread), or null where Linux's schedstat is not. */
function mainThreadMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/** The state the sockets are in now; each message a server sends to a socket is counted in it. */
let state: State = 'on';
const messages: Record<State, number> = { on: 0, off: 0, idle: 0 };
/** Counts the messages (not pings) the server's sockets are sent, by the state at the moment of sending. */
function countMessages(server: Server): void {
  server.on('connection', (socket) => {
    socket.conn.on('packetCreate', (packet: { type: string }) => {
      if (packet.type === 'message') messages[state] += 1;
    });
  });
}

/**
 * Cycles `server`'s sockets through `order` every `periodMs` (`tick` is called often): in `on` they are in
 * their live rooms, otherwise in none. Gives the CPU, wall time and messages of each state.
 */
function toggler(server: Server, order: State[], periodMs: number) {
  const cpuMs: Record<State, number> = { on: 0, off: 0, idle: 0 };
  const wallMs: Record<State, number> = { on: 0, off: 0, idle: 0 };
  const windows: ToggleFigures['windows'] = [];
  let worked = { ...work };
  const left = new Map<ServerSocket, string[]>();
  const apply = (next: State) => {
    if (next === 'on') {
      for (const [socket, rooms] of left) void socket.join(rooms);
      left.clear();
    } else if (left.size === 0) {
      for (const socket of server.of('/').sockets.values()) {
        const rooms = [...socket.rooms].filter((room) => room.startsWith('live:'));
        left.set(socket, rooms);
        for (const room of rooms) void socket.leave(room);
      }
    }
  };
  let index = 0;
  let since = performance.now();
  let cpu = process.cpuUsage();
  let main = mainThreadMs();
  const mainMs: Record<State, number> | null = main === null ? null : { on: 0, off: 0, idle: 0 };
  const close = () => {
    const now = performance.now();
    const used = cpuMsOf(process.cpuUsage(cpu));
    const mainNow = mainThreadMs();
    const mainUsed = main !== null && mainNow !== null ? mainNow - main : null;
    cpuMs[state] += used;
    if (mainMs && mainUsed !== null) mainMs[state] += mainUsed;
    wallMs[state] += now - since;
    const perSecond = (x: number) => (x * 1000) / (now - since);
    if (now - since >= periodMs / 2)
      windows.push({
        state,
        cpu: perSecond(mainUsed ?? used),
        events: perSecond(work.events - worked.events),
        payouts: perSecond(work.payouts - worked.payouts),
      });
    worked = { ...work };
    since = now;
    cpu = process.cpuUsage();
    main = mainNow;
  };
  for (const k of Object.keys(messages) as State[]) messages[k] = 0;
  state = order[0] as State;
  apply(state);
  return {
    tick: () => {
      if (performance.now() - since < periodMs) return;
      close();
      index = (index + 1) % order.length;
      state = order[index] as State;
      apply(state);
    },
    finish: (): ToggleFigures => {
      close();
      state = 'on';
      apply(state);
      return { cpuMs, mainMs, wallMs, messages: { ...messages }, windows };
    },
  };
}

const out = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);

/** Pauses of the collector by kind until `stop()`: count, total and longest, and how many of 50 ms or more. */
function gcPauses(): {
  stop: () => Record<string, { count: number; totalMs: number; maxMs: number; over50: number }>;
} {
  const names: Record<number, string> = {
    [perfConstants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: 'markCompact',
    [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakCallbacks',
  };
  const by: Record<string, { count: number; totalMs: number; maxMs: number; over50: number }> = {};
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind =
        names[(e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other';
      const k = (by[kind] ??= { count: 0, totalMs: 0, maxMs: 0, over50: 0 });
      k.count += 1;
      k.totalMs += e.duration;
      k.maxMs = Math.max(k.maxMs, e.duration);
      if (e.duration >= 50) k.over50 += 1;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      observer.disconnect();
      for (const k of Object.values(by)) {
        k.totalMs = Math.round(k.totalMs);
        k.maxMs = Math.round(k.maxMs);
      }
      return by;
    },
  };
}

const cpuMsOf = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;

const CHIPS = [1000, 2000, 5000, 10000, 20000, 50000];

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dms-bench-live-'));
  const config = {
    ...loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DMS_DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      DMS_ADMIN_PASSWORD: 'bench-secret',
      DMS_FEED: 'off',
      DMS_CLIENT_DIR: join(dir, 'no-client'),
    }),
    scryptLogN: 10,
  };
  const engineAlerts = process.env.BENCH_LIVE_ALERTS === 'engine';
  const app = await createApp(config, {
    // The risk engine on its worker thread (the gateway's default), or with BENCH_LIVE_RISK_THREAD=main on the
    // gateway's thread.
    ...(engineAlerts
      ? process.env.BENCH_LIVE_RISK_THREAD === 'main'
        ? { riskDetector: flaggingDetector, riskThread: 'main' as const }
        : {
            riskThread: 'worker' as const,
            riskWorkerDetector: {
              url: new URL('./bench-live-detector.ts', import.meta.url).href,
              name: 'flaggingDetector',
            },
          }
      : {}),
    // BENCH_LIVE_RISK_SNAPSHOTS=off: the risk runner stores no periodic snapshot of its detector (each holds
    // detection up while it is written), to tell what they cost the alerts.
    ...(process.env.BENCH_LIVE_RISK_SNAPSHOTS === 'off'
      ? { riskRunner: { snapshotEvery: Number.MAX_SAFE_INTEGER, snapshotMs: Number.MAX_SAFE_INTEGER } }
      : {}),
  });
  const { url } = await app.listen();
  app.engine.start();

  // Record what the live channel broadcasts (round streams), to play the same payloads on the bare server.
  let recording: Recorded[] | null = null;
  let t0 = 0;
  const adapter = app.io.of('/').adapter;
  const broadcast = adapter.broadcast.bind(adapter);
  /** The moment (Date.now) each alert was published, by its seq. */
  let publishedAt: Record<number, number> = {};
  adapter.broadcast = (packet, opts) => {
    const data = packet.data as [string, unknown];
    // The risk engine's alerts (`--detector alerts`) are published by its sink.
    if (engineAlerts && data[0] === LIVE_EVENTS.alertRaised)
      publishedAt[(data[1] as AlertChanged).seq] = Date.now();
    if (recording)
      recording.push({
        at: performance.now() - t0,
        rooms: [...opts.rooms],
        event: data[0],
        payload: data[1],
      });
    broadcast(packet, opts);
  };
  let lastRecording: Recorded[] = [];

  // The bare baseline: socket.io with the same options, sockets join the rooms they name.
  const bareHttp = createServer();
  const bare = new Server(bareHttp, { serveClient: false, perMessageDeflate: false });
  bare.on('connection', (socket) => {
    const rooms = (socket.handshake.auth as { rooms?: string[] }).rooms ?? [];
    void socket.join(rooms);
  });
  await new Promise<void>((resolve) => bareHttp.listen(0, '127.0.0.1', () => resolve()));
  countMessages(app.io as unknown as Server);
  countMessages(bare);
  const bareUrl = `http://127.0.0.1:${(bareHttp.address() as AddressInfo).port}`;

  // Alerts raised by flagged settlements once committed.
  let alertSeq = 0;
  /** From a flagged settlement's submission to its commit (what the live channel cannot shorten). */
  let commitDelays: number[] = [];
  app.engine.committed$.subscribe((batch) => {
    work.events += batch.events.length;
    for (const e of batch.events) {
      if (e.type === 'round.settled') work.payouts += e.payouts.length;
      if (e.type !== 'round.settled' || e.result.benchAlert !== true) continue;
      commitDelays.push(Date.now() - e.ts);
      if (engineAlerts) continue;
      alertSeq += 1;
      const payload: AlertChanged = {
        v: 1,
        seq: alertSeq,
        providers: [e.provider],
        alert: {
          id: alertSeq,
          kind: 'crossbet',
          level: 3,
          state: 'open',
          subject: `ring-${e.roundId}`,
          raisedAt: e.ts,
        },
      };
      publishedAt[alertSeq] = Date.now();
      publishChange(app.publisher, LIVE_EVENTS.alertRaised, payload);
    }
  });

  let n = 0;
  let k = 0;
  async function feed(o: {
    ms: number;
    betsPerSec: number;
    tables: number;
    roundMs: number;
    alertEvery: number;
    record: boolean;
    toggleMs?: number;
  }) {
    const bets: Record<number, number> = Object.fromEntries(PROVIDERS.map((p) => [p, 0]));
    const alerts: Record<number, number> = Object.fromEntries(PROVIDERS.map((p) => [p, 0]));
    let settledRounds = 0;
    const tables = Array.from({ length: o.tables }, (_, i) => ({
      id: `BENCH-${i + 1}`,
      provider: PROVIDERS[i % PROVIDERS.length] as number,
      round: '',
      startedAt: 0,
      payouts: [] as { transactionId: string; playerId: number; payout: number }[],
    }));
    const start = Date.now();
    const newRound = (table: (typeof tables)[number], now: number, events: PlatformEvent[]) => {
      n += 1;
      table.round = `BR${n}`;
      table.startedAt = now;
      table.payouts = [];
      events.push({
        type: 'round.started',
        id: `BRS${n}`,
        provider: table.provider,
        currency: CURRENCY[table.provider] as string,
        ts: now,
        roundId: table.round,
        gameId: 1,
        tableId: table.id,
        shoeId: 'S1',
      });
    };
    // Stagger the tables' rounds so settlements spread over time.
    const pre: PlatformEvent[] = [];
    tables.forEach((t, i) => newRound(t, start - Math.floor((o.roundMs * i) / o.tables), pre));
    await app.engine.submit(pre);
    if (o.record) {
      recording = [];
      t0 = performance.now();
    }
    const c0 = process.cpuUsage();
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    const gc = gcPauses();
    commitDelays = [];
    publishedAt = {};
    let sentBets = 0;
    const toggle = o.toggleMs ? toggler(app.io as unknown as Server, ['on', 'off'], o.toggleMs) : null;
    // With the risk engine raising the alerts, the bets look like honest play: each a side and a chip drawn at
    // random. The script's own feed (every bet 1,000 on alternate sides, each player at one table) is, to the
    // detector, 3,000 players colluding in pairs: after a minute it raised thousands of real cross-bet alerts.
    const random = engineAlerts ? seeded(20_261_129) : undefined;

    while (Date.now() - start < o.ms) {
      await new Promise((r) => setTimeout(r, 50));
      const now = Date.now();
      const due = Math.floor(((now - start) * o.betsPerSec) / 1000) - sentBets;
      const events: PlatformEvent[] = [];
      for (let i = 0; i < due; i++) {
        const table = tables[(sentBets + i) % tables.length] as (typeof tables)[number];
        const provider = PROVIDERS[((sentBets + i) % 7) % PROVIDERS.length] as number;
        const playerId = 1 + ((sentBets + i) % 3000);
        const banker = random ? random() < 0.5 : (sentBets + i) % 2 === 0;
        const amount = random ? (CHIPS[Math.floor(random() * CHIPS.length)] as number) : 1000;
        k += 1;
        const tx = `BT${k}`;
        events.push({
          type: 'bet.placed',
          id: tx,
          provider,
          currency: CURRENCY[provider] as string,
          ts: now,
          playerId,
          account: `bp${playerId}`,
          transactionId: tx,
          roundId: table.round,
          betType: banker ? 'banker' : 'player',
          amount,
          gameId: 1,
          shoeId: 'S1',
          tableId: table.id,
        });
        table.payouts.push({ transactionId: tx, playerId, payout: banker ? amount * 1.95 : 0 });
        bets[provider] = (bets[provider] ?? 0) + 1;
      }
      sentBets += due;
      for (const table of tables) {
        if (now - table.startedAt < o.roundMs) continue;
        settledRounds += 1;
        const flagged = settledRounds % o.alertEvery === 0;
        if (flagged) alerts[table.provider] = (alerts[table.provider] ?? 0) + 1;
        events.push({
          type: 'round.settled',
          id: `BST${table.round}`,
          provider: table.provider,
          currency: CURRENCY[table.provider] as string,
          ts: now,
          roundId: table.round,
          gameId: 1,
          tableId: table.id,
          shoeId: 'S1',
          result: { winner: 'banker', benchAlert: flagged },
          payouts: table.payouts.slice(0, 5000),
        });
        newRound(table, now, events);
      }
      await app.engine.submit(events);
      toggle?.tick();
    }
    const toggled = toggle?.finish();
    lag.disable();
    // Let the last batch window go out.
    await new Promise((r) => setTimeout(r, 400));
    const cpu = cpuMsOf(process.cpuUsage(c0));
    if (o.record && recording) {
      lastRecording = recording;
      recording = null;
    }
    const delays = [...commitDelays].sort((x, y) => x - y);
    return {
      cpuMs: cpu,
      wallMs: Date.now() - start,
      bets,
      alerts,
      sentBets,
      settledRounds,
      broadcasts: lastRecording.length,
      settleToCommitMsP50: delays[Math.floor(delays.length / 2)] ?? null,
      settleToCommitMsMax: delays[delays.length - 1] ?? null,
      toggle: toggled,
      publishedAt,
      heapUsedMb: process.memoryUsage().heapUsed / 2 ** 20,
      eventLoopDelayMsP99: lag.percentile(99) / 1e6,
      eventLoopDelayMsMax: lag.max / 1e6,
      gc: gc.stop(),
    };
  }

  async function playBare(o: { toggleMs?: number }) {
    const list = lastRecording;
    const c0 = process.cpuUsage();
    const s0 = performance.now();
    const toggle = o.toggleMs ? toggler(bare, ['on', 'off', 'idle'], o.toggleMs) : null;
    let i = 0;
    while (i < list.length) {
      const elapsed = performance.now() - s0;
      while (i < list.length && (list[i] as Recorded).at <= elapsed) {
        const r = list[i] as Recorded;
        if (state !== 'idle') bare.to(r.rooms).emit(r.event, r.payload);
        i += 1;
      }
      await new Promise((r) => setTimeout(r, 5));
      toggle?.tick();
    }
    const toggled = toggle?.finish();
    await new Promise((r) => setTimeout(r, 400));
    return {
      cpuMs: cpuMsOf(process.cpuUsage(c0)),
      wallMs: performance.now() - s0,
      broadcasts: list.length,
      toggle: toggled,
    };
  }

  out({ ready: true, url, bareUrl });
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const cmd = JSON.parse(line) as { cmd: string } & Parameters<typeof feed>[0];
    if (cmd.cmd === 'feed') out({ feed: await feed(cmd) });
    else if (cmd.cmd === 'bare') out({ bare: await playBare(cmd) });
    else if (cmd.cmd === 'stop') break;
  }
  await bare.close();
  await app.close();
  // The temp store (50–230 MB a run) goes with the run.
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
