import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const clientSrc = fileURLToPath(new URL('./client/src', import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './shared',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'gateway',
          root: './gateway',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': clientSrc } },
        test: {
          name: 'client',
          root: './client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'tooling',
          root: './tests',
          environment: 'node',
          include: ['lint/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'fuzz',
          root: './tests',
          environment: 'node',
          include: ['fuzz/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './tests',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          setupFiles: ['e2e/setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
