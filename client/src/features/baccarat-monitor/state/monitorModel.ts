import type { LiveTable, ReplayItem } from '@dms/shared/contracts/http/liveReplay';
import type { PanelClock } from '@/components/monitor/panelClock';
import {
  CROSSBET_VOLUME_BUCKET_MS,
  type CrossbetGroupRow,
  type CrossbetVolume,
} from '@dms/shared/contracts/http/risk';
import type {
  AlertChanged,
  BetsPlaced,
  CrossbetChanged,
  CrossbetGroup,
  LiveAlert,
  RoundSettled,
  RoundStarted,
} from '@dms/shared/contracts/live/events';

/**
 * The baccarat monitor's model: what it keeps of every live table, cross-bet group and chart bucket, and
 * the bounds that keep its memory flat however long a wall screen runs.
 */

/** Most beads of a table's road (one shoe: a new shoe starts a new road). */
export const ROAD_MAX = 100;
/** Most accounts remembered per round (for the player count and the cross-bet highlight). */
export const ROUND_ACCOUNTS_MAX = 2000;
/** Most tables kept; beyond it the table idle longest is dropped. */
export const TABLES_MAX = 300;
/** A table with no event for this long of event time (behind the newest) leaves the monitor. */
export const TABLE_IDLE_MS = 30 * 60_000;
/** Most cross-bet groups kept in the list (the least recent go first). */
export const GROUPS_MAX = 300;
/** Width of a chart bucket (event time) and most buckets kept (two hours). */
export const CHART_BUCKET_MS = CROSSBET_VOLUME_BUCKET_MS;
export const CHART_POINTS_MAX = 120;
/** Most recent alerts kept. */
export const ALERTS_MAX = 30;
/** Most pending flags per table, and tables with pending flags. */
export const PENDING_FLAGS_MAX = 20;
export const PENDING_TABLES_MAX = 100;
/** A panel of the monitor turns stale after this much silence at least (three expected gaps when longer). */
export const PANEL_FLOOR_MS = 10_000;

export type Winner = 'banker' | 'player' | 'tie';

/** One settled round on the bead plate. */
export interface Bead {
  roundId: string;
  settledAt: number;
  winner: Winner | null;
  playerPair: boolean;
  bankerPair: boolean;
  /** Evidence of a cross-bet group. */
  flagged: boolean;
}

/** Stakes of one bet type of a round. */
export interface SideTotal {
  amount: number;
  bets: number;
}

/**
 * The accounts seen betting on a round, as a set a batch extends without copying it whole: `older` is shared
 * between states and never changed, `newer` holds the latest additions and is all that a batch copies; at
 * {@link ACCOUNTS_NEWER_MAX} keys they are merged into a new `older`. A batch then copies at most that many keys
 * of each table's round, not its 2,000 accounts (a wall of 150 busy tables copied about 150,000 a batch). The
 * latest additions are a list: a copy of an object of 60 keys took 16 µs (300 rounds a batch: 5 ms in Node, up
 * to 37 ms of a wall's long task), a copy of the list 1 µs.
 */
export interface AccountSet {
  older: Readonly<Record<string, 1>>;
  /** Keys not in `older`, each once, fewer than {@link ACCOUNTS_NEWER_MAX}. */
  newer: string[];
}

export const ACCOUNTS_NEWER_MAX = 64;

export const emptyAccounts = (): AccountSet => ({ older: {}, newer: [] });

export const hasAccount = (set: AccountSet, key: string): boolean =>
  set.older[key] !== undefined || set.newer.includes(key);

/** Adds a key that {@link hasAccount} said is not in the set (the set must be this batch's copy). */
export function addAccount(set: AccountSet, key: string): void {
  set.newer.push(key);
  if (set.newer.length >= ACCOUNTS_NEWER_MAX) {
    const older: Record<string, 1> = { ...set.older };
    for (const k of set.newer) older[k] = 1;
    set.older = older;
    set.newer = [];
  }
}

/** A copy that a batch may extend; `older` stays shared. */
export const copyAccounts = (set: AccountSet): AccountSet => ({ older: set.older, newer: set.newer.slice() });

export function* accountKeys(set: AccountSet): Iterable<string> {
  for (const key in set.older) yield key;
  yield* set.newer;
}

/** A round on a table card: the one in play, or the last settled. */
export interface RoundView {
  roundId: string;
  startedAt: number | null;
  settledAt: number | null;
  /** By bet type (banker, player, tie, banker_pair, player_pair). */
  totals: Record<string, SideTotal>;
  /** The accounts seen betting (`provider:account`), at most {@link ROUND_ACCOUNTS_MAX}. */
  accounts: AccountSet;
  players: number;
  /** Whether every bet of the round was seen here (false when the monitor joined mid-round). */
  playersKnown: boolean;
  /** Cross-bet groups the round is evidence of (as the replay says, or as a live finding named it). */
  groups: string[];
}

