import { spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/testing.store';
import { AUTOCHECKPOINT_PAGES, startCheckpointer } from './db.checkpointer';

const dirs: string[] = [];
const open = (name = 'c.sqlite') => {
  const dir = tempDir('dms-checkpointer-');
  dirs.push(dir);
  const file = join(dir, name);
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table t (id integer primary key, text text not null)');
  return { db, file };
};
const mark = (db: BetterSqlite3.Database) => db.pragma('wal_autocheckpoint', { simple: true });
/** Writes about 4 MB (a thousand pages) in ten transactions. */
const write = (db: BetterSqlite3.Database) => {
  const insert = db.prepare('insert into t (text) values (?)');
  for (let i = 0; i < 10; i++) db.transaction(() => insert.run('x'.repeat(400_000)))();
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('startCheckpointer', () => {
  it('copies the log into the database on its worker while the connection never checkpoints', async () => {
    const { db, file } = open();
    const checkpointer = startCheckpointer(file, db, undefined, 20);
    expect(mark(db)).toBe(0);
    const before = statSync(file).size;
    write(db);
    // Only a checkpoint writes the database file itself; this connection takes none.
    await expect.poll(() => statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(before + 3_000_000);
    await checkpointer.stop();
    expect(checkpointer.running).toBe(false);
    expect(mark(db)).toBe(AUTOCHECKPOINT_PAGES);
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 10 });
    db.close();
  });

  it('without it the database file stays as it was until a checkpoint (the test above can fail)', () => {
    const { db, file } = open();
    db.pragma('wal_autocheckpoint = 0');
    const before = statSync(file).size;
    write(db);
    expect(statSync(file).size).toBe(before);
    db.close();
  });

  it('gives the connection its mark back and says why when the worker fails', async () => {
    const { db, file } = open();
    const failures: unknown[] = [];
    // The worker opens only a file that exists: this one does not, so it fails at once.
    const checkpointer = startCheckpointer(`${file}.missing`, db, (err) => failures.push(err), 20);
    await expect.poll(() => checkpointer.running, { timeout: 10_000 }).toBe(false);
    expect(failures).toHaveLength(1);
    // An error thrown on the worker comes over as its fields (its class stays there).
    expect(JSON.stringify(failures[0]) + String(failures[0])).toMatch(/unable to open|SQLITE_CANTOPEN/i);
    expect(mark(db)).toBe(AUTOCHECKPOINT_PAGES);
    await checkpointer.stop();
    db.close();
  });

  it('keeps a process that only waits for its stop alive until the worker has exited', () => {
    const { db, file } = open();
    db.close();
    const module = fileURLToPath(new URL('./db.checkpointer.ts', import.meta.url));
    // A process with nothing else to do: it must print `stopped`, not exit while the worker still runs.
    const script = `
      import BetterSqlite3 from 'better-sqlite3';
      import { startCheckpointer } from ${JSON.stringify(module)};
      const db = new BetterSqlite3(${JSON.stringify(file)});
      const checkpointer = startCheckpointer(${JSON.stringify(file)}, db, undefined, 20);
      const insert = db.prepare('insert into t (text) values (?)');
      for (let i = 0; i < 10; i++) db.transaction(() => insert.run('x'.repeat(400_000)))();
      await checkpointer.stop();
      console.log('stopped', checkpointer.running);
    `;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('stopped false');
  });
});
