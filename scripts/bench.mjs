#!/usr/bin/env node
// Runs every benchmark script, each of which prints its figures beside a baseline measured in the same run
// as one JSON line, and writes them to docs/BENCHMARKS.md. Usage: npm run bench [-- name ...]
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const all = [
  { name: 'bundle', cmd: ['node', 'scripts/bundle-size.mjs'], needsBuild: true },
  { name: 'startup', cmd: ['node', 'scripts/bench-startup.mjs'], needsBuild: true },
  { name: 'ingest', cmd: ['npx', 'tsx', 'scripts/bench-ingest.ts'] },
  { name: 'stats', cmd: ['npx', 'tsx', 'scripts/bench-stats.ts'] },
];
const only = process.argv.slice(2);
const chosen = all.filter((b) => (only.length === 0 || only.includes(b.name)) && existsSync(`${root}/${b.cmd.at(-1)}`));

if (chosen.some((b) => b.needsBuild)) {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const results = [];
for (const b of chosen) {
  console.log(`\n=== bench ${b.name}: ${b.cmd.join(' ')}`);
  const r = spawnSync(b.cmd[0], b.cmd.slice(1), { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  process.stdout.write(r.stdout ?? '');
  const line = (r.stdout ?? '').trim().split('\n').reverse().find((l) => l.startsWith('{'));
  results.push({ name: b.name, ok: r.status === 0 && !!line, figures: line ? JSON.parse(line) : null });
}

const when = new Date().toISOString();
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
let md = `# Benchmarks\n\nWritten by \`npm run bench\` on ${when}; ${machine}.\n` +
  `Each figure stands beside a baseline measured in the same run. Budgets come from the issues.\n`;
for (const r of results) {
  md += `\n## ${r.name}\n\n`;
  if (!r.ok || !r.figures) {
    md += 'The benchmark failed in this run; see its output.\n';
    continue;
  }
  md += '| figure | value |\n|---|---|\n';
  for (const [k, v] of Object.entries(r.figures)) {
    if (k === 'bench') continue;
    md += `| ${k} | ${typeof v === 'object' ? JSON.stringify(v) : v} |\n`;
  }
}
if (only.length === 0) writeFileSync(`${root}/docs/BENCHMARKS.md`, md);
else console.log('\n(only some benchmarks ran: docs/BENCHMARKS.md left as it was)\n' + md);
process.exit(results.every((r) => r.ok) ? 0 : 1);
