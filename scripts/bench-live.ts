/**
 * Benchmark of the live channel (issue 10): `npm run bench -- live`, or
 *   npx tsx scripts/bench-live.ts [--sockets 100] [--bets 5000] [--seconds 8] [--cpu-seconds 60]
 *     [--cpu-sockets 400] [--toggle-ms 1000] [--client-processes 4] [--detector off|on|alerts]
 *
 * A gateway process (scripts/bench-live-gateway.ts: the real gateway on a temp SQLite store, fed in-process
 * as the simulator feeds it), the sockets of phase B in `--client-processes` processes
 * (scripts/bench-live-clients.ts: in one process, a message waited for the parsing of the messages that reached
 * the other sockets before it), and this process with the sockets of phase D. After a warm-up feed:
 *   B. the feed with `--sockets` connected (90 % scoped to one provider each, 10 % the super account) for
 *      `--seconds`: alert latency from the settling event's submission to each permitted socket, batched
 *      table update latency (bets:placed from the bet's submission, round:settled from the settlement's), and
 *      every bet and alert counted per socket against what its providers were sent (lost, duplicated);
 *   D. the gateway's CPU: the same feed for `--cpu-seconds`, the same sockets (and more, up to `--cpu-sockets`:
 *      more messages per second stand out of the feed's own noise better) in their live rooms one second
 *      and in none the next (`--toggle-ms`), CPU time and messages sent counted per state. What delivering
 *      costs per message is (CPU per second in rooms − out of them) / (messages per second in rooms − out of
 *      them): the feed, its storage and the encoding of every broadcast are in both, in alternate seconds
 *      of one feed, so their drift cancels (between two separate phases of 20 s the feed's CPU alone varied
 *      by ±10 %, more than the whole delivery costs). The CPU is the main thread's where Linux tells it
 *      (/proc/thread-self/schedstat: the store's checkpoint worker and the collector's helper threads are
 *      noise here), and the state's part is fitted by least squares beside the events and payouts each
 *      window committed, which gives its standard error;
 *   E. the baseline: the payloads the gateway broadcast in D, broadcast again at the same moments to the same
 *      rooms by a bare socket.io server in the gateway process, its sockets in their rooms, in none, or idle
 *      (the broadcasts due are skipped) in turn: the same difference gives the bare server's cost per
 *      message delivered, and (out of rooms − idle) its encoding.
 * `cpuRatioToBare` compares what one more delivered message costs each; `cpuRatioToBareWithEncoding` adds
 * the bare server's encoding per message to both sides; `cpuRatioToBareHigh` takes the gateway's figure 2
 * standard errors higher and the bare server's 2 lower (the errors from the spread of the one-second windows).
 * A message is what a socket receives (a `live:pack` of the round streams counts one).
 * Prints a summary on stderr and one JSON line on stdout.
 *
 * The gateway runs without its risk detector unless `--detector on`: the alerts measured are raised by the
 * gateway script on committed settlements. `--detector alerts` runs the risk engine and has it raise those
 * alerts (a finding for each flagged round, added by a wrapper of the real detector): the whole path of a real
 * alert, the engine's read of the settled round, its detection and its store's transaction included; its bets
 * are then a side and a chip drawn at random (seeded), as honest play (the script's own feed, every bet 1,000
 * on alternate sides, is to the detector 3,000 players colluding in pairs). Before the crowded-round rule the
 * detector's state on this feed (about 830 accounts in every round) took 4.6 GB and its snapshot stopped the
 * process for minutes; since then `--detector on` finishes with the same alert figures (docs/BENCHMARKS.md,
 * 2026-11-26 23:05 UTC).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import type { Socket } from 'socket.io-client';
import { API_BASE } from '../shared/src/contracts/http/paths';
import { liveRoom } from '../shared/src/contracts/live/rooms';
import type { ToggleFigures } from './bench-live-gateway';
import { open, type ClientSpec, type ClientsReport } from './bench-live-clients';
import { GATEWAY_NODE_FLAGS, pct } from './benchUtil.mjs';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '100' },
    bets: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '8' },
    detector: { type: 'string', default: 'off' },
    'cpu-seconds': { type: 'string', default: '60' },
    'toggle-ms': { type: 'string', default: '1000' },
    'cpu-sockets': { type: 'string', default: '400' },
    'client-processes': { type: 'string', default: '4' },
  },
});
const SOCKETS = Number(values.sockets);
const BETS = Number(values.bets);
const MS = Number(values.seconds) * 1000;
const CPU_MS = Number(values['cpu-seconds']) * 1000;
const TOGGLE_MS = Number(values['toggle-ms']);
const CPU_SOCKETS = Math.max(SOCKETS, Number(values['cpu-sockets']));
const CLIENT_PROCESSES = Math.max(1, Number(values['client-processes']));
const PROVIDERS = [1001, 1002, 1003, 1004, 1005, 1006];

const child = spawn(
  process.execPath,
  [
    // BENCH_LIVE_GATEWAY_PROFILE=<dir>: the gateway's CPU profile of the whole run, to open in DevTools.
    ...(process.env.BENCH_LIVE_GATEWAY_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_LIVE_GATEWAY_PROFILE}`]
      : []),
    // The product's V8 flags (`npm start`'s); BENCH_LIVE_GATEWAY_NODE_ARGS replaces them (a baseline:
    // `--max-semi-space-size=16`, V8's default).
    ...(process.env.BENCH_LIVE_GATEWAY_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? GATEWAY_NODE_FLAGS),
    '--import',
    'tsx',
    new URL('./bench-live-gateway.ts', import.meta.url).pathname,
  ],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
    env:
      values.detector === 'alerts'
        ? { ...process.env, BENCH_LIVE_ALERTS: 'engine' }
        : values.detector === 'on'
          ? process.env
          : { ...process.env, DMS_RISK: 'off' },
  },
);
const answers: Record<string, unknown>[] = [];
const waiting: ((a: Record<string, unknown>) => void)[] = [];
createInterface({ input: child.stdout }).on('line', (line) => {
  const a = JSON.parse(line) as Record<string, unknown>;
  const w = waiting.shift();
  if (w) w(a);
  else answers.push(a);
});
const next = () =>
  new Promise<Record<string, unknown>>((resolve) => {
    const a = answers.shift();
    if (a) resolve(a);
    else waiting.push(resolve);
  });
const send = (o: unknown) => child.stdin.write(`${JSON.stringify(o)}\n`);

/** The variance of a sample. */
function variance(xs: number[]): number {
  const m = xs.reduce((x, y) => x + y, 0) / xs.length;
  return xs.reduce((x, y) => x + (y - m) ** 2, 0) / (xs.length - 1);
}

