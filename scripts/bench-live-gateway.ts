/**
 * The gateway process of `npm run bench -- live` (driven by scripts/bench-live.ts over stdin/stdout JSON
 * lines). It runs the real gateway (temp SQLite store, no simulator) and, in the same process, a bare
 * socket.io server for the baseline. Commands:
 *   {"cmd":"feed","ms":8000,"betsPerSec":5000,"tables":12,"roundMs":10000,"alertEvery":5,"record":true}
 *     plays a platform feed into the engine (as the simulator does: engine.submit) for `ms`, every event's
 *     `ts` its submission time; every `alertEvery`-th settled round raises an alert once committed (as the
 *     risk sink publishes after its commit; the detector itself is not part of this benchmark). Answers
 *     with this process's CPU time over the feed and what was sent per provider.
 *   {"cmd":"bare"} broadcasts the payloads the gateway broadcast during the recorded feed, at the same
 *     moments and to the same rooms, from the bare server; answers with the CPU time.
 */
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { PlatformEvent } from '../shared/src/contracts/events/platform';
import { LIVE_EVENTS, type AlertChanged } from '../shared/src/contracts/live/events';
import { loadConfig } from '../gateway/src/config/config';
import { createApp } from '../gateway/src/app';
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

const out = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);
const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;

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
  const app = await createApp(config);
  const { url } = await app.listen();
  app.engine.start();

  // Record what the live channel broadcasts (round streams), to play the same payloads on the bare server.
  let recording: Recorded[] | null = null;
  let t0 = 0;
  const adapter = app.io.of('/').adapter;
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet, opts) => {
    const data = packet.data as [string, unknown];
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
  const bareUrl = `http://127.0.0.1:${(bareHttp.address() as AddressInfo).port}`;

  // Alerts raised by flagged settlements once committed.
  let alertSeq = 0;
  /** From a flagged settlement's submission to its commit (what the live channel cannot shorten). */
  let commitDelays: number[] = [];
  app.engine.committed$.subscribe((batch) => {
    for (const e of batch.events) {
      if (e.type !== 'round.settled' || e.result.benchAlert !== true) continue;
      commitDelays.push(Date.now() - e.ts);
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
    commitDelays = [];
    let sentBets = 0;

    while (Date.now() - start < o.ms) {
      await new Promise((r) => setTimeout(r, 50));
      const now = Date.now();
      const due = Math.floor(((now - start) * o.betsPerSec) / 1000) - sentBets;
      const events: PlatformEvent[] = [];
      for (let i = 0; i < due; i++) {
        const table = tables[(sentBets + i) % tables.length] as (typeof tables)[number];
        const provider = PROVIDERS[((sentBets + i) % 7) % PROVIDERS.length] as number;
        const playerId = 1 + ((sentBets + i) % 3000);
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
          betType: (sentBets + i) % 2 === 0 ? 'banker' : 'player',
          amount: 1000,
          gameId: 1,
          shoeId: 'S1',
          tableId: table.id,
        });
        table.payouts.push({ transactionId: tx, playerId, payout: (sentBets + i) % 2 === 0 ? 1950 : 0 });
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
    }
    // Let the last batch window go out.
    await new Promise((r) => setTimeout(r, 400));
    const cpu = cpuMs(process.cpuUsage(c0));
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
    };
  }

  async function playBare() {
    const list = lastRecording;
    const c0 = process.cpuUsage();
    const s0 = performance.now();
    let i = 0;
    while (i < list.length) {
      const elapsed = performance.now() - s0;
      while (i < list.length && (list[i] as Recorded).at <= elapsed) {
        const r = list[i] as Recorded;
        bare.to(r.rooms).emit(r.event, r.payload);
        i += 1;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, 400));
    return { cpuMs: cpuMs(process.cpuUsage(c0)), wallMs: performance.now() - s0, broadcasts: list.length };
  }

  out({ ready: true, url, bareUrl });
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const cmd = JSON.parse(line) as { cmd: string } & Parameters<typeof feed>[0];
    if (cmd.cmd === 'feed') out({ feed: await feed(cmd) });
    else if (cmd.cmd === 'bare') out({ bare: await playBare() });
    else if (cmd.cmd === 'stop') break;
  }
  await bare.close();
  await app.close();
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