export interface MonitorTable {
  tableId: string;
  provider: number;
  shoeId: string;
  current: RoundView | null;
  last: RoundView | null;
  road: Bead[];
  /** Event time of its newest event. */
  lastTs: number;
  clock: PanelClock;
}

export interface MonitorGroup {
  id: string;
  kind: 'pair' | 'ring';
  level: number;
  members: { provider: number; account: string }[];
  rounds: number;
  turnover: number;
  firstDetectedAt: number;
  lastSeenAt: number;
  tables: string[];
  /** Client time of its last live change (null: as loaded). */
  changedAt: number | null;
}

/** One chart bucket (event time): settled rounds, and evidence rounds newly flagged for pairs and rings. */
export interface ChartPoint {
  t: number;
  rounds: number;
  pairs: number;
  rings: number;
}

/** Evidence rounds of a live cross-bet change, counted in the chart bucket of `t`. */
export interface EvidenceCount {
  seq: number;
  t: number;
  kind: 'pair' | 'ring';
  rounds: number;
}

/** The minutes of stored evidence of the live chart (`GET /risk/crossbet/volume`; `bucketMs` is the chart's). */
export type EvidenceVolume = Pick<CrossbetVolume, 'seq' | 'from' | 'to' | 'points'>;

/**
 * Live evidence kept for the next load of the stored evidence, which needs only what is stored while it is
 * under way: far more changes than a load's round trip of a few seconds brings.
 */
export const EVIDENCE_SINCE_MAX = 200;

export type ReplayStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'finished' | 'failed';
export const REPLAY_SPEEDS = [10, 60, 600] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export interface ReplayState {
  status: ReplayStatus;
  from: number;
  to: number;
  speed: ReplaySpeed;
  /** The event time the replay has reached. */
  clock: number | null;
  rounds: number;
  flagged: number;
  alerts: number;
}

export interface MonitorState {
  mode: 'live' | 'replay';
  tables: Record<string, MonitorTable>;
  groups: Record<string, MonitorGroup>;
  chart: ChartPoint[];
  /** The live chart, kept while a replay draws its own. */
  liveChart: ChartPoint[] | null;
  /**
   * After a replay: the newest settlement the restored live chart already counts, so that the reloaded
   * roads add only the rounds settled since (null: count every bead the picture adds).
   */
  chartCountedUntil: number | null;
  /**
   * The stored evidence in the live chart (`GET /risk/crossbet/volume`): `seq`, the store's number of the
   * newest evidence the last load counted (a live change at or below it is in the chart already; null: not
   * loaded yet); `since`, the live evidence counted after it, added again to what the next load brings.
   */
  evidence: { seq: number | null; since: EvidenceCount[] };
  alerts: LiveAlert[];
  /**
   * Findings that named a settlement not yet arrived here (the risk engine can be faster than the round
   * stream): by table, the settlement times and groups to mark when the round lands.
   */
  pendingFlags: Record<string, { at: number; id: string }[]>;
  clocks: { tables: PanelClock; groups: PanelClock; chart: PanelClock };
  replay: ReplayState;
}

/** A live event, tagged with its name (what the stream adapter hands over, in batches). */
export type MonitorEvent =
  | { type: 'round:started'; payload: RoundStarted }
  | { type: 'bets:placed'; payload: BetsPlaced }
  | { type: 'round:settled'; payload: RoundSettled }
  | { type: 'crossbet:raised' | 'crossbet:updated'; payload: CrossbetChanged }
  | { type: 'alert:raised' | 'alert:acknowledged' | 'alert:resolved'; payload: AlertChanged };

export type { LiveTable, ReplayItem, CrossbetGroupRow, CrossbetGroup };

const WINNERS: readonly string[] = ['banker', 'player', 'tie'];

/** The bead of a settled baccarat round from the platform's result (`winner`, `playerPair`, `bankerPair`). */
export function beadOf(roundId: string, settledAt: number, result: Record<string, unknown>): Bead {
  const winner = typeof result.winner === 'string' && WINNERS.includes(result.winner) ? result.winner : null;
  return {
    roundId,
    settledAt,
    winner: winner as Winner | null,
    playerPair: result.playerPair === true,
    bankerPair: result.bankerPair === true,
    flagged: false,
  };
}

/** The kind of a group id when the group is not known yet (the detector names them `pair:…` and `ring:…`). */
export function kindOfId(id: string): 'pair' | 'ring' {
  return id.startsWith('ring:') ? 'ring' : 'pair';
}

/** A member's key in a round's accounts. */
export function memberKey(provider: number, account: string): string {
  return `${provider}:${account}`;
}