/** The standard error of the difference of two samples' means. */
function seOfDifference(a: number[], b: number[]): number {
  return Math.sqrt(variance(a) / a.length + variance(b) / b.length);
}

/** Ordinary least squares of `y` on the rows of `x`: the coefficients and their standard errors. */
function ols(x: number[][], y: number[]): { coefficients: number[]; standardErrors: number[] } {
  const p = (x[0] as number[]).length;
  // The normal equations' matrix beside the identity, reduced by Gauss-Jordan to its inverse.
  const m = Array.from({ length: p }, (_, i) => [
    ...Array.from({ length: p }, (_, j) =>
      x.reduce((sum, row) => sum + (row[i] as number) * (row[j] as number), 0),
    ),
    ...Array.from({ length: p }, (_, j) => (i === j ? 1 : 0)),
  ]);
  for (let c = 0; c < p; c++) {
    let pivot = c;
    for (let r = c + 1; r < p; r++)
      if (Math.abs((m[r] as number[])[c] as number) > Math.abs((m[pivot] as number[])[c] as number))
        pivot = r;
    [m[c], m[pivot]] = [m[pivot] as number[], m[c] as number[]];
    const row = m[c] as number[];
    const lead = row[c] as number;
    for (let j = 0; j < 2 * p; j++) row[j] = (row[j] as number) / lead;
    for (let r = 0; r < p; r++) {
      if (r === c) continue;
      const other = m[r] as number[];
      const f = other[c] as number;
      for (let j = 0; j < 2 * p; j++) other[j] = (other[j] as number) - f * (row[j] as number);
    }
  }
  const inverse = m.map((row) => row.slice(p));
  const xty = Array.from({ length: p }, (_, i) =>
    x.reduce((sum, row, k) => sum + (row[i] as number) * (y[k] as number), 0),
  );
  const coefficients = inverse.map((row) => row.reduce((sum, v, j) => sum + v * (xty[j] as number), 0));
  const rss = x.reduce((sum, row, k) => {
    const fitted = row.reduce((f, v, j) => f + v * (coefficients[j] as number), 0);
    return sum + ((y[k] as number) - fitted) ** 2;
  }, 0);
  const s2 = rss / (x.length - p);
  return { coefficients, standardErrors: inverse.map((row, i) => Math.sqrt(s2 * (row[i] as number))) };
}

