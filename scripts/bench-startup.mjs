#!/usr/bin/env node
// Start-up benchmark: time from process spawn to a 200 from /healthz and to the login page, for a first start
// (empty data directory: migrations, seed) and a restart on existing data, beside a bare Node HTTP server
// measured in the same run; and the restart through `npm start` as a user types it (sources unchanged since
// the build, so it checks them and builds nothing). Needs a build (`npm run build`). Prints one JSON line.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './benchUtil.mjs';

const root = new URL('..', import.meta.url).pathname;

async function timeToReady(args, env, path, command = process.execPath) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
    // npm runs the script in a child of its own: the whole group is stopped below.
    detached: command !== process.execPath,
  });
  const url = `http://127.0.0.1:${port}${path}`;
  let ms = NaN;
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(url);
      if (r.ok) {
        await r.arrayBuffer();
        ms = performance.now() - started;
        break;
      }
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const exited = new Promise((r) => child.once('exit', r));
  if (command === process.execPath) child.kill('SIGTERM');
  else process.kill(-child.pid, 'SIGTERM');
  await exited;
  return Math.round(ms);
}

const bare = await timeToReady(
  ['-e', "require('node:http').createServer((q,s)=>s.end('ok')).listen(process.env.PORT,'127.0.0.1')"],
  {},
  '/',
);
const dataDir = mkdtempSync(join(tmpdir(), 'dms-bench-start-'));
const env = {
  DMS_DATA_DIR: dataDir,
  DMS_ADMIN_PASSWORD: 'bench-pass-1',
  DMS_FEED: 'off',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  REDIS_URL: '',
};
const first = await timeToReady(['gateway/dist/start.js'], env, '/login');
const restarts = [];
for (let i = 0; i < 3; i++) restarts.push(await timeToReady(['gateway/dist/start.js'], env, '/login'));
// `npm start` builds first when the sources changed: make sure the build counts as built, then time it.
spawnSync(process.execPath, ['scripts/start.mjs', '--no-start'], { cwd: root, stdio: 'inherit' });
const npmStarts = [];
for (let i = 0; i < 3; i++) npmStarts.push(await timeToReady(['start'], env, '/login', 'npm'));
rmSync(dataDir, { recursive: true, force: true });
restarts.sort((a, b) => a - b);
npmStarts.sort((a, b) => a - b);
const result = {
  bench: 'startup',
  bareNodeHttpMs: bare,
  firstStartToLoginPageMs: first,
  restartToLoginPageMsMedian: restarts[1],
  npmStartRestartToLoginPageMsMedian: npmStarts[1],
  npmStartRestartsMs: npmStarts,
  restartBudgetMs: 3000,
  loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
};
console.log(JSON.stringify(result));
