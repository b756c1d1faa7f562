import { describe, expect, it } from 'vitest';
import { storeFailureKind, storeRefusalReason } from './db.failure';

const err = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('storeFailureKind', () => {
  it.each([
    ['connection refused', err('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['PostgreSQL shutting down', err('terminating connection due to administrator command', '57P01')],
    ['PostgreSQL disk full', err('could not extend file', '53100')],
    ['a deadlock', err('deadlock detected', '40P01')],
    ['a missing table', err('relation "bet_record" does not exist', '42P01')],
    ['SQLite disk full', err('database or disk is full', 'SQLITE_FULL')],
    ['SQLite busy', err('database is locked', 'SQLITE_BUSY_SNAPSHOT')],
    ['a closed connection', err('The database connection is not open')],
    ['a pool timeout', err('timeout exceeded when trying to connect')],
  ])('calls %s a failure of the store', (_, e) => {
    expect(storeFailureKind(e)).toBe('store');
  });

  it.each([
    ['a NUL in text', err('invalid byte sequence for encoding "UTF8": 0x00', '22021')],
    ['a number out of range', err('value "9999999999" is out of range for type integer', '22003')],
    ['a trigger refusal', err('poisoned account', 'P0001')],
    ['a SQLite constraint', err('poisoned account', 'SQLITE_CONSTRAINT_TRIGGER')],
    ['an error without a code', new TypeError("Cannot read properties of undefined (reading 'x')")],
  ])('calls %s a failure that a row may cause', (_, e) => {
    expect(storeFailureKind(e)).toBe('data');
  });
});

describe('storeRefusalReason', () => {
  it("gives the driver's first line, at most 200 characters", () => {
    expect(storeRefusalReason(err('value too long\nDETAIL: insert into x …'))).toBe('store: value too long');
    expect(storeRefusalReason(err('x'.repeat(500)))).toHaveLength(207);
    expect(storeRefusalReason({})).toBe('store: the event could not be written');
  });
});