async function call<T>(url: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${url}${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 0) throw new Error(`${path}: ${env.msg}`);
  return env.data;
}

async function main(): Promise<void> {
  const ready = await next();
  const url = ready.url as string;
  const bareUrl = ready.bareUrl as string;
  const admin = (
    await call<{ token: string }>(url, '/user/login', { username: 'admin', password: 'bench-secret' })
  ).token;
  const role = await call<{ id: number }>(
    url,
    '/permission/role/create',
    { name: 'bench monitor', permission: ['3000'] },
    admin,
  );
  const tokens: Record<number, string> = {};
  for (const p of PROVIDERS) {
    await call(
      url,
      '/permission/staff/create',
      {
        account: `bench${p}`,
        password: 'bench-pass',
        nickname: `b${p}`,
        roleId: role.id,
        providers: [p],
        currencies: ['CNY'],
      },
      admin,
    );
    tokens[p] = (
      await call<{ token: string }>(url, '/user/login', { username: `bench${p}`, password: 'bench-pass' })
    ).token;
  }
  const scopes: (number | 'all')[] = Array.from({ length: SOCKETS }, (_, i) =>
    i < Math.round(SOCKETS / 10) ? 'all' : (PROVIDERS[i % PROVIDERS.length] as number),
  );
  const feedCmd = { cmd: 'feed', ms: MS, betsPerSec: BETS, tables: 24, roundMs: 4_000, alertEvery: 3 };

  // A warm-up feed (JIT, SQLite pages), not counted.
  send({ ...feedCmd, record: false });
  await next();

  // B: the feed with the sockets, spread over `--client-processes` processes.
  const clients: ClientSpec[] = scopes.map((scope) => ({
    scope,
    token: scope === 'all' ? admin : (tokens[scope] as string),
  }));
  const workers = Array.from({ length: Math.max(1, CLIENT_PROCESSES) }, (_, w) => {
    const worker = spawn(
      process.execPath,
      ['--import', 'tsx', new URL('./bench-live-clients.ts', import.meta.url).pathname],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    worker.send({ url, clients: clients.filter((_, i) => i % CLIENT_PROCESSES === w) });
    return worker;
  });
  const fromWorker = <T>(worker: ChildProcess) =>
    new Promise<T>((resolve, reject) => {
      worker.once('message', (m) => resolve(m as T));
      worker.once('error', reject);
    });
  await Promise.all(workers.map((w) => fromWorker<string>(w)));
  send({ ...feedCmd, record: false });
  const b = (await next()).feed as {
    bets: Record<number, number>;
    alerts: Record<number, number>;
    sentBets: number;
    settledRounds: number;
    settleToCommitMsP50: number | null;
    settleToCommitMsMax: number | null;
    publishedAt: Record<number, number>;
    eventLoopDelayMsP99: number;
    eventLoopDelayMsMax: number;
    heapUsedMb: number;
    gc: Record<string, { count: number; totalMs: number; maxMs: number; over50: number }>;
  };
  await new Promise((r) => setTimeout(r, 500));
  const reports = await Promise.all(
    workers.map((w) => {
      const answer = fromWorker<ClientsReport>(w);
      w.send('report');
      return answer;
    }),
  );
  const alertLatency = reports.flatMap((r) => r.alertLatency);
  const alertArrivals = reports.flatMap((r) => r.alertArrivals);
  const betLatency = reports.flatMap((r) => r.betLatency);
  const settleLatency = reports.flatMap((r) => r.settleLatency);
  let lostBets = 0;
  let dupBets = 0;
  let lostAlerts = 0;
  let dupAlerts = 0;
  let delivered = 0;
  for (const t of reports.flatMap((r) => r.tallies)) {
    const expectedBets = t.scope === 'all' ? b.sentBets : (b.bets[t.scope] ?? 0);
    const expectedAlerts =
      t.scope === 'all' ? Object.values(b.alerts).reduce((x, y) => x + y, 0) : (b.alerts[t.scope] ?? 0);
    lostBets += Math.max(0, expectedBets - t.bets);
    dupBets += t.betDup;
    lostAlerts += Math.max(0, expectedAlerts - t.alerts);
    dupAlerts += t.alertDup;
    delivered += t.messages;
  }

  // D: the feed again with the same sockets (and more up to `--cpu-sockets`, one in ten of the whole scope), in
  // and out of their live rooms every second: the gateway's CPU with and without delivering, in alternate
  // seconds of one feed.
  const cpuScopes = [
    ...scopes,
    ...Array.from({ length: Math.max(0, CPU_SOCKETS - SOCKETS) }, (_, i) =>
      i % 10 === 0 ? ('all' as const) : (PROVIDERS[i % PROVIDERS.length] as number),
    ),
  ];
  const sockets: Socket[] = [];
  for (const scope of cpuScopes.slice(SOCKETS))
    sockets.push(await open(url, { token: scope === 'all' ? admin : tokens[scope], visible: true }));
  send({ ...feedCmd, ms: CPU_MS, record: true, toggleMs: TOGGLE_MS });
  const d = (await next()).feed as { toggle: ToggleFigures };
  for (const s of sockets) s.close();
  await Promise.all(
    workers.map((w) => {
      const exited = new Promise((resolve) => w.once('exit', resolve));
      w.send('close');
      return exited;
    }),
  );
  await new Promise((r) => setTimeout(r, 300));

  // E: D's broadcasts from a bare socket.io server, at the same moments to the same rooms of as many sockets,
  // in their rooms, in none, or idle (the broadcasts skipped) in turn.
  const bareSockets: Socket[] = [];
  for (const scope of cpuScopes) bareSockets.push(await open(bareUrl, { rooms: [liveRoom('3000', scope)] }));
  send({ cmd: 'bare', toggleMs: TOGGLE_MS });
  const e = (await next()).bare as { toggle: ToggleFigures };
  for (const s of bareSockets) s.close();
  send({ cmd: 'stop' });
  // The gateway's own exit (a CPU profile is written then), 30 s at most.
  await new Promise((resolve) => {
    child.once('exit', resolve);
    setTimeout(resolve, 30_000).unref();
  });

  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  const al = sorted(alertLatency);
  // The live channel's own part of an alert's latency: from its publication after the commit to the socket.
  const publishToSocket = sorted(
    alertArrivals.flatMap((a) => {
      const at = b.publishedAt[a.seq];
      return at === undefined ? [] : [a.at - at];
    }),
  );
  const bl = sorted(betLatency);
  const sl = sorted(settleLatency);
  /** CPU per second (ms/s) and messages per second of one state. */
  const rate = (t: ToggleFigures, k: 'on' | 'off' | 'idle') => ({
    cpu: ((t.mainMs ?? t.cpuMs)[k] * 1000) / t.wallMs[k],
    messages: (t.messages[k] * 1000) / t.wallMs[k],
  });
  const [dOn, dOff] = [rate(d.toggle, 'on'), rate(d.toggle, 'off')];
  const [eOn, eOff, eIdle] = [rate(e.toggle, 'on'), rate(e.toggle, 'off'), rate(e.toggle, 'idle')];
  const gatewayMessagesAdded = dOn.messages - dOff.messages;
  const bareMessagesAdded = eOn.messages - eOff.messages;
  // What one more message delivered costs: the CPU per second the sockets in their rooms add, over the
  // messages per second they add (those sent while out of the rooms: alert counts go to every socket).
  // On the gateway the feed's own work varies from one window to the next (a window holds 5 or 7
  // settlements): a least-squares fit of each window's CPU on its state and the events and payouts committed
  // in it takes that out, and gives the standard error of the state's part.
  const fit = ols(
    d.toggle.windows.map((w) => [1, w.state === 'on' ? 1 : 0, w.events, w.payouts]),
    d.toggle.windows.map((w) => w.cpu),
  );
  const gatewayUs = ((fit.coefficients[1] as number) * 1000) / gatewayMessagesAdded;
  const gatewayUsSe = ((fit.standardErrors[1] as number) * 1000) / gatewayMessagesAdded;
  const gatewayUnadjustedUs = ((dOn.cpu - dOff.cpu) * 1000) / gatewayMessagesAdded;
  const bareUs = ((eOn.cpu - eOff.cpu) * 1000) / bareMessagesAdded;
  // Encoding: the bare server's broadcasts to nobody beside its idle seconds, per message its sockets get.
  const encodingUs = ((eOff.cpu - eIdle.cpu) * 1000) / bareMessagesAdded;
  const cpuOf = (state: string) => e.toggle.windows.filter((w) => w.state === state).map((w) => w.cpu);
  const bareUsSe = (seOfDifference(cpuOf('on'), cpuOf('off')) * 1000) / bareMessagesAdded;
  const two = (x: number) => Number(x.toFixed(2));
  const round = (t: ToggleFigures) => ({
    cpuMs: Object.fromEntries(Object.entries(t.cpuMs).map(([k, v]) => [k, Math.round(v)])),
    mainThreadCpuMs:
      t.mainMs && Object.fromEntries(Object.entries(t.mainMs).map(([k, v]) => [k, Math.round(v)])),
    wallMs: Object.fromEntries(Object.entries(t.wallMs).map(([k, v]) => [k, Math.round(v)])),
    messages: t.messages,
    windows: t.windows.length,
  });
  const figures = {
    cpuMeasured: d.toggle.mainMs ? 'main thread' : 'process',
    load: `${SOCKETS} sockets (${scopes.filter((s) => s === 'all').length} of the whole scope, the others one provider each), ${BETS} bets/s for ${MS / 1000} s over 24 tables (4 s rounds), 1 settled round in 3 raising an alert; CPU: ${CPU_MS / 1000} s of the same feed with ${CPU_SOCKETS} sockets in their rooms every other ${TOGGLE_MS} ms, and as long of its broadcasts from a bare server to as many`,
    detector: values.detector === 'on' || values.detector === 'alerts' ? values.detector : 'off',
    loadAverage: loadavg()
      .map((x) => x.toFixed(2))
      .join(' '),
    betsSent: b.sentBets,
    roundsSettled: b.settledRounds,
    alertsRaised: Object.values(b.alerts).reduce((x, y) => x + y, 0),
    alertLatencyMsP50: pct(al, 50),
    alertLatencyMsP99: pct(al, 99),
    alertLatencyMsMax: al[al.length - 1],
    alertDeliveries: al.length,
    alertPublishToSocketMsP50: pct(publishToSocket, 50),
    alertPublishToSocketMsP99: pct(publishToSocket, 99),
    // How long each process's event loop waited (the gateway's: commits and flushes; this one's: 100 sockets'
    // messages parsed one after another, which real clients on their own machines do not wait for).
    gatewayHeapUsedMb: Math.round(b.heapUsedMb),
    gatewayEventLoopDelayMsP99: two(b.eventLoopDelayMsP99),
    gatewayEventLoopDelayMsMax: two(b.eventLoopDelayMsMax),
    // The gateway's collector during the latency phase, by kind: pauses, their total and longest (ms), and how
    // many took 50 ms or more (what the event loop's longest waits are made of, or not).
    gatewayGc: b.gc,
    clientProcesses: CLIENT_PROCESSES,
    clientEventLoopDelayMsP99: two(Math.max(...reports.map((r) => r.eventLoopDelayMsP99))),
    clientEventLoopDelayMsMax: two(Math.max(...reports.map((r) => r.eventLoopDelayMsMax))),
    settleToCommitMsP50: b.settleToCommitMsP50,
    settleToCommitMsMax: b.settleToCommitMsMax,
    betBatchLatencyMsP50: pct(bl, 50),
    betBatchLatencyMsP99: pct(bl, 99),
    settledLatencyMsP99: pct(sl, 99),
    lostBets,
    duplicatedBets: dupBets,
    lostAlerts,
    duplicatedAlerts: dupAlerts,
    messagesDelivered: delivered,
    gatewayToggled: round(d.toggle),
    bareToggled: round(e.toggle),
    gatewayCpuPerDeliveredMessageUs: two(gatewayUs),
    gatewayCpuPerDeliveredMessageUnadjustedUs: two(gatewayUnadjustedUs),
    gatewayCpuPerDeliveredMessageStandardErrorUs: two(gatewayUsSe),
    bareBroadcastCpuPerDeliveredMessageUs: two(bareUs),
    bareBroadcastCpuPerDeliveredMessageStandardErrorUs: two(bareUsSe),
    bareEncodingCpuPerDeliveredMessageUs: two(encodingUs),
    cpuRatioToBare: two(gatewayUs / bareUs),
    // The ratio with the gateway's cost 2 standard errors higher and the bare server's 2 lower.
    cpuRatioToBareHigh: two((gatewayUs + 2 * gatewayUsSe) / (bareUs - 2 * bareUsSe)),
    cpuRatioToBareWithEncoding: two((gatewayUs + encodingUs) / (bareUs + encodingUs)),
  };
  process.stderr.write(`${JSON.stringify(figures, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  child.kill();
  process.exit(1);
});
