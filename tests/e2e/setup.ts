import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { describeOpenPages } from './harness';

/** Where a failed browser test leaves its screenshots (E2E_FAILURE_DIR, else a temp directory). */
const FAILURE_DIR = process.env.E2E_FAILURE_DIR ?? join(tmpdir(), 'dms-e2e-failures');

// A failed browser test prints what each open page showed: its address, text, recent errors and a screenshot.
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  mkdirSync(FAILURE_DIR, { recursive: true });
  const prefix = context.task.name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 60);
  const description = await describeOpenPages(FAILURE_DIR, prefix);
  console.error(`\n[e2e] "${context.task.name}" failed; the open pages:\n${description || '(none)'}\n`);
}, 60_000);
