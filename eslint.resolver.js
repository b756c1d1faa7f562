// @ts-check
import { builtinModules } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * An import resolver for eslint-plugin-import-x (interface version 3) that resolves exactly as the
 * TypeScript compiler does for the file's own package: its tsconfig (`paths` such as the client's `@/*`,
 * `moduleResolution: Bundler`, extensionless `.ts`/`.tsx` imports) and the npm workspaces (`@dms/shared/…`
 * resolves to `shared/src/…`). It uses the TypeScript that type-checks the repository, so it needs no native
 * binding and agrees with `tsc` by construction: the package boundaries, layers and cycles of STYLE.md are
 * checked on the files the compiler would load.
 */

const root = dirname(new URL(import.meta.url).pathname);

/** The tsconfig that owns a file: the nearest package among these, else the tests' (which includes scripts). */
const PROJECTS = ['shared', 'gateway', 'client', 'tests'];

/** @type {Map<string, { options: ts.CompilerOptions; cache: ts.ModuleResolutionCache }>} */
const projects = new Map();

/** @param {string} project */
function load(project) {
  let loaded = projects.get(project);
  if (loaded) return loaded;
  const file = join(root, project, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(file, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${file}`);
  loaded = {
    options: parsed.options,
    cache: ts.createModuleResolutionCache(join(root, project), (f) => f, parsed.options),
  };
  projects.set(project, loaded);
  return loaded;
}

/** @param {string} sourceFile */
function projectOf(sourceFile) {
  const top = relative(root, sourceFile).split(sep)[0] ?? '';
  return PROJECTS.includes(top) ? top : 'tests';
}

const builtins = new Set(builtinModules);

/** @type {import('eslint-plugin-import-x/types.js').NewResolver} */
export const typescriptResolver = {
  interfaceVersion: 3,
  name: 'dms-typescript',
  resolve(modulePath, sourceFile) {
    if (modulePath.startsWith('node:') || builtins.has(modulePath)) return { found: true, path: null };
    const { options, cache } = load(projectOf(sourceFile));
    const { resolvedModule } = ts.resolveModuleName(modulePath, sourceFile, options, ts.sys, cache);
    if (!resolvedModule) return { found: false };
    return { found: true, path: resolvedModule.resolvedFileName };
  },
};
