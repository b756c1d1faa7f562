import type { RiskLevel } from '@dms/shared/domain/enums';
import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import type { Detector } from './detector.port';

/**
 * What the risk engine's detector returns (its `Output`): findings raised or changed by one input. The
 * sink stores them (findings, their evidence rounds and the alerts they raise, numbered by a store
 * sequence) in the runner's transaction, and the live channel pushes them.
 */

export interface GroupMember {
  provider: number;
  account: string;
}

/** A cross-bet group: a pair, or a ring of 3–16 accounts reported once with all its members. */
export interface CrossbetFinding {
  type: 'crossbet';
  /** 'raised' the first time the group passes its test; 'updated' when seen again or its level changed. */
  change: 'raised' | 'updated';
  /** Stable id of the group (the same members give the same id). */
  id: string;
  kind: 'pair' | 'ring';
  level: RiskLevel;
  /** Evidence on a log10 scale (see RiskSettings). */
  score: number;
  members: GroupMember[];
  /** Evidence rounds so far and the members' turnover on them (minor units). */
  rounds: number;
  turnover: number;
  /** Event time of the settlement that first flagged the group. */
  firstDetectedAt: number;
  lastSeenAt: number;
  tables: string[];
  /** Evidence rounds added since the group's previous finding (all of them on 'raised'). */
  evidenceRounds: string[];
}

export interface PlayerFinding {
  type: 'player';
  change: 'raised' | 'updated';
  provider: number;
  account: string;
  kinds: ('win_rate' | 'bonus' | 'transfer')[];
  level: RiskLevel;
  score: number;
  firstDetectedAt: number;
  lastSeenAt: number;
  /** Words and figures an operator reads as the reason (English; the client shows the kinds localised). */
  reason: string;
}

export interface ProviderFinding {
  type: 'provider';
  change: 'raised' | 'updated';
  provider: number;
  kinds: ('margin' | 'volume')[];
  level: RiskLevel;
  score: number;
  firstDetectedAt: number;
  lastSeenAt: number;
  reason: string;
}

export type RiskFinding = CrossbetFinding | PlayerFinding | ProviderFinding;

/** Settings can change while the engine runs: the detector takes them at once, without a restart. */
export interface RiskDetector<Snapshot = unknown> extends Detector<RiskFinding, Snapshot> {
  configure(settings: RiskSettings): void;
}

/** Makes the engine's detector, fresh or from a snapshot (`gateway/src/engine/risk/risk.detector.ts`). */
export type RiskDetectorFactory = (settings: RiskSettings, snapshot?: unknown) => RiskDetector;
