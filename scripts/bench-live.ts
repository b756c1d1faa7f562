/**
 * Benchmark of the live channel (issue 10): `npm run bench -- live`, or
 *   npx tsx scripts/bench-live.ts [--sockets 100] [--bets 5000] [--seconds 8] [--detector off|on]
 *
 * A gateway process (scripts/bench-live-gateway.ts: the real gateway on a temp SQLite store, fed in-process
 * as the simulator feeds it) and this process with the sockets. After a warm-up feed, three phases:
 *   B. the feed with `--sockets` connected (90 % scoped to one provider each, 10 % the super account):
 *      alert latency from the settling event's submission to each permitted socket, batched table update
 *      latency (bets:placed from the bet's submission, round:settled from the settlement's), and every bet
 *      and alert counted per socket against what its providers were sent (lost, duplicated);
 *   A. the same feed alone (no socket connected): the gateway's CPU for storing it with nobody to send to;
 *   C. the baseline: the payloads the gateway broadcast in B, broadcast again at the same moments to the
 *      same rooms by a bare socket.io server in the gateway process, to as many sockets.
 *   C0. the same broadcasts from the bare server with no socket connected: their encoding alone.
 * The gateway's CPU per delivered message is (B − A) / messages delivered in B, beside C / messages
 * delivered in C; a message is what a socket receives (a `live:pack` of the round streams counts one).
 * socket.io's adapter encodes a broadcast before it looks for sockets, so A pays the gateway's encoding and
 * B − A leaves it out: `cpuRatioToBareWithEncoding` adds the bare server's encoding of the same packets (C0)
 * to the gateway's side, so both count encoding and writing.
 * Prints a summary on stderr and one JSON line on stdout.
 *
 * The gateway runs without its risk detector unless `--detector on`: the alerts measured are raised by the
 * gateway script on committed settlements. Before the crowded-round rule the detector's state on this feed
 * (about 830 accounts in every round) took 4.6 GB and its snapshot stopped the process for minutes; since then
 * `--detector on` finishes with the same alert figures (docs/BENCHMARKS.md, 2026-11-26 23:05 UTC).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { io as connect, type Socket } from 'socket.io-client';
import { API_BASE } from '../shared/src/contracts/http/paths';
import { LIVE_PACK, unpackToListeners } from '../shared/src/contracts/live/events';
import { liveRoom } from '../shared/src/contracts/live/rooms';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '100' },
    bets: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '8' },
    detector: { type: 'string', default: 'off' },
  },
});
const SOCKETS = Number(values.sockets);
const BETS = Number(values.bets);
const MS = Number(values.seconds) * 1000;
const PROVIDERS = [1001, 1002, 1003, 1004, 1005, 1006];

const child = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('./bench-live-gateway.ts', import.meta.url).pathname],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: values.detector === 'on' ? process.env : { ...process.env, DMS_RISK: 'off' },
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

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
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

function open(url: string, auth: Record<string, unknown>): Promise<Socket> {
  const s = connect(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

interface Tally {
  scope: number | 'all';
  bets: Set<string>;
  betDup: number;
  alerts: Set<number>;
  alertDup: number;
  messages: number;
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

  // B: the feed with the sockets.
  const alertLatency: number[] = [];
  const betLatency: number[] = [];
  const settleLatency: number[] = [];
  const tallies: Tally[] = [];
  const sockets: Socket[] = [];
  for (const scope of scopes) {
    const s = await open(url, { token: scope === 'all' ? admin : tokens[scope], visible: true });
    const t: Tally = { scope, bets: new Set(), betDup: 0, alerts: new Set(), alertDup: 0, messages: 0 };
    s.onAny(() => (t.messages += 1));
    // The round streams come in packs (`live:pack`, one message per gateway flush and room set): each pair
    // is handed to its event's listener, as the client's LiveConnection does.
    s.on(LIVE_PACK, (entries: unknown) => unpackToListeners(s, entries));
    s.on('bets:placed', (p: { bets: { id: string; ts: number }[] }) => {
      const now = Date.now();
      let oldest = Infinity;
      for (const b of p.bets) {
        if (t.bets.has(b.id)) t.betDup += 1;
        else t.bets.add(b.id);
        oldest = Math.min(oldest, b.ts);
      }
      betLatency.push(now - oldest);
    });
    s.on('round:settled', (p: { settledAt: number }) => settleLatency.push(Date.now() - p.settledAt));
    s.on('alert:raised', (p: { seq: number; alert: { raisedAt: number } }) => {
      alertLatency.push(Date.now() - p.alert.raisedAt);
      if (t.alerts.has(p.seq)) t.alertDup += 1;
      else t.alerts.add(p.seq);
    });
    sockets.push(s);
    tallies.push(t);
  }
  send({ ...feedCmd, record: true });
  const b = (await next()).feed as {
    cpuMs: number;
    wallMs: number;
    bets: Record<number, number>;
    alerts: Record<number, number>;
    sentBets: number;
    settledRounds: number;
    broadcasts: number;
    settleToCommitMsP50: number | null;
    settleToCommitMsMax: number | null;
  };
  await new Promise((r) => setTimeout(r, 500));
  let lostBets = 0;
  let dupBets = 0;
  let lostAlerts = 0;
  let dupAlerts = 0;
  let delivered = 0;
  for (const t of tallies) {
    const expectedBets = t.scope === 'all' ? b.sentBets : (b.bets[t.scope] ?? 0);
    const expectedAlerts =
      t.scope === 'all' ? Object.values(b.alerts).reduce((x, y) => x + y, 0) : (b.alerts[t.scope] ?? 0);
    lostBets += Math.max(0, expectedBets - t.bets.size);
    dupBets += t.betDup;
    lostAlerts += Math.max(0, expectedAlerts - t.alerts.size);
    dupAlerts += t.alertDup;
    delivered += t.messages;
  }
  for (const s of sockets) s.close();
  await new Promise((r) => setTimeout(r, 300));

  // A: the feed alone, after B (both warm).
  send({ ...feedCmd, record: false });
  const a = (await next()).feed as {
    cpuMs: number;
    wallMs: number;
    settleToCommitMsP50: number | null;
    settleToCommitMsMax: number | null;
  };

  // C0: the same broadcasts from the bare server with no socket: what encoding them costs (socket.io's adapter
  // encodes a broadcast before it looks for its sockets, so phase A paid the gateway's encoding too).
  send({ cmd: 'bare' });
  const c0 = (await next()).bare as { cpuMs: number; wallMs: number; broadcasts: number };

  // C: the same broadcasts from a bare socket.io server.
  const bareSockets: Socket[] = [];
  let bareDelivered = 0;
  for (const scope of scopes) {
    const s = await open(bareUrl, { rooms: [liveRoom('3000', scope)] });
    s.onAny(() => (bareDelivered += 1));
    bareSockets.push(s);
  }
  send({ cmd: 'bare' });
  const c = (await next()).bare as { cpuMs: number; wallMs: number; broadcasts: number };
  await new Promise((r) => setTimeout(r, 300));
  for (const s of bareSockets) s.close();
  send({ cmd: 'stop' });

  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  const al = sorted(alertLatency);
  const bl = sorted(betLatency);
  const sl = sorted(settleLatency);
  const gatewayDeliveryCpuMs = b.cpuMs - (a.cpuMs * b.wallMs) / a.wallMs;
  const usPerMsg = (gatewayDeliveryCpuMs * 1000) / delivered;
  const bareUsPerMsg = (c.cpuMs * 1000) / bareDelivered;
  // B − A leaves the encoding out (A pays it too); the bare server's encoding of the same packets (C0) stands in
  // for the gateway's, so both sides count encoding and writing.
  const usPerMsgWithEncoding = ((gatewayDeliveryCpuMs + c0.cpuMs) * 1000) / delivered;
  const figures = {
    load: `${SOCKETS} sockets (${scopes.filter((s) => s === 'all').length} of the whole scope, the others one provider each), ${BETS} bets/s for ${MS / 1000} s over 24 tables (4 s rounds), 1 settled round in 3 raising an alert`,
    detector: values.detector === 'on' ? 'on' : 'off',
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
    settleToCommitMsP50: b.settleToCommitMsP50,
    settleToCommitMsMax: b.settleToCommitMsMax,
    settleToCommitWithoutSocketsMsP50: a.settleToCommitMsP50,
    settleToCommitWithoutSocketsMsMax: a.settleToCommitMsMax,
    betBatchLatencyMsP50: pct(bl, 50),
    betBatchLatencyMsP99: pct(bl, 99),
    settledLatencyMsP99: pct(sl, 99),
    lostBets,
    duplicatedBets: dupBets,
    lostAlerts,
    duplicatedAlerts: dupAlerts,
    messagesDelivered: delivered,
    gatewayCpuFeedAloneMs: Math.round(a.cpuMs),
    gatewayCpuWithSocketsMs: Math.round(b.cpuMs),
    gatewayCpuPerDeliveredMessageUs: Number(usPerMsg.toFixed(2)),
    bareEncodingCpuMs: Math.round(c0.cpuMs),
    gatewayCpuPerDeliveredMessageWithEncodingUs: Number(usPerMsgWithEncoding.toFixed(2)),
    bareBroadcastMessagesDelivered: bareDelivered,
    bareBroadcastCpuMs: Math.round(c.cpuMs),
    bareBroadcastCpuPerDeliveredMessageUs: Number(bareUsPerMsg.toFixed(2)),
    cpuRatioToBare: Number((usPerMsg / bareUsPerMsg).toFixed(2)),
    cpuRatioToBareWithEncoding: Number((usPerMsgWithEncoding / bareUsPerMsg).toFixed(2)),
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
