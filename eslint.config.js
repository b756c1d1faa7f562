// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { typescriptResolver } from './eslint.resolver.js';

/** The client's feature folders: each may import none of the others (STYLE.md, client flow). */
const FEATURES = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** shared imports neither app; the apps never import each other (STYLE.md, boundaries). */
const PACKAGE_ZONES = [
  { target: './shared', from: './client', message: 'shared must not import the client' },
  { target: './shared', from: './gateway', message: 'shared must not import the gateway' },
  { target: './shared', from: './tests', message: 'shared must not import the tests' },
  { target: './client', from: './gateway', message: 'the client never imports the gateway' },
  { target: './gateway', from: './client', message: 'the gateway never imports the client' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      '**/*.d.ts',
      'tests/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Imports resolve as tsc resolves them (tsconfig paths, workspaces, extensionless .ts): see the resolver.
      'import-x/resolver-next': [typescriptResolver],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The package boundaries of STYLE.md, on resolved files: shared imports neither app, the apps never
      // import each other. Tests too.
      'import-x/no-restricted-paths': ['error', { zones: PACKAGE_ZONES }],
    },
  },
  {
    // The client's layers: lib/components/hooks/utils/config -> features -> app, and a feature never imports
    // another feature (cross-feature reactions go through events declared lower down). Tests may compose
    // layers (a lib test renders with the app's real store); the test helpers under testing/ likewise.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/**/*.test.{ts,tsx}', 'client/src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...PACKAGE_ZONES,
            {
              target: './client/src/features',
              from: './client/src/app',
              message: 'features must not import app',
            },
            {
              target: [
                './client/src/lib',
                './client/src/components',
                './client/src/hooks',
                './client/src/utils',
                './client/src/config',
              ],
              from: ['./client/src/features', './client/src/app'],
              message: 'lower layers (lib, components, hooks, utils, config) must not import features or app',
            },
            ...FEATURES.map((feature) => ({
              target: `./client/src/features/${feature}`,
              from: './client/src/features',
              except: [`./${feature}`],
              message: 'a feature never imports another feature: share through lib, components or events',
            })),
          ],
        },
      ],
    },
  },
  {
    // Use cases and RxJS pipelines stay free of the web framework, the live channel and the database:
    // routes and handlers speak HTTP and socket.io, repositories alone touch Kysely.
    files: ['gateway/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['express', 'express/*', 'express-rate-limit', 'helmet'],
              message: 'a service imports no Express: validate and answer in x.routes.ts',
            },
            {
              group: ['socket.io', 'socket.io/*', '@socket.io/*'],
              message: 'a service imports no socket.io: talk to the live channel through its notifier',
            },
            {
              group: ['kysely', 'kysely/*'],
              message: 'a service imports no Kysely: queries live in x.repository.ts',
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules, on every TypeScript file of the packages and the tests.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'shared runs in the browser too: no Node APIs' }] },
      ],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A refusal's `msg` is the gateway's English text: screens show `errorMessageOf(e)` (the message key's
    // or code's text in the user's language), and only lib/api falls back to `msg`.
    files: ['client/src/{features,components}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='msg']",
          message:
            'Show a refusal with errorMessageOf() from lib/api/baseQuery: msg is the English fallback.',
        },
      ],
    },
  },
);
