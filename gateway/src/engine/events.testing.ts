import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { openTestStore, tempDir, type TestStore } from '../testing/testing.store';
import type { Store } from '../platform/db/db.store';

/**
 * A fresh migrated store for a test file (SQLite in a temp directory, or a new PostgreSQL schema when
 * DATABASE_URL is set), migrated up to the platform data tables (0003).
 */
export async function openEventsTestStore(): Promise<TestStore> {
  const dataDir = tempDir('dms-events-');
  const opened = await openTestStore(
    { databaseUrl: process.env.DATABASE_URL, dataDir, adminPassword: 'admin-secret', scryptLogN: 10 },
    Date.now,
  );
  // The PostgreSQL store drops its schema on dispose; its unused temp directory goes too.
  const test: TestStore = {
    ...opened,
    dispose: async () => {
      await opened.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return test;
}

/** Row count of a table. */
export async function countRows(store: Store, table: string): Promise<number> {
  const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
    store.db,
  );
  return Number(r.rows[0]?.n ?? 0);
}
