#!/usr/bin/env node
// `npm start`: builds the client and the gateway only when their sources changed since the last build,
// then starts the gateway in this process. A restart on unchanged sources costs a hash of the sources
// (about 0.1 s) instead of a build (several seconds). `npm start -- --build` (or DMS_BUILD=1) always builds;
// `--no-start` only builds (what `npm run build` runs, so that its builds count as built).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What each build reads (besides its package's own files), and what it writes. */
const BUILDS = [
  {
    name: 'client',
    inputs: [
      'client/src',
      'client/vite',
      'client/index.html',
      'client/public',
      'client/vite.config.ts',
      'client/package.json',
      'client/tsconfig.json',
      'shared/src',
      'shared/package.json',
      'package-lock.json',
    ],
    output: 'client/dist/index.html',
    stamp: 'client/dist/.sources.sha256',
  },
  {
    name: 'gateway',
    inputs: [
      'gateway/src',
      'gateway/build.mjs',
      'gateway/package.json',
      'shared/src',
      'shared/package.json',
      'package-lock.json',
    ],
    output: 'gateway/dist/start.js',
    stamp: 'gateway/dist/.sources.sha256',
  },
];

/** Every file under the inputs, in a stable order (tests are not built but hashing them costs nothing). */
function filesOf(inputs) {
  const out = [];
  const walk = (path) => {
    if (!existsSync(path)) return;
    const st = statSync(path);
    if (st.isDirectory()) {
      for (const name of readdirSync(path).sort())
        if (name !== 'node_modules' && name !== 'dist') walk(join(path, name));
    } else out.push(path);
  };
  for (const input of inputs) walk(join(root, input));
  return out;
}

/** A hash of the inputs' paths and contents: a different hash means a different build. */
function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const file of filesOf(inputs)) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const force = process.argv.includes('--build') || process.env.DMS_BUILD === '1';
for (const build of BUILDS) {
  const sum = fingerprint(build.inputs);
  const stamp = join(root, build.stamp);
  const fresh =
    !force &&
    existsSync(join(root, build.output)) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === sum;
  if (fresh) continue;
  console.log(`Building the ${build.name} (its sources changed since the last build)…`);
  const r = spawnSync('npm', ['run', 'build', '-w', build.name], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, `${sum}\n`);
}

if (process.argv.includes('--no-start')) process.exit(0);

// The gateway starts when its module is the process's entry (argv[1]); it is imported here, in this
// process, so that signals and the exit code are its own.
const gateway = join(root, 'gateway/dist/start.js');
process.argv[1] = gateway;
await import(pathToFileURL(gateway).href);
