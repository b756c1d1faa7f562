import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { verifyPassword } from '../auth/auth.password';
import { tempDir } from '../../testing/testing.store';
import { openConfiguredStore } from './db.open';
import { likePattern } from './db.store';

const databaseUrl = process.env.DATABASE_URL;
const dataDir = tempDir();
const schema = `dms_test_${randomBytes(6).toString('hex')}`;
const config = { databaseUrl, dataDir, adminPassword: undefined, scryptLogN: 10 };

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
});

describe('store opening and seeding', () => {
  it('seeds on first start: super role, admin with a generated password, providers and currencies', async () => {
    const { store, firstStart } = await openConfiguredStore(config, Date.now, schema);
    try {
      expect(firstStart?.adminAccount).toBe('admin');
      const generated = firstStart?.generatedPassword ?? '';
      expect(generated).toMatch(/^[A-Za-z0-9]{16}$/);
      const admin = await store.db
        .selectFrom('account')
        .selectAll()
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(admin).toMatchObject({ account: 'admin', role_id: 1 });
      expect(await verifyPassword(generated, admin.password_hash)).toBe(true);
      const role = await store.db
        .selectFrom('role')
        .selectAll()
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(role.name).toBe('Super Admin');
      const providers = await store.db.selectFrom('provider').select('id').execute();
      expect(providers.length).toBeGreaterThanOrEqual(5);
      const currencies = await store.db.selectFrom('currency').select('code').execute();
      expect(currencies.map((c) => c.code)).toEqual(
        expect.arrayContaining(['CNY', 'USD', 'INR', 'EUR', 'THB', 'VND', 'PHP']),
      );
      // New rows continue after the seeded ones on both dialects.
      const next = await store.db
        .insertInto('role')
        .values({ name: 'Next', description: '', permission: '8000', created_at: 1, updated_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(next.id).toBe(2);
    } finally {
      await store.close();
    }
  });

  it('restarts on existing data without seeding, hashing or printing credentials again', async () => {
    // The clock is read only by the seed step, which is also the only place that hashes.
    const seedClock = vi.fn(Date.now);
    const { store, firstStart } = await openConfiguredStore(
      { ...config, adminPassword: 'would-be-ignored' },
      seedClock,
      schema,
    );
    try {
      expect(firstStart).toBeUndefined();
      expect(seedClock).not.toHaveBeenCalled();
      const admins = await store.db.selectFrom('account').select('id').execute();
      expect(admins.map((a) => a.id)).toEqual([1]);
    } finally {
      await store.close();
    }
  });

  it.skipIf(databaseUrl)('keeps the SQLite file in WAL mode with foreign keys on', async () => {
    const { store } = await openConfiguredStore(config, Date.now);
    try {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db);
      expect(fk.rows[0]?.foreign_keys).toBe(1);
    } finally {
      await store.close();
    }
  });
});

describe('likePattern', () => {
  it('escapes LIKE wildcards and lowers case', () => {
    expect(likePattern('A_b%c\\d')).toBe('%a\\_b\\%c\\\\d%');
  });
});

describe('SQLite durability', () => {
  it('syncs every commit to disk (WAL with synchronous = FULL), so an acknowledged write survives a power loss', async () => {
    const dir = tempDir();
    const { store } = await openConfiguredStore(
      { ...config, databaseUrl: undefined, dataDir: dir },
      Date.now,
    );
    try {
      expect(store.sqlite?.pragma('journal_mode', { simple: true })).toBe('wal');
      // 2 = FULL (0 OFF, 1 NORMAL, 3 EXTRA).
      expect(store.sqlite?.pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
