#!/usr/bin/env node
// The README's test command: type checks, lint, unit and integration tests, the API fuzz, a production
// build, then the browser tests. Each check that is not a test runner counts as one test. Ends with `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'dms-test-'));
let passed = 0;
let failed = 0;
const failures = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status === 0;
}

function check(name, cmd, args) {
  if (run(name, cmd, args)) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

function vitest(name, projects) {
  const file = join(out, `${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  const ok = run(name, 'npx', args);
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // A file that fails to load has no failed test but fails the run: count it.
    const broken = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.every((a) => a.status !== 'failed'));
    failed += broken.length;
    for (const f of report.testResults) {
      for (const a of f.assertionResults) if (a.status === 'failed') failures.push(`${name}: ${a.fullName}`);
    }
    for (const f of broken) failures.push(`${name}: ${f.name} (did not run: ${f.message?.split('\n')[0] ?? 'load error'})`);
    if (!ok && report.numFailedTests === 0 && broken.length === 0) {
      failed += 1;
      failures.push(`${name}: runner exited non-zero`);
    }
  } else {
    failed += 1;
    failures.push(`${name}: no report`);
  }
}

const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);

if (want('typecheck')) {
  for (const p of ['shared', 'gateway', 'client', 'tests']) check(`typecheck ${p}`, 'npx', ['tsc', '-p', p]);
}
if (want('lint')) check('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
if (want('unit')) vitest('unit', ['shared', 'gateway', 'client', 'tooling']);
// Thousands of malformed requests over every operation of /openapi.json, on SQLite and (DATABASE_URL) PostgreSQL.
if (want('fuzz')) vitest('fuzz', ['fuzz']);
if (want('e2e')) {
  if (run('build', 'npm', ['run', 'build'])) {
    passed += 1;
    vitest('e2e', ['e2e']);
  } else {
    failed += 1;
    failures.push('build');
  }
}

if (failures.length) {
  console.log('\nFailed:');
  for (const f of failures) console.log(`- ${f}`);
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
