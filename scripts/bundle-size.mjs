#!/usr/bin/env node
// The JavaScript a first visit to the login page downloads, gzipped, against the 170 kB budget.
//
// Reads Vite's manifest (client/dist/.vite/manifest.json, `build.manifest`) and sums, once each, the
// chunks of: the entry (index.html) and its static imports; the login page module (lazy) and its static
// imports; and the default language's core locale namespaces (client/src/lib/i18n/i18n.ts
// CORE_NAMESPACES), which the client loads before its first render.
// Dynamic imports that the login page does not need (the shell, other pages, ECharts, pinyin-pro, icon
// buckets, socket.io) are not counted. Prints a table and the figure beside the budget, then one JSON line.
//
// Usage: node scripts/bundle-size.mjs [--dist client/dist] [--budget 170] [--language zh]
//        [--namespaces common,route,login,errors]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const root = new URL('..', import.meta.url).pathname;
const dist = resolve(root, option('dist', 'client/dist'));
const budgetKb = Number(option('budget', '170'));
const language = option('language', 'zh');
const namespaces = option('namespaces', 'common,route,login,errors').split(',');

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => /features\/login\/LoginPage\.tsx$/.test(k));
if (!entryKey || !loginKey) {
  console.error(
    'manifest has no entry or no login page module; build the client first (npm run build -w client)',
  );
  process.exit(1);
}
const localeKeys = Object.keys(manifest).filter((k) =>
  namespaces.some((ns) => k.endsWith(`locales/${language}/${ns}.json`)),
);

/** A manifest key and every chunk it statically imports, recursively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const parts = [
  ['entry', closure(entryKey)],
  ['login page', closure(loginKey)],
  [`locale ${language}`, new Set(localeKeys.flatMap((k) => [...closure(k)]))],
];

const counted = new Map();
const cssFiles = new Set();
for (const [part, keys] of parts) {
  for (const key of keys) {
    const chunk = manifest[key];
    for (const css of chunk.css ?? []) cssFiles.add(css);
    if (!chunk.file.endsWith('.js') || counted.has(chunk.file)) continue;
    const bytes = readFileSync(join(dist, chunk.file));
    counted.set(chunk.file, { part, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
}

const kb = (n) => Math.round((n / 1024) * 100) / 100;
const rows = [...counted.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
const totalGzip = rows.reduce((sum, [, r]) => sum + r.gzip, 0);
const totalRaw = rows.reduce((sum, [, r]) => sum + r.raw, 0);
const cssGzip = [...cssFiles].reduce(
  (sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length,
  0,
);

console.log('Login route: initial JavaScript (gzip -9)');
for (const [file, r] of rows) {
  console.log(`  ${kb(r.gzip).toFixed(2).padStart(8)} kB  ${file.padEnd(48)} ${r.part}`);
}
const within = kb(totalGzip) <= budgetKb;
console.log(`  ${'-'.repeat(8)}`);
console.log(
  `  ${kb(totalGzip).toFixed(2).padStart(8)} kB  total of ${rows.length} files  (budget ${budgetKb} kB: ${within ? 'within' : 'OVER'})`,
);
console.log(
  `  CSS of the same route, not counted: ${kb(cssGzip).toFixed(2)} kB gzipped in ${cssFiles.size} files`,
);
console.log(
  JSON.stringify({
    route: '/login',
    language,
    jsGzipKb: kb(totalGzip),
    jsRawKb: kb(totalRaw),
    budgetKb,
    withinBudget: within,
    files: rows.map(([file, r]) => ({ file, part: r.part, gzipKb: kb(r.gzip) })),
    cssGzipKb: kb(cssGzip),
  }),
);
process.exitCode = within ? 0 : 1;
