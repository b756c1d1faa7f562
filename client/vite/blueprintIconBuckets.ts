import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const LOADER_ID = 'virtual:blueprint-icon-loader';
const NAMES_ID = 'virtual:blueprint-icon-names';
const BUCKET_PREFIX = 'virtual:blueprint-icon-bucket/';
const SIZES = ['16', '20'] as const;

/**
 * Serves Blueprint icon paths in small on-demand chunks. Blueprint's built-in "split-by-size" loader
 * fetches every icon of a size at once (about 100 kB gzipped each), and a glob of the 1,400 per-icon files
 * would put a 30 kB lookup table into the entry. This plugin makes one virtual module per size and first
 * letter (about 4 kB gzipped each) and a tiny loader, `virtual:blueprint-icon-loader`, that imports the
 * bucket an icon lives in when Blueprint first asks for it.
 *
 * It also replaces Blueprint's `iconNames` module, whose table of every icon name (with change-case to
 * build it) is about 8 kB gzipped of the first download, by a name check and a name converter: an icon
 * that does not exist is then reported by the loader ("unknown icon") instead of by the name table.
 */
export function blueprintIconBuckets(): Plugin {
  const require = createRequire(import.meta.url);
  // `main` is lib/cjs/generated/index.js; the ESM paths sit beside it under lib/esm.
  const packageRoot = path.resolve(path.dirname(require.resolve('@blueprintjs/icons')), '../../..');
  const pathsDir = (size: string) => path.join(packageRoot, 'lib', 'esm', 'generated', `${size}px`, 'paths');

  const buckets = new Map<string, Map<string, string[]>>();
  for (const size of SIZES) {
    const bySize = new Map<string, string[]>();
    for (const file of readdirSync(pathsDir(size))) {
      if (!file.endsWith('.js') || file === 'index.js') continue;
      const name = file.slice(0, -3);
      const letter = name[0] ?? '_';
      bySize.set(letter, [...(bySize.get(letter) ?? []), name]);
    }
    buckets.set(size, bySize);
  }

  return {
    name: 'dms:blueprint-icon-buckets',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === LOADER_ID || id.startsWith(BUCKET_PREFIX)) return `\0${id}`;
      if (
        id === './iconNames' &&
        importer &&
        /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/][^\\/]+$/.test(importer)
      ) {
        return `\0${NAMES_ID}`;
      }
      return null;
    },
    load(id) {
      if (id === `\0${NAMES_ID}`) {
        return [
          '// Blueprint writes icon names in kebab case; IconNames.CHEVRON_DOWN and IconNames.ChevronDown map to it.',
          'const toKebab = (key) =>',
          "  /^[A-Z0-9_]+$/.test(key) ? key.toLowerCase().replace(/_/g, '-') : key.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();",
          "export const IconNames = new Proxy({}, { get: (_, key) => (typeof key === 'string' ? toKebab(key) : undefined) });",
          "export const IconNamesSet = { has: (name) => typeof name === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) };",
        ].join('\n');
      }
      if (id === `\0${LOADER_ID}`) {
        const lines = SIZES.map((size) => {
          const entries = [...(buckets.get(size)?.keys() ?? [])].map(
            (letter) =>
              `${JSON.stringify(letter)}: () => import(${JSON.stringify(`${BUCKET_PREFIX}${size}/${letter}`)})`,
          );
          return `${size}: { ${entries.join(', ')} }`;
        });
        return [
          `const buckets = { ${lines.join(', ')} };`,
          'export async function loadIconPaths(name, size) {',
          '  const bySize = size >= 20 ? buckets[20] : buckets[16];',
          '  const load = bySize[name.charAt(0)];',
          '  if (!load) throw new Error(`no icon bucket for ${name}`);',
          '  const paths = (await load()).default[name];',
          '  if (!paths) throw new Error(`unknown icon ${name}`);',
          '  return paths;',
          '}',
        ].join('\n');
      }
      if (id.startsWith(`\0${BUCKET_PREFIX}`)) {
        const [size = '16', letter = ''] = id.slice(BUCKET_PREFIX.length + 1).split('/');
        const names = buckets.get(size)?.get(letter) ?? [];
        const imports = names.map(
          (name, i) => `import p${i} from ${JSON.stringify(path.join(pathsDir(size), `${name}.js`))};`,
        );
        const record = names.map((name, i) => `${JSON.stringify(name)}: p${i}`);
        return `${imports.join('\n')}\nexport default { ${record.join(', ')} };`;
      }
      return null;
    },
  };
}

/** The chunk an icon bucket goes to: `bp-icons-16-a`, `bp-icons-20-s`, … */
export function iconChunkName(id: string): string | null {
  const bucket = /blueprint-icon-bucket\/(16|20)\/([a-z0-9_])/.exec(id);
  if (bucket) return `bp-icons-${bucket[1]}-${bucket[2]}`;
  // Blueprint's own all-paths index (paths/index.js) stays out: it would drag every icon into bucket "i".
  const file =
    /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]generated[\\/](16|20)px[\\/]paths[\\/](?!index\.js)([a-z0-9])/.exec(
      id,
    );
  if (file) return `bp-icons-${file[1]}-${file[2]}`;
  return null;
}
