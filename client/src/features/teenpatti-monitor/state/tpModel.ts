import { z } from 'zod';
import type {
  BetsPlaced,
  CrossbetGroup,
  RoundSettled,
  RoundStarted,
} from '@dms/shared/contracts/live/events';
import type { CrossbetGroupRow } from '@dms/shared/contracts/http/risk';
import type { PanelClock } from '@/components/monitor/panelClock';
import { TEEN_PATTI_CATEGORY_COUNTS, TEEN_PATTI_HANDS, TeenPattiCategory } from '@dms/shared/games/teenPatti';

/** The events the Teen Patti monitor reads, tagged with their name. */
export type TpEvent =
  | { type: 'round:started'; payload: RoundStarted }
  | { type: 'bets:placed'; payload: BetsPlaced }
  | { type: 'round:settled'; payload: RoundSettled }
  | { type: 'crossbet:raised'; payload: { group: CrossbetGroup } }
  | { type: 'crossbet:updated'; payload: { group: CrossbetGroup } };

/** Bounds of the slice (a wall runs for days). */
export const TABLES_MAX = 60;
export const PLAYERS_MAX = 2000;
export const BIG_WINS_MAX = 20;
export const GROUPS_MAX = 200;
export const CHART_BUCKET_MS = 60_000;
export const CHART_POINTS_MAX = 120;
/** Rounds remembered as counted (a round settled twice, or on load and live, counts once). */
export const SEEN_ROUNDS_MAX = 5000;
/** Bets kept per round in play (to settle each player's stake). */
export const ROUND_BETS_MAX = 5000;
/** A table with no event for this long (event time) behind the newest leaves the screen. */
export const TABLE_IDLE_MS = 30 * 60_000;
/** A panel of the monitor turns stale after this much silence at least (three expected gaps when longer). */
export const PANEL_FLOOR_MS = 30_000;

/** The categories, strongest first (the order of the distribution table). */
export const CATEGORIES: readonly TeenPattiCategory[] = [
  TeenPattiCategory.Trail,
  TeenPattiCategory.PureSequence,
  TeenPattiCategory.Sequence,
  TeenPattiCategory.Colour,
  TeenPattiCategory.Pair,
  TeenPattiCategory.HighCard,
];

/** Theoretical probability of each category of a 3-card hand from a full deck. */
export function categoryProbability(c: TeenPattiCategory): number {
  return TEEN_PATTI_CATEGORY_COUNTS[c] / TEEN_PATTI_HANDS;
}

/** A round's result as the platform sends it (`teenPattiResult`): the parts the monitor reads. */
export const tpResultSchema = z.object({
  winner: z.enum(['player_a', 'player_b', 'tie']),
  categoryA: z.number().int().min(1).max(6),
  categoryB: z.number().int().min(1).max(6),
});
export type TpResult = {
  winner: 'player_a' | 'player_b' | 'tie';
  categoryA: TeenPattiCategory;
  categoryB: TeenPattiCategory;
};

/** The result of a round, or null when it is not a Teen Patti result. */
export function parseResult(result: Record<string, unknown>): TpResult | null {
  const r = tpResultSchema.safeParse(result);
  return r.success ? (r.data as TpResult) : null;
}

export interface SideTotal {
  amount: number;
  bets: number;
}

export interface RoundBet {
  key: string;
  betType: string;
  amount: number;
}

export interface TpRound {
  roundId: string;
  startedAt: number | null;
  totals: Record<string, SideTotal>;
  bets: RoundBet[];
  /** The players who bet on it (`provider:account`). */
  accounts: Record<string, 1>;
  players: number;
}

export interface TpTable {
  tableId: string;
  provider: number;
  current: TpRound | null;
  last: { roundId: string; settledAt: number; result: TpResult | null } | null;
  lastTs: number;
}

export interface PlayerStats {
  key: string;
  provider: number;
  account: string;
  rounds: number;
  wins: number;
  stake: number;
  payout: number;
  lastAt: number;
}

export interface BigWin {
  key: string;
  roundId: string;
  tableId: string;
  betType: string;
  amount: number;
  payout: number;
  at: number;
}

export interface TpGroup {
  id: string;
  kind: 'pair' | 'ring';
  level: number;
  members: { provider: number; account: string }[];
  rounds: number;
  turnover: number;
  lastSeenAt: number;
  tables: string[];
}

export interface TpMonitorState {
  tables: Record<string, TpTable>;
  /** Hands seen per category (both hands of every settled round). */
  hands: Record<number, number>;
  /** Settled rounds counted, newest last (bounded). */
  seen: string[];
  chart: { t: number; rounds: number }[];
  players: Record<string, PlayerStats>;
  bigWins: BigWin[];
  /** Stake and payout over every settled round (from the rounds' totals). */
  house: { stake: number; payout: number };
  groups: Record<string, TpGroup>;
  /** Every Teen Patti table seen (bounded): the cross-bet groups shown are those on one of them. */
  knownTables: string[];
  clocks: { tables: PanelClock; chart: PanelClock; groups: PanelClock };
}

export const memberKey = (provider: number, account: string) => `${provider}:${account}`;

export function toGroup(g: CrossbetGroup | CrossbetGroupRow): TpGroup {
  return {
    id: g.id,
    kind: g.kind,
    level: g.level,
    members: g.members.map((m) => ({ provider: m.provider, account: m.account })),
    rounds: g.rounds,
    turnover: g.turnover,
    lastSeenAt: g.lastSeenAt,
    tables: [...g.tables],
  };
}
