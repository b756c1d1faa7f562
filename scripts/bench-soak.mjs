#!/usr/bin/env node
// Memory soak: is the gateway's memory flat while the simulator plays for an hour (issue 3)?
//
//   node scripts/bench-soak.mjs [--minutes 60] [--warmup 5] [--sample 30] [--history-days 3] [--speeds 1,60]
//
// Starts gateways from the same build on fresh SQLite files: one per simulator speed (`sim1` plays live
// tables in real time as `npm start` does, `sim60` sixty times as fast, crossing about two and a half
// simulated days in the hour), each after backfilling --history-days of history, with a signed-in
// socket.io client receiving its pushes and the statistics summary asked every sample; and `idle`, with no
// feed, the baseline measured in the same run (what flat looks like for this process). Both are preloaded with scripts/soak-probe.mjs, which collects garbage and
// records process.memoryUsage() every sample. After the warm-up, the figures are: heap after GC and RSS at
// the start and end of the measured window, their peak, and the heap's least-squares slope in MB per hour.
// Needs a build (`npm run build`). Prints one JSON line (progress on stderr).
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { io } from 'socket.io-client';
import { GATEWAY_NODE_FLAGS, freePort, slopePerHour } from './benchUtil.mjs';

const root = new URL('..', import.meta.url).pathname;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const minutes = arg('minutes', 60);
const warmupMinutes = arg('warmup', 5);
const sampleSeconds = arg('sample', 30);
const historyDays = arg('history-days', 3);
const speeds = (() => {
  const i = process.argv.indexOf('--speeds');
  return (i >= 0 ? process.argv[i + 1] : '1,60').split(',').map(Number);
})();
const log = (...a) => console.error(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MB = 2 ** 20;
/** Bytes in MB, one decimal. */
const mb = (v) => Math.round((v / MB) * 10) / 10;
const PASSWORD = 'soak-pass-1';

if (!existsSync(join(root, 'gateway/dist/start.js'))) {
  console.error('no build: run `npm run build` first');
  process.exit(1);
}
// A private copy of the build (every module gateway/build.mjs wrote: the gateway and the risk engine's worker
// thread it starts from beside it): a rebuild during the hour must not change what runs (npm dependencies
// still resolve from the repository's node_modules, above it).
const copy = join(root, `gateway/dist/.soak-${process.pid}`);
mkdirSync(copy);
for (const file of readdirSync(join(root, 'gateway/dist')).filter((f) => f.endsWith('.js')))
  copyFileSync(join(root, 'gateway/dist', file), join(copy, file));
const bundle = join(copy, 'start.js');
const work = mkdtempSync(join(tmpdir(), 'dms-soak-'));

async function startGateway(name, feed, speed = 1) {
  const port = await freePort();
  const probe = join(work, `${name}.jsonl`);
  const child = spawn(
    process.execPath,
    [
      ...GATEWAY_NODE_FLAGS,
      '--expose-gc',
      '--import',
      pathToFileURL(join(root, 'scripts/soak-probe.mjs')).href,
      bundle,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DMS_DATA_DIR: join(work, name),
        DMS_ADMIN_PASSWORD: PASSWORD,
        DMS_FEED: feed,
        DMS_SIM_HISTORY_DAYS: String(historyDays),
        DMS_SIM_SPEED: String(speed),
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
        DMS_SOAK_PROBE_FILE: probe,
        DMS_SOAK_PROBE_MS: String(sampleSeconds * 1000),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`${name} gateway exited with ${child.exitCode}`);
    await sleep(20);
  }
  return { name, child, base, probe };
}

async function api(g, token, path, init = {}) {
  const r = await fetch(`${g.base}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = await r.json();
  if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
}

function read(probe, from) {
  if (!existsSync(probe)) return [];
  return readFileSync(probe, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((s) => s.t >= from);
}

function summarise(samples) {
  const first = samples[0];
  const last = samples.at(-1);
  return {
    samples: samples.length,
    heapStartMb: mb(first.heapUsed),
    heapEndMb: mb(last.heapUsed),
    heapPeakMb: mb(Math.max(...samples.map((s) => s.heapUsed))),
    heapSlopeMbPerHour: mb(slopePerHour(samples, 'heapUsed')),
    rssStartMb: mb(first.rss),
    rssEndMb: mb(last.rss),
    rssPeakMb: mb(Math.max(...samples.map((s) => s.rss))),
    rssSlopeMbPerHour: mb(slopePerHour(samples, 'rss')),
  };
}

/** The risk engine's worker thread: its heap after GC (the probe's samples in that thread), and its threads. */
function summariseWorker(samples) {
  if (samples.length === 0) return { samples: 0 };
  return {
    samples: samples.length,
    threads: new Set(samples.map((s) => s.thread)).size,
    heapStartMb: mb(samples[0].heapUsed),
    heapEndMb: mb(samples.at(-1).heapUsed),
    heapPeakMb: mb(Math.max(...samples.map((s) => s.heapUsed))),
    heapSlopeMbPerHour: mb(slopePerHour(samples, 'heapUsed')),
  };
}

const gateways = [];
const sockets = [];
try {
  const sims = [];
  for (const speed of speeds) sims.push({ speed, g: await startGateway(`sim${speed}`, 'sim', speed) });
  const idle = await startGateway('idle', 'off');
  gateways.push(...sims.map((s) => s.g), idle);
  for (const s of sims) {
    s.token = (
      await api(s.g, '', '/user/login', {
        method: 'POST',
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      })
    ).token;
  }
  log(
    `${gateways.map((g) => `${g.name} on ${g.base}`).join(', ')}; waiting for the ${historyDays}-day backfills`,
  );
  for (const s of sims) {
    while ((await api(s.g, s.token, '/feed/status')).state !== 'live') await sleep(2000);
    s.eventsAtLive = (await api(s.g, s.token, '/feed/status')).eventsTotal;
    s.pushes = 0;
    const socket = io(s.g.base, { auth: { token: s.token }, transports: ['websocket'] });
    socket.on('feed:progressed', () => {
      s.pushes += 1;
    });
    sockets.push(socket);
  }
  log(`live; warm-up ${warmupMinutes} min, then ${minutes} min measured`);

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const summary = `/stats/summary?providerIds=1001,1002,1003,1004,1005,1006&currencies=CNY,USD,INR&startDate=${today}&endDate=${today}`;
  const measureFrom = Date.now() + warmupMinutes * 60_000;
  const end = measureFrom + minutes * 60_000;
  let calls = 0;
  let lastLog = 0;
  while (Date.now() < end) {
    for (const s of sims) await api(s.g, s.token, summary);
    calls += 1;
    if (Date.now() - lastLog > 300_000) {
      for (const g of gateways) {
        const m = read(g.probe, 0).at(-1);
        const w = read(`${g.probe}.worker`, 0).at(-1);
        if (m)
          log(
            `${g.name}: heap ${(m.heapUsed / MB).toFixed(1)} MB, rss ${(m.rss / MB).toFixed(1)} MB` +
              (w ? `, risk worker heap ${(w.heapUsed / MB).toFixed(1)} MB` : ''),
          );
      }
      lastLog = Date.now();
    }
    await sleep(sampleSeconds * 1000);
  }
  const result = {
    bench: 'soak',
    minutesMeasured: minutes,
    warmupMinutes,
    historyDays,
    summaryCallsEach: calls,
  };
  for (const s of sims) {
    const status = await api(s.g, s.token, '/feed/status');
    result[s.g.name] = {
      speed: s.speed,
      liveEventsStored: status.eventsTotal - s.eventsAtLive,
      socketPushesReceived: s.pushes,
      ...summarise(read(s.g.probe, measureFrom)),
      riskWorker: summariseWorker(read(`${s.g.probe}.worker`, measureFrom)),
    };
  }
  result.idleBaseline = {
    ...summarise(read(idle.probe, measureFrom)),
    riskWorker: summariseWorker(read(`${idle.probe}.worker`, measureFrom)),
  };
  console.log(JSON.stringify(result));
} finally {
  for (const socket of sockets) socket.close();
  for (const g of gateways) {
    const exited = new Promise((r) => g.child.once('exit', r));
    g.child.kill('SIGTERM');
    await exited;
  }
  rmSync(copy, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
