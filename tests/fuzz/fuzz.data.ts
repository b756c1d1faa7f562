import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { PlatformEvent } from '@dms/shared/contracts/events/platform';
import type { Store } from '../../gateway/src/platform/db/db.store';

/**
 * The good data a fuzz run starts from, and the fingerprint of every table that holds data (everything
 * but the logs a refused request may legitimately write: sessions, the audit log, remembered sign-in
 * devices and the migration bookkeeping).
 */

/** Tables a refused request may write to (a failed sign-in is audited; a sign-in opens a session). */
export const LOG_TABLES = new Set([
  'session',
  'audit_log',
  'login_device',
  'kysely_migration',
  'kysely_migration_lock',
]);

const DAY = 86_400_000;

/** About 400 valid platform events over the last five days: every type, three providers, two currencies. */
export function seedEvents(now: number): PlatformEvent[] {
  const out: PlatformEvent[] = [];
  const scopes = [
    { provider: 1001, currency: 'CNY' },
    { provider: 1002, currency: 'USD' },
    { provider: 1003, currency: 'CNY' },
  ];
  let n = 0;
  for (let day = 4; day >= 0; day--) {
    for (const [s, scope] of scopes.entries()) {
      const base = now - day * DAY - 3_600_000 * (s + 1);
      for (let p = 1; p <= 4; p++) {
        const playerId = s * 100 + p;
        const account = `fz-${scope.provider}-${p}`;
        const ts = base + p * 1000;
        const tag = `${day}-${s}-${p}`;
        if (day === 4) {
          out.push({
            type: 'player.registered',
            id: `fz-reg-${tag}`,
            ...scope,
            ts,
            playerId,
            account,
            device: 'ios',
            ip: '10.1.2.3',
          });
        }
        out.push({
          type: 'player.login',
          id: `fz-login-${tag}`,
          ...scope,
          ts: ts + 1,
          playerId,
          account,
          device: 'android',
          ip: '2001:db8::7',
        });
        out.push({
          type: 'transfer',
          id: `fz-tin-${tag}`,
          ...scope,
          ts: ts + 2,
          playerId,
          account,
          direction: 1,
          amount: 100_000 + p,
        });
        out.push({
          type: 'bonus.granted',
          id: `fz-bonus-${tag}`,
          ...scope,
          ts: ts + 3,
          playerId,
          account,
          kind: 'rebate',
          amount: 500,
        });
        out.push({
          type: 'prize.awarded',
          id: `fz-prize-${tag}`,
          ...scope,
          ts: ts + 4,
          playerId,
          account,
          kind: 'jackpot',
          amount: 700,
        });
        out.push({
          type: 'transfer',
          id: `fz-tout-${tag}`,
          ...scope,
          ts: ts + 5,
          playerId,
          account,
          direction: 0,
          amount: 50_000,
          balanceAfter: 50_000 + p,
        });
      }
      for (let r = 0; r < 3; r++) {
        const roundId = `fz-r-${day}-${s}-${r}`;
        const gameId: 1 | 2 = r === 2 ? 2 : 1;
        const tableId = gameId === 1 ? 'FZ-BAC' : 'FZ-TP';
        const ts = base + 100_000 + r * 60_000;
        out.push({
          type: 'round.started',
          id: `fz-rs-${roundId}`,
          ...scope,
          ts,
          roundId,
          gameId,
          tableId,
          shoeId: `${tableId}-1`,
        });
        const bets = [1, 2, 3].map((p) => ({
          type: 'bet.placed' as const,
          id: `fz-bet-${roundId}-${p}`,
          ...scope,
          ts: ts + p * 100,
          playerId: s * 100 + p,
          account: `fz-${scope.provider}-${p}`,
          transactionId: `fz-bet-${roundId}-${p}`,
          roundId,
          betType: gameId === 1 ? (p === 1 ? 'banker' : 'player') : p === 1 ? 'player_a' : 'player_b',
          amount: 1000 * p,
          gameId,
          shoeId: `${tableId}-1`,
          tableId,
        }));
        out.push(...bets);
        out.push({
          type: 'round.settled',
          id: `fz-st-${roundId}`,
          ...scope,
          ts: ts + 30_000,
          roundId,
          gameId,
          tableId,
          shoeId: `${tableId}-1`,
          result: { winner: gameId === 1 ? 'banker' : 'player_a', note: '<b>=1+1</b>' },
          payouts: bets.map((b, i) => ({
            transactionId: b.transactionId,
            playerId: b.playerId,
            payout: i === 0 ? b.amount * 2 : 0,
          })),
        });
        n += 1;
      }
    }
  }
  return n > 0 ? out : [];
}

/** The tables of the store that hold data (not logs), by name. */
async function dataTables(store: Store): Promise<string[]> {
  const rows =
    store.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(store.db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          store.db,
        );
  return rows.rows
    .map((r) => r.name)
    .filter((name) => !LOG_TABLES.has(name))
    .sort();
}

/** A fingerprint of every data table: its row count and a hash of its rows in a stable order. */
export async function fingerprint(store: Store): Promise<Record<string, { rows: number; sha256: string }>> {
  const out: Record<string, { rows: number; sha256: string }> = {};
  for (const table of await dataTables(store)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(store.db);
    const lines = rows.rows
      .map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))
      .sort();
    out[table] = { rows: lines.length, sha256: createHash('sha256').update(lines.join('\n')).digest('hex') };
  }
  return out;
}
