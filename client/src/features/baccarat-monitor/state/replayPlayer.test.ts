import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { LiveReplayPage, ReplayItem } from '@dms/shared/contracts/http/liveReplay';
import { REPLAY_TICK_MS, ReplayPlayer } from './replayPlayer';

const FROM = Date.UTC(2026, 10, 26, 9);

function roundAt(at: number, id: string): ReplayItem {
  return {
    kind: 'round',
    at,
    flagged: false,
    groups: [],
    round: {
      v: 1,
      providers: [1001],
      roundId: id,
      gameId: 1,
      tableId: 'BAC-1',
      shoeId: 'S1',
      settledAt: at,
      result: { winner: 'banker' },
      totals: [],
    },
  };
}

function setup(pages: LiveReplayPage[]) {
  const actions: UnknownAction[] = [];
  const queries: { cursor?: string | undefined }[] = [];
  const player = new ReplayPlayer({
    dispatch: (a) => actions.push(a),
    fetchPage: async (q) => {
      queries.push(q);
      const page = pages.shift();
      if (!page) throw new Error('no page');
      return page;
    },
    now: () => 0,
  });
  const advanced = () =>
    actions
      .filter((a) => a.type === 'baccaratMonitor/replayAdvanced')
      .map((a) => a.payload as { items: ReplayItem[]; clock: number });
  return { player, actions, queries, advanced };
}

describe('ReplayPlayer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves its clock by tick × speed, fetches the next page, and finishes', async () => {
    const { player, actions, queries, advanced } = setup([
      { items: [roundAt(FROM + 5_000, 'a'), roundAt(FROM + 20_000, 'b')], next: 'c1' },
      { items: [roundAt(FROM + 30_000, 'c')], next: null },
    ]);
    player.start(FROM, FROM + 60_000, 60);
    expect(actions[0]?.type).toBe('baccaratMonitor/replayStarted');
    await vi.advanceTimersByTimeAsync(REPLAY_TICK_MS);
    // 200 ms at ×60 is 12 s of event time: round a only.
    expect(advanced().at(-1)).toMatchObject({ clock: FROM + 12_000 });
    expect(
      advanced().flatMap((s) => s.items.map((i) => (i.kind === 'round' ? i.round.roundId : ''))),
    ).toEqual(['a']);
    expect(queries.map((q) => q.cursor)).toEqual([undefined, 'c1']);
    await vi.advanceTimersByTimeAsync(REPLAY_TICK_MS * 10);
    const played = advanced().flatMap((s) => s.items.map((i) => (i.kind === 'round' ? i.round.roundId : '')));
    expect(played).toEqual(['a', 'b', 'c']);
    expect(actions.at(-1)?.type).toBe('baccaratMonitor/replayFinished');
    expect(player.active).toBe(false);
  });

  it('skips a long silence, holds still while paused, and stops back to live', async () => {
    const { player, actions, advanced } = setup([
      { items: [roundAt(FROM + 3_600_000, 'late'), roundAt(FROM + 3_700_000, 'later')], next: null },
    ]);
    player.start(FROM, FROM + 7_200_000, 10);
    await vi.advanceTimersByTimeAsync(REPLAY_TICK_MS);
    // An hour of silence at ×10 would be six minutes: the clock jumps to the next round instead.
    expect(
      advanced()
        .at(-1)
        ?.items.map((i) => i.at),
    ).toEqual([FROM + 3_600_000]);
    player.pause();
    const before = advanced().length;
    await vi.advanceTimersByTimeAsync(REPLAY_TICK_MS * 5);
    expect(advanced().length).toBe(before);
    player.resume();
    player.setSpeed(600);
    player.stop();
    expect(actions.map((a) => a.type)).toContain('baccaratMonitor/replayStopped');
    expect(player.active).toBe(false);
  });

  it('reports a page that cannot be loaded', async () => {
    const { player, actions } = setup([]);
    player.start(FROM, FROM + 60_000, 60);
    await vi.advanceTimersByTimeAsync(REPLAY_TICK_MS);
    expect(actions.map((a) => a.type)).toContain('baccaratMonitor/replayFailed');
    expect(player.active).toBe(false);
  });
});
