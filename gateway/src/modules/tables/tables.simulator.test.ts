import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstValueFrom, filter } from 'rxjs';
import type { Page } from '@dms/shared/contracts/envelope';
import type { AuditRow } from '@dms/shared/contracts/http/audit';
import {
  TABLE_ICON_PATH,
  sniffImageType,
  type TableRow,
  type UnconfiguredTable,
} from '@dms/shared/contracts/http/tables';
import type { PlatformEvent, RoundStartedEvent } from '@dms/shared/contracts/events/platform';
import { API_BASE } from '@dms/shared/contracts/http/paths';
import { startTestApp, type TestApp } from '../../testing/testing.app';
import { EventBatchWriter } from '../../engine/batch.service';
import { EventsRepository } from '../../engine/events.repository';
import { DayCutter } from '../../engine/events.mapper';
import { EventPipeline } from '../../engine/pipeline.service';
import { FeedStateRepository } from '../../feed/feedState.repository';
import { SIM_STATE_KEY, SimulatorService, type SimState } from '../../feed/simulator.service';
import { DAY_MS, defaultTables } from '../../feed/sim.world';
import { AuditService } from '../audit/audit.service';
import { TablesService } from './tables.service';

/** Table setting and the built-in simulator together: the default tables, what is played, what is listed. */

let t: TestApp;
let pipeline: EventPipeline;
let tables: TablesService;

beforeAll(async () => {
  t = await startTestApp();
  const store = t.app.store;
  tables = new TablesService({ store, audit: new AuditService(store, Date.now), now: Date.now });
  pipeline = new EventPipeline(
    new EventBatchWriter(EventsRepository.of(store), new DayCutter(t.config.timeZone)),
    { now: Date.now },
  );
  pipeline.start();
});
afterAll(async () => {
  await pipeline?.stop();
  await t?.close();
});

const list = async () =>
  (
    await t.call<Page<TableRow>>('GET', '/gamesetting/table/list', {
      token: t.adminToken,
      query: { pageSize: 100 },
    })
  ).body.data.list;
const unconfigured = async () =>
  (await t.call<UnconfiguredTable[]>('GET', '/gamesetting/table/unconfigured', { token: t.adminToken })).body
    .data;
const post = (path: string, body: unknown) => t.call('POST', path, { token: t.adminToken, body });

/** A simulator over the app's store playing Table setting's tables; what it submitted is in `seen`. */
function simulator(speed: number) {
  const seen: PlatformEvent[] = [];
  const sim = new SimulatorService(
    { seed: 'tables-sim', players: 300, historyDays: 1, speed, now: Date.now, tickMs: 25, tables },
    new FeedStateRepository(t.app.store),
    (events) => {
      seen.push(...(events as PlatformEvent[]));
      return pipeline.submit(events);
    },
  );
  return { sim, seen };
}

async function runUntil(sim: SimulatorService, until: () => boolean): Promise<void> {
  const abort = new AbortController();
  const running = sim.run(abort.signal);
  await firstValueFrom(sim.status$.pipe(filter((s) => s.state === 'live')));
  const started = Date.now();
  while (!until() && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
  abort.abort();
  await running;
}

const rounds = (events: readonly PlatformEvent[]) =>
  events.filter((e): e is RoundStartedEvent => e.type === 'round.started');
const dayOf = (r: RoundStartedEvent) =>
  parseInt(r.roundId.slice(r.tableId.length + 1).split('-')[0] ?? '', 36);

describe('table setting and the simulator', () => {
  it('configures the simulator default tables on a fresh install, with a PNG icon each, once', async () => {
    expect(await tables.seedDefaults(defaultTables(300))).toBe(true);
    const rows = await list();
    expect(rows.map((r) => [r.gameId, r.tableId, r.name, r.type, r.enabled, r.iconType]).sort()).toEqual([
      [1, 'BAC-01', 'Baccarat 1', 1, true, 'image/png'],
      [1, 'BAC-02', 'Baccarat 2', 1, true, 'image/png'],
      [2, 'TP-01', 'Teen Patti 1', 1, true, 'image/png'],
    ]);
    const first = rows.find((r) => r.tableId === 'BAC-01') as TableRow;
    const res = await fetch(`${t.url}${API_BASE}${TABLE_ICON_PATH}/${first.id}`, {
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(sniffImageType(bytes)).toBe('image/png');
    expect(bytes.byteLength).toBe(first.iconSize);
    // Each in the audit log, by the system.
    const audit = (
      await t.call<Page<AuditRow>>('GET', '/permission/audit/list', {
        token: t.adminToken,
        query: { targetType: 'table', pageSize: 100 },
      })
    ).body.data.list;
    expect(audit.filter((a) => a.action === 'table.create' && a.actorName === 'system')).toHaveLength(3);
    // Not again once any table is configured, even a disabled one.
    await post('/gamesetting/table/enabled', { id: first.id, enabled: false });
    expect(await tables.seedDefaults(defaultTables(300))).toBe(false);
    await post('/gamesetting/table/enabled', { id: first.id, enabled: true });
    expect(await list()).toHaveLength(3);
  });

  it('plays the configured tables; a disabled one is no longer played from the next day and is not listed for adoption until deleted', async () => {
    // 300 players do not sit at every table every day (which tables a day of history holds depends on the
    // hour the simulator first starts), so it plays on until each table has had rounds.
    const { sim, seen } = simulator(100_000);
    const tablesPlayed = () => [...new Set(rounds(seen).map((r) => r.tableId))].sort();
    await runUntil(sim, () => tablesPlayed().length === 3);
    expect(tablesPlayed()).toEqual(['BAC-01', 'BAC-02', 'TP-01']);
    expect(await unconfigured()).toEqual([]);

    const bac2 = (await list()).find((r) => r.tableId === 'BAC-02') as TableRow;
    expect((await post('/gamesetting/table/enabled', { id: bac2.id, enabled: false })).status).toBe(200);
    // Configured, if disabled: not an unconfigured table.
    expect(await unconfigured()).toEqual([]);

    const state = await new FeedStateRepository(t.app.store).get<SimState>(SIM_STATE_KEY);
    const resumeDay = Math.floor((state as SimState).liveCursor / DAY_MS);
    const next = simulator(200_000);
    const laterRounds = () => rounds(next.seen).filter((r) => dayOf(r) > resumeDay);
    // Two days past the change at least, and until BAC-01 has been played on one of them.
    await runUntil(
      next.sim,
      () =>
        laterRounds().some((r) => dayOf(r) > resumeDay + 1) &&
        laterRounds().some((r) => r.tableId === 'BAC-01'),
    );
    const later = laterRounds();
    expect(later.length).toBeGreaterThan(0);
    expect(later.some((r) => r.tableId === 'BAC-02')).toBe(false);
    expect(later.some((r) => r.tableId === 'BAC-01')).toBe(true);
    const recorded = await new FeedStateRepository(t.app.store).get<SimState>(SIM_STATE_KEY);
    expect(recorded?.tables?.map((x) => x.tableId)).toEqual(['BAC-01', 'TP-01']);
    expect(await unconfigured()).toEqual([]);

    // Deleted: its stored rounds name a table no longer configured, listed for adoption.
    expect((await post('/gamesetting/table/delete', { id: bac2.id })).status).toBe(200);
    const listed = await unconfigured();
    expect(listed.map((u) => [u.gameId, u.tableId])).toEqual([[1, 'BAC-02']]);
    expect(listed[0]?.rounds).toBeGreaterThan(0);
  });
});
