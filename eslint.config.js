// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // The package boundaries of STYLE.md: shared imports neither app; the apps never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './shared', from: './client', message: 'shared must not import the client' },
            { target: './shared', from: './gateway', message: 'shared must not import the gateway' },
            { target: './client', from: './gateway', message: 'the client never imports the gateway' },
            { target: './gateway', from: './client', message: 'the gateway never imports the client' },
            // Client flow: lib/components/hooks/utils/config -> features -> app.
            {
              target: './client/src/features',
              from: './client/src/app',
              message: 'features must not import app',
            },
            {
              target: ['./client/src/lib', './client/src/components'],
              from: ['./client/src/features', './client/src/app'],
              message: 'lower layers must not import features or app',
            },
          ],
        },
      ],
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
