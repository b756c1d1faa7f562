import { describe, expect, it } from 'vitest';
import { checkPlatformEvent, type PlatformEvent } from '@dms/shared/contracts/events/platform';
import { GameId } from '@dms/shared/domain/games';
import { simulateDay } from './sim.day';
import { DAY_MS, buildWorld, defaultTables, type WorldInput } from './sim.world';

/** The simulated world playing the tables of Table setting. */

const FROM = Date.UTC(2025, 0, 1);
const input = (o: Partial<WorldInput> = {}): WorldInput => ({
  seed: 'sim-tables',
  players: 1500,
  providers: [1001, 1002, 1003],
  currencies: ['CNY', 'USD'],
  historyFrom: FROM,
  historyTo: FROM + 10 * DAY_MS,
  ...o,
});
const day = FROM / DAY_MS + 4;
const tablesOf = (events: readonly PlatformEvent[]) =>
  new Set(events.flatMap((e) => (e.type === 'round.started' ? [e.tableId] : [])));
const valid = (events: readonly PlatformEvent[]) => {
  for (const e of events) expect(checkPlatformEvent(e)).toEqual({ ok: true, event: e });
};

describe('the world with configured tables', () => {
  it('plays exactly the configured tables, their games and order, deterministically', () => {
    const tables = [
      { gameId: GameId.Baccarat, tableId: 'HALL-B2' },
      { gameId: GameId.TeenPatti, tableId: 'TP.VIP' },
      { gameId: GameId.Baccarat, tableId: 'HALL-B1' },
      { gameId: GameId.Baccarat, tableId: 'SQUEEZE:3' },
    ];
    const world = buildWorld(input({ tables }));
    expect(world.tables.map((t) => [t.id, t.gameId, t.popularity])).toEqual([
      ['HALL-B2', GameId.Baccarat, 1],
      ['TP.VIP', GameId.TeenPatti, 1],
      ['HALL-B1', GameId.Baccarat, 1 / 4],
      ['SQUEEZE:3', GameId.Baccarat, 1 / 9],
    ]);
    expect(JSON.stringify(buildWorld(input({ tables })))).toBe(JSON.stringify(world));
    // The players are those of the generated world; only their favourite tables are the configured ones.
    const generated = buildWorld(input());
    expect(world.players.map((p) => p.account)).toEqual(generated.players.map((p) => p.account));
    expect(world.groups.map((g) => g.members)).toEqual(generated.groups.map((g) => g.members));
    for (const g of world.groups) expect(world.tables[g.table]?.gameId).toBe(GameId.Baccarat);

    const events = simulateDay(world, day);
    expect(JSON.stringify(simulateDay(buildWorld(input({ tables })), day))).toBe(JSON.stringify(events));
    expect([...tablesOf(events)].sort()).toEqual(['HALL-B1', 'HALL-B2', 'SQUEEZE:3', 'TP.VIP']);
    for (const e of events) if ('tableId' in e) expect(tables.map((t) => t.tableId)).toContain(e.tableId);
    valid(events);
  });

  it('is the generated world when the configured tables are its default ones, or none', () => {
    const generated = buildWorld(input());
    expect(generated.tables.map((t) => ({ gameId: t.gameId, tableId: t.id }))).toEqual(defaultTables(1500));
    expect(defaultTables(1500).map((t) => t.tableId)).toEqual(['BAC-01', 'BAC-02', 'TP-01']);
    expect(JSON.stringify(buildWorld(input({ tables: defaultTables(1500) })))).toBe(JSON.stringify(generated));
    expect(JSON.stringify(buildWorld(input({ tables: [] })))).toBe(JSON.stringify(generated));
    // Tables of a game the simulator does not play are left out.
    expect(JSON.stringify(buildWorld(input({ tables: [{ gameId: 99, tableId: 'OTHER-1' }] })))).toBe(
      JSON.stringify(generated),
    );
  });

  it('sends every session to the one game configured, and keeps long table ids within the event schema', () => {
    const long = `B${'x'.repeat(63)}`;
    const world = buildWorld(input({ tables: [{ gameId: GameId.Baccarat, tableId: long }] }));
    const events = simulateDay(world, day);
    expect([...tablesOf(events)]).toEqual([long]);
    expect(events.filter((e) => e.type === 'bet.placed').length).toBeGreaterThan(500);
    for (const e of events) if (e.type === 'bet.placed') expect(e.gameId).toBe(GameId.Baccarat);
    valid(events);

    const teenPatti = buildWorld(input({ tables: [{ gameId: GameId.TeenPatti, tableId: 'TP-ONLY' }] }));
    const tpEvents = simulateDay(teenPatti, day);
    expect([...tablesOf(tpEvents)]).toEqual(['TP-ONLY']);
    valid(tpEvents);
  });
});
