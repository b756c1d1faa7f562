import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Config } from '../config/config';
import { openConfiguredStore, type FirstStart } from '../platform/db/db.open';
import type { Store } from '../platform/db/db.store';

/** A store for one test file, and how to throw it away. */
export interface TestStore {
  store: Store;
  firstStart: FirstStart | undefined;
  /** The PostgreSQL schema it is in (a second connection, the risk engine's worker thread, opens it too). */
  pgSchema?: string;
  /** Closes the store and deletes its data (the SQLite directory or the PostgreSQL schema). */
  dispose(): Promise<void>;
}

/** A fresh temporary directory (removed by the caller). */
export function tempDir(prefix = 'dms-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Opens a fresh, migrated store chosen by the environment: PostgreSQL when DATABASE_URL is set (each
 * call in its own new schema `dms_test_<random>`, so parallel test files never meet), else a SQLite
 * file in a new temporary directory.
 */
export async function openTestStore(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'adminPassword' | 'scryptLogN'>,
  now: () => number,
): Promise<TestStore> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    const schema = `dms_test_${randomBytes(6).toString('hex')}`;
    const dropSchema = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    };
    try {
      const { store, firstStart } = await openConfiguredStore(config, now, schema);
      return {
        store,
        firstStart,
        pgSchema: schema,
        dispose: async () => {
          await store.close();
          await dropSchema();
        },
      };
    } catch (err) {
      await dropSchema();
      throw err;
    }
  }
  const { store, firstStart } = await openConfiguredStore(config, now);
  return {
    store,
    firstStart,
    dispose: async () => {
      await store.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
