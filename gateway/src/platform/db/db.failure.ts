/**
 * Which store errors are about the store itself (down, full, busy, misconfigured: every write would fail,
 * and a retry later may succeed) and which may be about the data written (a value the column refuses, a
 * constraint, a trigger's refusal). The pipeline splits a failed batch to find a bad event only for the
 * latter.
 */

/** Node's socket and DNS error codes of a connection that is gone or cannot be made. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL SQLSTATE classes about the server or the transaction, not the values: 08 connection, 25
 * transaction state (read-only), 40 rollback (serialization, deadlock), 42 syntax or access rules (a bug
 * or a missing grant: every batch would hit it), 53 resources (disk full, memory, connections), 55 object
 * state (lock not available), 57 operator intervention (shutdown, cancel), 58 system (I/O), XX internal.
 */
const PG_STORE_CLASSES = new Set(['08', '25', '40', '42', '53', '55', '57', '58', 'XX']);

/** SQLite result codes (primary, as better-sqlite3 spells them) about the database file or connection. */
const SQLITE_STORE_CODES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_NOMEM',
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_PROTOCOL',
  'SQLITE_INTERRUPT',
  'SQLITE_ERROR',
];

/**
 * `'store'` when the error is about the store, not about any row written (the batch must not be split:
 * every part would fail the same way); `'data'` when it may be caused by one of the rows.
 */
export function storeFailureKind(err: unknown): 'store' | 'data' {
  if (!err || typeof err !== 'object') return 'data';
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code)) return 'store';
    if (/^[0-9A-Z]{5}$/.test(code) && PG_STORE_CLASSES.has(code.slice(0, 2))) return 'store';
    // SQLITE_ERROR is SQLite's generic code for a statement it cannot run (no such table, syntax): a bug
    // or a wrong schema, never one row's value.
    if (SQLITE_STORE_CODES.some((c) => code === c || code.startsWith(`${c}_`))) return 'store';
  }
  const message = (err as { message?: unknown }).message;
  // pg's pool and client report a lost or impossible connection without a code.
  if (
    typeof message === 'string' &&
    /Connection terminated|connection is not open|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    )
  )
    return 'store';
  return 'data';
}

/** A short reason for refusing one event whose write failed: the driver's first line, without its SQL. */
export function storeRefusalReason(err: unknown): string {
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  const line = message.split('\n')[0]?.trim() ?? '';
  return line ? `store: ${line.slice(0, 200)}` : 'store: the event could not be written';
}
