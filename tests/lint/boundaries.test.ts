import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The lint rules of STYLE.md's boundaries, each shown firing on a deliberately bad file: a rule that has
// never failed proves nothing. Import probes are linted as if they sat at the given path, with the
// repository's own configuration (eslint.config.js) and its TypeScript resolver; the type-aware rule and
// the cycle are shown on fixture files (tests/lint/fixtures, ignored by `npm run lint` itself).

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The repository's configuration, for text at a path no project holds: type-aware rules off. */
let probes: ESLint;
/** The repository's configuration with type information, for the fixture files. */
let fixtures: ESLint;

beforeAll(() => {
  probes = new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  });
  fixtures = new ESLint({ cwd: root, ignore: false });
});

/** The rule ids and messages ESLint reports for `code` placed at `filePath` (relative to the repository). */
async function lint(filePath: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await probes.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

/** The rule ids ESLint reports on a fixture file. */
async function lintFixture(name: string): Promise<(string | null)[]> {
  const [result] = await fixtures.lintFiles([`${root}tests/lint/fixtures/${name}`]);
  return (result?.messages ?? []).map((m) => m.ruleId);
}

const restricted = (message: RegExp) => ({
  rule: 'import-x/no-restricted-paths',
  message: expect.stringMatching(message),
});

describe('lint boundaries', () => {
  it('refuses shared importing the gateway or the client', async () => {
    expect(
      await lint('shared/src/domain/probe.ts', "export { createApp } from '../../../gateway/src/app';\n"),
    ).toEqual([restricted(/shared must not import the gateway/)]);
    expect(
      await lint('shared/src/domain/probe.ts', "export { live } from '../../../client/src/lib/live/live';\n"),
    ).toEqual([restricted(/shared must not import the client/)]);
  });

  it('refuses the client importing the gateway, and the gateway the client', async () => {
    expect(
      await lint(
        'client/src/lib/probe.ts',
        "export type { Config } from '../../../gateway/src/config/config';\n",
      ),
    ).toEqual([restricted(/the client never imports the gateway/)]);
    expect(
      await lint('gateway/src/probe.ts', "export { live } from '../../client/src/lib/live/live';\n"),
    ).toEqual([restricted(/the gateway never imports the client/)]);
  });

  it("refuses the client's lower layers importing a feature or app, by '@/' path or relative path", async () => {
    expect(
      await lint('client/src/lib/probe.ts', "export { RolePage } from '@/features/role/RolePage';\n"),
    ).toEqual([restricted(/lower layers .* must not import features or app/)]);
    expect(await lint('client/src/components/probe.ts', "export { store } from '../app/store';\n")).toEqual([
      restricted(/lower layers .* must not import features or app/),
    ]);
    expect(await lint('client/src/features/role/probe.ts', "export { store } from '@/app/store';\n")).toEqual(
      [restricted(/features must not import app/)],
    );
  });

  it('refuses a feature importing another feature, and lets it import its own files and lower layers', async () => {
    expect(
      await lint(
        'client/src/features/role/probe.ts',
        "export { StaffPage } from '@/features/staff/StaffPage';\n",
      ),
    ).toEqual([restricted(/a feature never imports another feature/)]);
    expect(
      await lint(
        'client/src/features/role/probe.ts',
        "export { RoleTable } from './components/RoleTable';\nexport { live } from '@/lib/live/live';\n",
      ),
    ).toEqual([]);
  });

  it('keeps gateway services free of Express, socket.io and Kysely, and lets repositories use Kysely', async () => {
    for (const [specifier, what] of [
      ['express', /no Express/],
      ['socket.io', /no socket\.io/],
      ['kysely', /no Kysely/],
    ] as const) {
      const found = await lint(
        'gateway/src/modules/probe/probe.service.ts',
        `export type { X } from '${specifier}';\n`,
      );
      expect(found.map((f) => f.rule)).toContain('no-restricted-imports');
      expect(found.find((f) => f.rule === 'no-restricted-imports')?.message).toMatch(what);
    }
    expect(
      await lint(
        'gateway/src/modules/probe/probe.repository.ts',
        "import { sql } from 'kysely';\n\nexport const one = sql`select 1`;\n",
      ),
    ).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    expect(await lintFixture('cycle/left.ts')).toEqual(['import-x/no-cycle']);
  });

  it('refuses a floating promise, with type information', async () => {
    expect(await lintFixture('floating.ts')).toEqual(['@typescript-eslint/no-floating-promises']);
  });
});
