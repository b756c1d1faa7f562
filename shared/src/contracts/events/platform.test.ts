import { describe, expect, it } from 'vitest';
import { MONEY_MAX, checkPlatformEvent, ingestBatchSchema, platformEventSchema } from './platform';

const bet = {
  type: 'bet.placed',
  id: 'tx-1',
  provider: 1001,
  currency: 'CNY',
  ts: 1_709_265_600_000,
  playerId: 1,
  account: 'alice',
  transactionId: 'tx-1',
  roundId: 'r-1',
  betType: 'banker',
  amount: 10_000,
  gameId: 1,
  shoeId: 's-1',
  tableId: 'BAC-01',
};

describe('platform events', () => {
  it('accepts each event type by its `type`', () => {
    expect(checkPlatformEvent(bet)).toEqual({ ok: true, event: bet });
    const settled = {
      type: 'round.settled',
      id: 'st-1',
      provider: 1001,
      currency: 'CNY',
      ts: bet.ts,
      roundId: 'r-1',
      gameId: 1,
      tableId: 'BAC-01',
      shoeId: 's-1',
      result: { winner: 'banker', player: [17, 18] },
      payouts: [{ transactionId: 'tx-1', playerId: 1, payout: 19_500 }],
    };
    expect(checkPlatformEvent(settled).ok).toBe(true);
    expect(checkPlatformEvent({ ...settled, result: [1, 2] })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^result: /),
    });
    expect(checkPlatformEvent({ ...settled, result: { cards: 'x'.repeat(5000) } })).toMatchObject({
      ok: false,
    });
    expect(checkPlatformEvent({ ...bet, type: 'transfer', direction: 1, amount: 5 }).ok).toBe(true);
  });

  it('refuses money that is negative, fractional or above the bound', () => {
    for (const amount of [-1, 1.5, MONEY_MAX + 1]) {
      const r = checkPlatformEvent({ ...bet, amount });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/^amount: /);
    }
    expect(checkPlatformEvent({ ...bet, amount: MONEY_MAX }).ok).toBe(true);
  });

  it('refuses ids longer than 64 characters or with spaces, and names the field', () => {
    expect(checkPlatformEvent({ ...bet, roundId: 'r'.repeat(65) })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^roundId: /),
    });
    expect(checkPlatformEvent({ ...bet, tableId: 'a table' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^tableId: /),
    });
  });

  it('refuses a bet type of another game, an unknown game and an unknown event type', () => {
    expect(checkPlatformEvent({ ...bet, betType: 'pair_plus' })).toMatchObject({
      ok: false,
      reason: 'betType: betType is not a bet of this game',
    });
    expect(checkPlatformEvent({ ...bet, gameId: 2, betType: 'pair_plus' }).ok).toBe(true);
    expect(checkPlatformEvent({ ...bet, gameId: 3 })).toMatchObject({
      ok: false,
      reason: 'gameId: unknown gameId',
    });
    expect(checkPlatformEvent({ ...bet, type: 'bet.cancelled' })).toMatchObject({ ok: false, id: 'tx-1' });
  });

  it('refuses a transfer direction other than 0 (out) and 1 (in)', () => {
    expect(checkPlatformEvent({ ...bet, type: 'transfer', direction: 2, amount: 5 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^direction: /),
    });
  });

  it('accepts IPv4 and IPv6 addresses only', () => {
    const login = {
      type: 'player.login',
      id: 'l-1',
      provider: 1,
      currency: 'USD',
      ts: bet.ts,
      playerId: 7,
      account: 'bob',
      device: 'ios',
    };
    expect(checkPlatformEvent({ ...login, ip: '203.0.113.9' }).ok).toBe(true);
    expect(checkPlatformEvent({ ...login, ip: '2001:db8::1' }).ok).toBe(true);
    expect(checkPlatformEvent({ ...login, ip: 'localhost' }).ok).toBe(false);
  });

  it('refuses text holding NUL, other control characters or bidirectional controls, naming the field', () => {
    const events = [
      { ...bet, account: 'p\u0000' },
      { ...bet, account: 'p\u0000', type: 'bonus.granted', kind: 'rebate' },
      { ...bet, betType: 'banker\u0000' },
      {
        type: 'player.login',
        id: 'l-1',
        provider: 1001,
        currency: 'CNY',
        ts: bet.ts,
        playerId: 9,
        account: 'a',
        device: 'ios\r\n',
        ip: '10.0.0.1',
      },
      {
        type: 'bonus.granted',
        id: 'b-1',
        provider: 1001,
        currency: 'CNY',
        ts: bet.ts,
        playerId: 9,
        account: 'a',
        kind: 'reb\u0007ate',
        amount: 1,
      },
    ];
    for (const event of events) {
      const check = checkPlatformEvent(event);
      expect(check.ok).toBe(false);
      if (!check.ok)
        expect(check.reason).toMatch(/^(account|betType|device|kind): must not contain control characters$/);
    }
    expect(checkPlatformEvent({ ...bet, account: 'evil\u202egnp.exe' })).toEqual({
      ok: false,
      id: 'tx-1',
      reason: 'account: must not contain bidirectional control characters',
    });
    expect(
      checkPlatformEvent({ ...bet, account: '\u5f20\u4e09 \u0627\u0644\u0639\u0631\u0628\u064a\u0629' }).ok,
    ).toBe(true);
  });

  it('drops unknown fields', () => {
    const parsed = platformEventSchema.parse({ ...bet, extra: 'x' });
    expect(parsed).not.toHaveProperty('extra');
  });

  it('answers exactly as the schema for valid events and every field spoilt in turn', () => {
    const common = { id: 'e-1', provider: 1001, currency: 'CNY', ts: bet.ts };
    const valid: Record<string, unknown>[] = [
      bet,
      { ...bet, gameId: 2, betType: 'pair_plus' },
      { type: 'round.started', ...common, roundId: 'r-1', gameId: 1, tableId: 'T-1', shoeId: 's-1' },
      {
        type: 'round.settled',
        ...common,
        roundId: 'r-1',
        gameId: 2,
        tableId: 'T-1',
        shoeId: 's-1',
        result: { winner: 'player_a' },
        payouts: [
          { transactionId: 'tx-1', playerId: 1, payout: 0 },
          { transactionId: 'tx-2', playerId: 2, payout: 5, extra: true },
        ],
      },
      { type: 'player.registered', ...common, playerId: 9, account: 'a', device: 'ios', ip: '10.0.0.1' },
      { type: 'player.login', ...common, playerId: 9, account: 'a', device: 'ios', ip: '2001:db8::1' },
      { type: 'transfer', ...common, playerId: 9, account: 'a', direction: 1, amount: 5 },
      { type: 'transfer', ...common, playerId: 9, account: 'a', direction: 0, amount: 5, balanceAfter: 0 },
      { type: 'bonus.granted', ...common, playerId: 9, account: 'a', kind: 'rebate', amount: 1 },
      { type: 'prize.awarded', ...common, playerId: 9, account: 'a', kind: 'jackpot', amount: 1 },
    ];
    const spoilers: unknown[] = [
      undefined,
      null,
      '',
      'a b',
      'x'.repeat(33),
      'x'.repeat(65),
      -1,
      0,
      1,
      2,
      3,
      1.5,
      NaN,
      Infinity,
      2 ** 53,
      MONEY_MAX + 1,
      '1',
      '10.0.0.256',
      '::1',
      'banker',
      {},
      [],
      [{ transactionId: 'tx-1', playerId: 0, payout: 1 }],
      'p\u0000',
      'a\u001fb',
      'a\u007f',
      'abc\u202edcba',
      'x\u2066y',
    ];
    let checked = 0;
    for (const event of valid) {
      for (const key of [...Object.keys(event), 'extra']) {
        for (const value of spoilers) {
          for (const candidate of [{ ...event, [key]: value }, event]) {
            const schema = platformEventSchema.safeParse(candidate);
            const check = checkPlatformEvent(candidate);
            expect(check.ok).toBe(schema.success);
            if (check.ok && schema.success) expect(check.event).toStrictEqual(schema.data);
            checked += 1;
          }
        }
      }
      const { ...without } = event;
      delete without.id;
      expect(checkPlatformEvent(without).ok).toBe(false);
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it('bounds an ingest batch to 1–5000 events', () => {
    expect(ingestBatchSchema.safeParse({ events: [] }).success).toBe(false);
    expect(ingestBatchSchema.safeParse({ events: new Array(5000).fill(bet) }).success).toBe(true);
    expect(ingestBatchSchema.safeParse({ events: new Array(5001).fill(bet) }).success).toBe(false);
  });
});
