#!/usr/bin/env node
// Fresh-install benchmark (issue 2's budget: `npm install && npm start` on a fresh machine to a login page in
// under 4 minutes). Clones the committed HEAD into a temporary folder and, with an empty npm cache (what a
// fresh machine has), times `npm install` and then `npm start` (which builds the client and the gateway and
// starts it on a fresh SQLite file) until GET /login answers 200. The baseline in the same run is
// `npm install --ignore-scripts` in a second fresh clone with its own empty cache: fetching and linking the
// same packages without compiling better-sqlite3, so the two figures show where the time goes.
// Takes about six minutes. Prints one JSON line (progress on stderr).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './benchUtil.mjs';

const root = new URL('..', import.meta.url).pathname;
const log = (...a) => console.error(`[install ${new Date().toISOString().slice(11, 19)}]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const work = mkdtempSync(join(tmpdir(), 'dms-install-'));
const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: root,
  encoding: 'utf8',
}).stdout.trim();

/** A fresh clone of HEAD and an empty npm cache of its own. */
function freshClone(name) {
  const dir = join(work, name);
  const r = spawnSync('git', ['clone', '--quiet', '--no-local', root, dir], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('git clone failed');
  return { dir, env: { ...process.env, npm_config_cache: join(work, `${name}-npm-cache`) } };
}

function timed(cmd, args, opts) {
  const started = performance.now();
  const r = spawnSync(cmd, args, { ...opts, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr.slice(-2000)}`);
  return Math.round(ms);
}

const s = (ms) => Math.round(ms / 100) / 10;
try {
  log(`fresh clone of ${head}: npm install --ignore-scripts (baseline)`);
  const bare = freshClone('bare');
  const fetchOnlyMs = timed('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: bare.dir,
    env: bare.env,
  });
  rmSync(bare.dir, { recursive: true, force: true });

  log('fresh clone: npm install');
  const full = freshClone('full');
  const installMs = timed('npm', ['install', '--no-audit', '--no-fund'], { cwd: full.dir, env: full.env });

  log('npm start, until /login answers');
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: full.dir,
    env: {
      ...full.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DMS_DATA_DIR: join(work, 'data'),
      DMS_ADMIN_PASSWORD: 'bench-pass-1',
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
  let startMs = NaN;
  for (let i = 0; i < 6000 && child.exitCode === null; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/login`);
      await r.arrayBuffer();
      if (r.ok) {
        startMs = Math.round(performance.now() - started);
        break;
      }
    } catch {
      // building, or not listening yet
    }
    await sleep(50);
  }
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  if (!Number.isFinite(startMs)) throw new Error('npm start never served /login');
  const totalMs = installMs + startMs;
  console.log(
    JSON.stringify({
      bench: 'install',
      commit: head,
      npmInstallSeconds: s(installMs),
      npmStartToLoginPageSeconds: s(startMs),
      totalSeconds: s(totalMs),
      budgetSeconds: 240,
      withinBudget: totalMs < 240_000,
      baselineInstallIgnoreScriptsSeconds: s(fetchOnlyMs),
      compileSecondsApprox: s(installMs - fetchOnlyMs),
    }),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
