import type { PlatformEvent } from '@dms/shared/contracts/events/platform';
import { T0, ev } from '../events.fixtures';

/**
 * The events of round `i`: its start, two opposite bets and its settlement, on one of three tables, with
 * a transfer every third round. Event times grow with `i`.
 */
export function roundEvents(i: number, prefix = 'r'): PlatformEvent[] {
  const roundId = `${prefix}${i}`;
  const ts = T0 + i * 1000;
  const tableId = `BAC-0${i % 3}`;
  const common = { roundId, tableId, shoeId: 'S1', ts: ts + 100 };
  const a = `${roundId}-a`;
  const b = `${roundId}-b`;
  const events: PlatformEvent[] = [
    ev.round({ id: `rs-${roundId}`, roundId, tableId, ts }),
    ev.bet({ ...common, id: a, transactionId: a, account: `p${i % 7}`, playerId: i % 7, betType: 'banker' }),
    ev.bet({
      ...common,
      id: b,
      transactionId: b,
      account: `q${i % 5}`,
      playerId: 100 + (i % 5),
      betType: 'player',
    }),
    ev.settled({
      id: `st-${roundId}`,
      roundId,
      tableId,
      ts: ts + 500,
      payouts: [
        { transactionId: a, playerId: i % 7, payout: 19_500 },
        { transactionId: b, playerId: 100 + (i % 5), payout: 0 },
      ],
    }),
  ];
  if (i % 3 === 0)
    events.push(ev.transfer({ id: `tr-${roundId}`, ts: ts + 200, playerId: i % 7, account: `p${i % 7}` }));
  return events;
}

/** The events of rounds `from` to `to - 1`. */
export function roundsEvents(from: number, to: number, prefix = 'r'): PlatformEvent[] {
  const out: PlatformEvent[] = [];
  for (let i = from; i < to; i++) out.push(...roundEvents(i, prefix));
  return out;
}
