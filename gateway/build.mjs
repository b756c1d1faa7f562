// Bundles the gateway into dist/start.js: one ESM file for Node 20 with the workspace package
// @dms/shared (TypeScript sources) compiled in, and every npm dependency left external, resolved from
// node_modules at run time. Run from anywhere: `node gateway/build.mjs`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const bundled = new Set(['@dms/shared']);
// Marking a package external also marks its subpaths (pg/lib/…, socket.io/…).
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !bundled.has(name));

const result = await build({
  // The gateway, and the risk engine's worker thread beside it (`modules/risk/riskWorker.host.ts` starts it).
  entryPoints: {
    start: join(here, 'src', 'start.ts'),
    riskWorker: join(here, 'src', 'modules', 'risk', 'riskWorker.entry.ts'),
  },
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  banner: {
    // CommonJS dependencies loaded from ESM may call require(); give them one. Stack traces point at
    // the TypeScript sources.
    js: [
      "import { createRequire as __dmsCreateRequire } from 'node:module';",
      'const require = __dmsCreateRequire(import.meta.url);',
      'process.setSourceMapsEnabled?.(true);',
    ].join('\n'),
  },
});

const outs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
console.log(`gateway: built ${outs.map(([f, o]) => `${f} (${Math.round(o.bytes / 1024)} kB)`).join(', ')}`);
