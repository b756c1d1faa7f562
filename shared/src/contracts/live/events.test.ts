import { describe, expect, it } from 'vitest';
import {
  CLIENT_COMMAND_SCHEMAS,
  LIVE_COMMANDS,
  LIVE_EVENTS,
  SERVER_EVENT_SCHEMAS,
  ackSchema,
  crossbetChangedSchema,
  liveResumedSchema,
  parseServerEvent,
  screensOf,
  unpackToListeners,
  unpackToListenersAndAny,
  type PackReceiver,
} from './events';
import { PERM } from '../../permissions/codes';

const group = {
  id: 'g-1',
  kind: 'ring',
  level: 3,
  members: [
    { provider: 1001, account: 'a' },
    { provider: 1002, account: 'b' },
    { provider: 1001, account: 'c' },
  ],
  rounds: 12,
  turnover: 1_200_000,
  firstDetectedAt: 1_763_800_000_000,
  lastSeenAt: 1_763_800_900_000,
  tables: ['BAC-01'],
};

describe('the live contract', () => {
  it('names notifications entity:verbed and commands entity:verb, each with a schema', () => {
    for (const name of Object.values(LIVE_EVENTS)) {
      expect(name).toMatch(/^[a-z]+:[a-z]+ed$/);
      expect(SERVER_EVENT_SCHEMAS[name]).toBeDefined();
    }
    for (const name of Object.values(LIVE_COMMANDS)) {
      expect(name).toMatch(/^[a-z]+:[a-z]+$/);
      expect(name).not.toMatch(/ed$/);
      expect(CLIENT_COMMAND_SCHEMAS[name]).toBeDefined();
    }
    expect(Object.keys(SERVER_EVENT_SCHEMAS).sort()).toEqual(Object.values(LIVE_EVENTS).sort());
  });

  it('accepts a cross-bet ring with its providers and store sequence number', () => {
    const parsed = parseServerEvent(LIVE_EVENTS.crossbetRaised, {
      v: 1,
      seq: 42,
      providers: [1001, 1002],
      group,
    });
    expect(parsed.success).toBe(true);
  });

  it('sends cross-bet findings to the baccarat monitor, risk data and the Teen Patti monitor', () => {
    const payload = crossbetChangedSchema.parse({ v: 1, seq: 42, providers: [1001], group });
    expect(screensOf(LIVE_EVENTS.crossbetRaised, payload)).toEqual([
      PERM.BACCARAT_MONITOR,
      PERM.RISK_DATA,
      PERM.TEEN_PATTI_MONITOR,
    ]);
    expect(screensOf(LIVE_EVENTS.crossbetUpdated, payload)).toContain(PERM.TEEN_PATTI_MONITOR);
  });

  it('refuses a finding without providers, without seq, or of another version', () => {
    for (const payload of [
      { v: 1, seq: 42, providers: [], group },
      { v: 1, providers: [1001], group },
      { v: 2, seq: 42, providers: [1001], group },
      { v: 1, seq: -1, providers: [1001], group },
    ]) {
      expect(parseServerEvent(LIVE_EVENTS.crossbetUpdated, payload).success).toBe(false);
    }
  });

  it('checks alerts, flagged players and batched bets', () => {
    expect(
      parseServerEvent(LIVE_EVENTS.alertAcknowledged, {
        v: 1,
        seq: 7,
        providers: [1001],
        alert: {
          id: 3,
          kind: 'player',
          level: 2,
          state: 'acknowledged',
          subject: '1001:alice',
          raisedAt: 1,
          by: { accountId: 1, name: 'admin' },
          at: 2,
        },
      }).success,
    ).toBe(true);
    expect(
      parseServerEvent(LIVE_EVENTS.playerFlagged, {
        v: 1,
        seq: 8,
        providers: [1001],
        player: {
          provider: 1001,
          account: 'alice',
          kinds: ['win_rate'],
          level: 4,
          score: 9,
          firstDetectedAt: 1,
        },
      }).success,
    ).toBe(false);
    expect(
      parseServerEvent(LIVE_EVENTS.betsPlaced, {
        v: 1,
        providers: [1001],
        roundId: 'r1',
        gameId: 1,
        tableId: 'BAC-01',
        bets: [
          {
            id: 'tx-1',
            provider: 1001,
            currency: 'CNY',
            account: 'a',
            betType: 'banker',
            amount: 100,
            ts: 1,
          },
        ],
      }).success,
    ).toBe(true);
  });

  it('answers live:resume with {data} or {error}', () => {
    const ack = ackSchema(liveResumedSchema);
    expect(ack.safeParse({ data: { replayed: 3, upTo: 45 } }).success).toBe(true);
    expect(ack.safeParse({ error: { code: -1, msg: 'after: too far back' } }).success).toBe(true);
    expect(ack.safeParse({ data: { replayed: -1, upTo: 45 } }).success).toBe(false);
    expect(CLIENT_COMMAND_SCHEMAS[LIVE_COMMANDS.resume].safeParse({ v: 1, after: 0 }).success).toBe(true);
  });
});

describe('live:pack on the receiving side', () => {
  /** A socket's listeners as socket.io keeps them: by event, and the `onAny` ones. */
  function receiver() {
    const got: string[] = [];
    const byEvent = new Map<string, ((payload: { n: number }) => void)[]>([
      ['bets:placed', [(p) => got.push(`bets ${p.n}`)]],
      ['round:started', [(p) => got.push(`started ${p.n}`)]],
    ]);
    const any = [(event: string, p: { n: number }) => got.push(`any ${event} ${p.n}`)];
    const socket: PackReceiver = {
      listeners: (event) => byEvent.get(event) ?? [],
      listenersAny: () => any,
    };
    return { socket, got };
  }
  const pack = [['bets:placed', { n: 1 }], 'not a pair', ['round:started', { n: 2 }]];

  it("hands each pair to its event's listeners, leaving the onAny listeners the pack as one message", () => {
    const { socket, got } = receiver();
    unpackToListeners(socket, pack);
    unpackToListeners(socket, { not: 'a list' });
    expect(got).toEqual(['bets 1', 'started 2']);
  });

  it('hands each pair to the onAny listeners first too, as if it had come alone', () => {
    const { socket, got } = receiver();
    unpackToListenersAndAny(socket, pack);
    expect(got).toEqual(['any bets:placed 1', 'bets 1', 'any round:started 2', 'started 2']);
  });
});
