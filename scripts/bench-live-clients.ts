/**
 * A client process of `npm run bench -- live` (scripts/bench-live.ts) holding a share of the measured sockets:
 * with every socket in one process, each message waited for the parsing of the messages that reached the
 * sockets before it (that process's event loop was held up to 90 ms), which clients on their own machines do
 * not wait for. Each process connects the sockets it is sent (IPC), counts what they receive until it is
 * asked for its report, then closes them when told.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { LIVE_PACK, unpackToListeners } from '../shared/src/contracts/live/events';

export interface ClientSpec {
  scope: number | 'all';
  token: string;
}

/** What a thread's sockets received while counting. */
export interface ClientsReport {
  alertLatency: number[];
  /** Each alert delivery: its seq and when it arrived (Date.now). */
  alertArrivals: { seq: number; at: number }[];
  betLatency: number[];
  settleLatency: number[];
  tallies: {
    scope: number | 'all';
    bets: number;
    betDup: number;
    alerts: number;
    alertDup: number;
    messages: number;
  }[];
  eventLoopDelayMsP99: number;
  eventLoopDelayMsMax: number;
}

/** A socket.io client on the WebSocket transport, connected (the bench process opens its own with it too). */
export function open(url: string, auth: Record<string, unknown>): Promise<Socket> {
  const s = connect(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

async function run({ url, clients }: { url: string; clients: ClientSpec[] }): Promise<void> {
  const report: ClientsReport = {
    alertLatency: [],
    alertArrivals: [],
    betLatency: [],
    settleLatency: [],
    tallies: [],
    eventLoopDelayMsP99: 0,
    eventLoopDelayMsMax: 0,
  };
  let counting = true;
  const sockets: Socket[] = [];
  for (const { scope, token } of clients) {
    const s = await open(url, { token, visible: true });
    const bets = new Set<string>();
    const alerts = new Set<number>();
    const t = { scope, bets: 0, betDup: 0, alerts: 0, alertDup: 0, messages: 0 };
    s.onAny(() => {
      if (counting) t.messages += 1;
    });
    // The round streams come in packs (`live:pack`, one message per gateway flush and room set): each pair
    // is handed to its event's listener, as the client's LiveConnection does.
    s.on(LIVE_PACK, (entries: unknown) => unpackToListeners(s, entries));
    s.on('bets:placed', (p: { bets: { id: string; ts: number }[] }) => {
      if (!counting) return;
      const now = Date.now();
      let oldest = Infinity;
      for (const b of p.bets) {
        if (bets.has(b.id)) t.betDup += 1;
        else bets.add(b.id);
        oldest = Math.min(oldest, b.ts);
      }
      t.bets = bets.size;
      report.betLatency.push(now - oldest);
    });
    s.on('round:settled', (p: { settledAt: number }) => {
      if (counting) report.settleLatency.push(Date.now() - p.settledAt);
    });
    s.on('alert:raised', (p: { seq: number; alert: { raisedAt: number } }) => {
      if (!counting) return;
      const now = Date.now();
      report.alertLatency.push(now - p.alert.raisedAt);
      report.alertArrivals.push({ seq: p.seq, at: now });
      if (alerts.has(p.seq)) t.alertDup += 1;
      else alerts.add(p.seq);
      t.alerts = alerts.size;
    });
    sockets.push(s);
    report.tallies.push(t);
  }
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  process.on('message', (m: unknown) => {
    if (m === 'report') {
      counting = false;
      lag.disable();
      report.eventLoopDelayMsP99 = lag.percentile(99) / 1e6;
      report.eventLoopDelayMsMax = lag.max / 1e6;
      process.send?.(report);
    } else if (m === 'close') {
      for (const s of sockets) s.close();
      process.exit(0);
    }
  });
  process.send?.('ready');
}

// Only as a client process (spawned with an IPC channel): the bench process imports `open` from here.
if (process.send) {
  process.once('message', (m: { url: string; clients: ClientSpec[] }) => void run(m));
  // The bench process gone (it failed, or was stopped): this one goes too.
  process.once('disconnect', () => process.exit(0));
}
