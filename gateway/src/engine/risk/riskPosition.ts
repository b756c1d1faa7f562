import type { RiskInput } from './detector.port';

/** Kinds of input, in their order within one commit, event time and id. */
export const INPUT_KIND = { round: 0, transfer: 1, bonus: 2, prize: 3 } as const;

/**
 * Where an input stands in commit order: the commit sequence number of the batch that stored it (of a
 * round: that settled it), its event time (of a round: the settlement's), its id and its kind. The risk
 * runner's checkpoint is the position of the last input whose outputs are stored.
 */
export interface RiskPosition {
  seq: number;
  ts: number;
  id: string;
  /** {@link INPUT_KIND}. */
  kind: number;
}

/** Before every input (commit 0 holds what was stored before commit numbers existed). */
export const START_POSITION: RiskPosition = { seq: -1, ts: 0, id: '', kind: 0 };

/** Orders positions: negative when `a` comes first. */
export function comparePositions(a: RiskPosition, b: RiskPosition): number {
  if (a.seq !== b.seq) return a.seq - b.seq;
  if (a.ts !== b.ts) return a.ts - b.ts;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return a.kind - b.kind;
}

/** The position of an input. */
export function positionOf(input: RiskInput): RiskPosition {
  if (input.type === 'round') {
    const r = input.round;
    return { seq: r.seq, ts: r.settledAt, id: r.roundId, kind: INPUT_KIND.round };
  }
  const e = input.event;
  const kind =
    e.kind === 'bonus' ? INPUT_KIND.bonus : e.kind === 'prize' ? INPUT_KIND.prize : INPUT_KIND.transfer;
  return { seq: e.seq, ts: e.ts, id: e.id, kind };
}
