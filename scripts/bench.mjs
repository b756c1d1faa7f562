#!/usr/bin/env node
// Runs every benchmark script, each of which prints its figures beside a baseline measured in the same run
// as one JSON line, and writes them to docs/BENCHMARKS.md. Usage: npm run bench [-- name ...]
// The long ones (the 10M-bet statistics store, the hour-long memory soak, the wall screen in Chromium) run
// only when named.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const all = [
  { name: 'bundle', cmd: ['node', 'scripts/bundle-size.mjs'], needsBuild: true },
  { name: 'startup', cmd: ['node', 'scripts/bench-startup.mjs'], needsBuild: true },
  { name: 'ingest', cmd: ['npx', 'tsx', 'scripts/bench-ingest.ts'] },
  { name: 'risk', cmd: ['npx', 'tsx', 'scripts/bench-risk.ts'] },
  { name: 'detect', cmd: ['npx', 'tsx', 'scripts/bench-detect.ts'] },
  { name: 'live', cmd: ['npx', 'tsx', 'scripts/bench-live.ts'] },
  { name: 'stats', cmd: ['npx', 'tsx', 'scripts/bench-stats.ts'], long: true },
  { name: 'soak', cmd: ['node', 'scripts/bench-soak.mjs'], needsBuild: true, long: true },
  { name: 'install', cmd: ['node', 'scripts/bench-install.mjs'], long: true },
  { name: 'wall', cmd: ['npx', 'tsx', 'scripts/bench-wall.ts'], needsBuild: true, long: true },
];
const only = process.argv.slice(2);
const chosen = all.filter((b) => (only.length === 0 ? !b.long : only.includes(b.name)) && existsSync(`${root}/${b.cmd.at(-1)}`));

if (chosen.some((b) => b.needsBuild)) {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const figuresDir = `${root}/docs/benchmarks`;
mkdirSync(figuresDir, { recursive: true });
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
let allOk = true;
for (const b of chosen) {
  console.log(`\n=== bench ${b.name}: ${b.cmd.join(' ')}`);
  const r = spawnSync(b.cmd[0], b.cmd.slice(1), { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  process.stdout.write(r.stdout ?? '');
  const line = (r.stdout ?? '').trim().split('\n').reverse().find((l) => l.startsWith('{'));
  if (r.status !== 0 || !line) {
    allOk = false;
    console.log(`bench ${b.name} failed: its earlier figures, if any, are kept`);
    continue;
  }
  const record = { bench: b.name, at: new Date().toISOString(), machine, figures: JSON.parse(line) };
  writeFileSync(`${figuresDir}/${b.name}.json`, JSON.stringify(record, null, 2) + '\n');
}

// docs/BENCHMARKS.md is made from every recorded run in docs/benchmarks/, so running one benchmark keeps the
// figures of the others.
const render = (v) => (Array.isArray(v) ? `${v.length} entries (see the JSON)` : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
let md = '# Benchmarks\n\nWritten by `npm run bench` from the records in `docs/benchmarks/*.json`. Each figure stands beside a\n' +
  'baseline measured in the same run; budgets come from the issues.\n';
const intro = existsSync(`${root}/docs/benchmarks/NOTES.md`) ? readFileSync(`${root}/docs/benchmarks/NOTES.md`, 'utf8') : '';
if (intro) md += `\n${intro.trim()}\n`;
for (const f of readdirSync(figuresDir).filter((f) => f.endsWith('.json')).sort()) {
  const rec = JSON.parse(readFileSync(`${figuresDir}/${f}`, 'utf8'));
  md += `\n## ${rec.bench}\n\nMeasured ${rec.at} on ${rec.machine}.\n\n| figure | value |\n|---|---|\n`;
  for (const [k, v] of Object.entries(rec.figures)) if (k !== 'bench') md += `| ${k} | ${render(v)} |\n`;
}
writeFileSync(`${root}/docs/BENCHMARKS.md`, md);
console.log('\nwrote docs/BENCHMARKS.md');
process.exit(allOk ? 0 : 1);
