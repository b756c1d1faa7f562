import { describe, expect, it } from 'vitest';
import type { DisplaySelf } from '@dms/shared/contracts/http/display';
import { initialWallState, isStale, wallReducer, type WallEvent, type WallState } from './wallMachine';

const pending: DisplaySelf = {
  id: 7,
  state: 'pending',
  code: 'ABCD2345',
  codeExpiresAt: 1_000_600,
  name: 'wall:alerts',
  permission: [],
  providers: [],
};
const active: DisplaySelf = {
  ...pending,
  state: 'active',
  code: null,
  codeExpiresAt: null,
  name: 'Floor 2',
  permission: ['8000'],
  providers: [1001],
};

const run = (...events: WallEvent[]): WallState => events.reduce(wallReducer, initialWallState);
const issued: WallEvent = {
  type: 'pairIssued',
  token: 't'.repeat(48),
  code: 'ABCD2345',
  expiresAt: 1_000_600,
  at: 1_000,
};

describe('wall state machine', () => {
  it('pairs a wall without a token: asks for a code, shows it, then runs once approved', () => {
    const asking = run({ type: 'opened', token: null });
    expect(asking.phase).toEqual({ kind: 'pairing', code: null, expiresAt: null, reason: 'new' });
    const showing = wallReducer(asking, issued);
    expect(showing.phase).toMatchObject({ kind: 'pairing', code: 'ABCD2345', expiresAt: 1_000_600 });
    expect(showing.token).toBe('t'.repeat(48));
    const stillPending = wallReducer(showing, { type: 'selfLoaded', self: pending, at: 3_000 });
    expect(stillPending.phase.kind).toBe('pairing');
    const paired = wallReducer(stillPending, { type: 'selfLoaded', self: active, at: 5_000 });
    expect(paired.phase).toEqual({ kind: 'paired', self: active });
    expect(paired.token).toBe('t'.repeat(48));
    expect(paired.lastContactAt).toBe(5_000);
  });

  it('starts a wall with a kept token straight into its monitor after a reload', () => {
    const starting = run({ type: 'opened', token: 'k'.repeat(48) });
    expect(starting.phase.kind).toBe('starting');
    const paired = wallReducer(starting, { type: 'selfLoaded', self: active, at: 10 });
    expect(paired.phase.kind).toBe('paired');
    expect(paired.token).toBe('k'.repeat(48));
  });

  it('goes stale when the link drops, keeps the time it dropped and the last contact, and heals on reconnect', () => {
    let s = run(
      { type: 'opened', token: 'k'.repeat(48) },
      { type: 'selfLoaded', self: active, at: 10 },
      { type: 'linkUp', at: 20 },
    );
    s = wallReducer(s, { type: 'contacted', at: 500 });
    expect(isStale(s)).toBe(false);
    s = wallReducer(s, { type: 'linkDown', at: 1_000 });
    expect(isStale(s)).toBe(true);
    expect(s.staleSince).toBe(1_000);
    // A second drop report does not move the start of the outage; the data (phase) stays.
    s = wallReducer(s, { type: 'linkDown', at: 9_000 });
    expect(s.staleSince).toBe(1_000);
    expect(s.lastContactAt).toBe(500);
    expect(s.phase).toEqual({ kind: 'paired', self: active });
    // The gateway answers a health check: contact, but still stale until the socket is back.
    s = wallReducer(s, { type: 'contacted', at: 12_000 });
    expect([isStale(s), s.lastContactAt]).toEqual([true, 12_000]);
    s = wallReducer(s, { type: 'linkUp', at: 13_000 });
    expect([isStale(s), s.staleSince, s.lastContactAt]).toEqual([false, null, 13_000]);
  });

  it('returns a revoked wall to the pairing screen and forgets its token', () => {
    const paired = run(
      { type: 'opened', token: 'k'.repeat(48) },
      { type: 'selfLoaded', self: active, at: 10 },
      { type: 'linkDown', at: 50 },
    );
    const revoked = wallReducer(paired, { type: 'tokenRefused', at: 60 });
    expect(revoked.phase).toEqual({ kind: 'pairing', code: null, expiresAt: null, reason: 'revoked' });
    expect(revoked.token).toBeNull();
    expect(isStale(revoked)).toBe(false);
    // The new code keeps the reason on screen until it is approved.
    const again = wallReducer(revoked, issued);
    expect(again.phase).toMatchObject({ kind: 'pairing', code: 'ABCD2345', reason: 'revoked' });
  });

  it('asks for a new code when the shown one lapses or the gateway refuses the pending token', () => {
    const showing = run({ type: 'opened', token: null }, issued);
    const lapsed = wallReducer(showing, { type: 'codeExpired', at: 1_000_600 });
    expect(lapsed.phase).toEqual({ kind: 'pairing', code: null, expiresAt: null, reason: 'expired' });
    expect(lapsed.token).toBeNull();
    const refused = wallReducer(showing, { type: 'tokenRefused', at: 2_000 });
    expect(refused.phase).toMatchObject({ kind: 'pairing', code: null, reason: 'expired' });
    // A lapse reported after approval changes nothing.
    const paired = wallReducer(showing, { type: 'selfLoaded', self: active, at: 3_000 });
    expect(wallReducer(paired, { type: 'codeExpired', at: 4_000 })).toBe(paired);
  });

  it('a pairing wall whose gateway comes back is online again with its answer', () => {
    const showing = run({ type: 'opened', token: null }, issued, { type: 'linkDown', at: 2_000 });
    expect(isStale(showing)).toBe(true);
    const back = wallReducer(showing, { type: 'selfLoaded', self: pending, at: 4_000 });
    expect([isStale(back), back.lastContactAt]).toEqual([false, 4_000]);
  });
});
