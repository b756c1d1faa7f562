import { describe, expect, it } from 'vitest';
import type { AlertRow } from '@dms/shared/contracts/http/risk';
import type { AlertChanged } from '@dms/shared/contracts/live/events';
import { feedStatus } from '@/testing/fixtures';
import { boardReducer, emptyBoard, openAlertsNewestFirst, type AlertsBoard } from './alertsBoard';

const row = (id: number, level: 1 | 2 | 3, raisedAt: number, seq = id): AlertRow => ({
  id,
  seq,
  kind: 'crossbet',
  level,
  state: 'open',
  subject: `g${id}`,
  providers: [1001],
  raisedAt,
  assignee: null,
  snoozedUntil: null,
  outcome: null,
  by: null,
  at: null,
});
const change = (
  id: number,
  level: 1 | 2 | 3,
  state: 'open' | 'acknowledged' | 'resolved',
  seq: number,
  raisedAt = 5_000,
): AlertChanged => ({
  v: 1,
  seq,
  providers: [1001],
  alert: { id, kind: 'player', level, state, subject: `1001:p${id}`, raisedAt },
});
const loaded = (): AlertsBoard =>
  boardReducer(emptyBoard, {
    type: 'loaded',
    items: [row(1, 3, 1_000), row(2, 1, 3_000)],
    counts: { 1: 1, 2: 0, 3: 1 },
    at: 10,
  });

describe('alerts board', () => {
  it('lists open alerts newest first with counts by level and remembers the last seq', () => {
    const board = loaded();
    expect(openAlertsNewestFirst(board).map((a) => a.id)).toEqual([2, 1]);
    expect(board.counts).toEqual({ 1: 1, 2: 0, 3: 1 });
    expect(board.lastSeq).toBe(2);
    // Nothing arrived yet: the last alert is the newest loaded one, by its own time.
    expect(board.lastAlertAt).toBe(10);
    expect(
      boardReducer(emptyBoard, {
        type: 'loaded',
        items: [row(1, 3, 4)],
        counts: { 1: 0, 2: 0, 3: 1 },
        at: 10,
      }).lastAlertAt,
    ).toBe(4);
  });

  it('adds a raised alert, removes an acknowledged or resolved one, and counts them', () => {
    let board = boardReducer(loaded(), { type: 'alertChanged', payload: change(3, 2, 'open', 7), at: 20 });
    expect(openAlertsNewestFirst(board).map((a) => a.id)).toEqual([3, 2, 1]);
    expect(board.counts).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect([board.lastSeq, board.lastAlertAt]).toEqual([7, 20]);
    board = boardReducer(board, { type: 'alertChanged', payload: change(1, 3, 'acknowledged', 8), at: 30 });
    board = boardReducer(board, { type: 'alertChanged', payload: change(2, 1, 'resolved', 9), at: 31 });
    expect(openAlertsNewestFirst(board).map((a) => a.id)).toEqual([3]);
    expect(board.counts).toEqual({ 1: 0, 2: 1, 3: 0 });
  });

  it('applies a replayed change once: an old or repeated seq of a known alert changes nothing', () => {
    const once = boardReducer(loaded(), { type: 'alertChanged', payload: change(3, 3, 'open', 7), at: 20 });
    const twice = boardReducer(once, { type: 'alertChanged', payload: change(3, 3, 'open', 7), at: 21 });
    expect(twice.counts).toEqual(once.counts);
    const stale = boardReducer(once, { type: 'alertChanged', payload: change(1, 3, 'open', 1), at: 22 });
    expect(stale.counts).toEqual(once.counts);
    // A reopened alert comes back.
    const gone = boardReducer(once, { type: 'alertChanged', payload: change(1, 3, 'resolved', 8), at: 23 });
    const back = boardReducer(gone, { type: 'alertChanged', payload: change(1, 3, 'open', 9), at: 24 });
    expect(back.counts[3]).toBe(2);
  });

  it('judges the feed by its pushes: storing sets the time and the rhythm, a still count does not', () => {
    const status = (eventsTotal: number, eventsPerSec: number) =>
      feedStatus({ eventsTotal, eventsPerSec, lastEventAt: 1 });
    let board = boardReducer(emptyBoard, { type: 'feedStatus', status: status(100, 50), at: 1_000 });
    expect([board.feedSeenAt, board.feedExpectMs]).toEqual([1_000, 1_000]);
    board = boardReducer(board, { type: 'feedStatus', status: status(100, 50), at: 2_000 });
    expect(board.feedSeenAt).toBe(1_000);
    // A restart counts from zero again: a different count is news too.
    board = boardReducer(board, { type: 'feedStatus', status: status(3, 0.2), at: 9_000 });
    expect([board.feedSeenAt, board.feedExpectMs]).toEqual([9_000, 5_000]);
  });
});
