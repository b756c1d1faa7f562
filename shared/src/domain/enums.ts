/**
 * The enumerations of the spec (section 3) as const objects, each with a type of its values.
 * Label keys are i18n keys; the English maps are the fallback texts.
 */

/** Machine (table) size: 0 small, 1 medium, 2 big. */
export const MachineType = {
  Small: 0,
  Medium: 1,
  Big: 2,
} as const;
export type MachineType = (typeof MachineType)[keyof typeof MachineType];

/** i18n key of each machine type. */
export const MACHINE_TYPE_LABEL_KEYS: Readonly<Record<MachineType, string>> = {
  [MachineType.Small]: 'machineType.small',
  [MachineType.Medium]: 'machineType.medium',
  [MachineType.Big]: 'machineType.big',
};

/** English label of each machine type. */
export const MACHINE_TYPE_LABELS_EN: Readonly<Record<MachineType, string>> = {
  [MachineType.Small]: 'small',
  [MachineType.Medium]: 'medium',
  [MachineType.Big]: 'big',
};

/** Five-card poker hand ranking; `None` means no hand (for example an unfinished deal). */
export const PokerHandRank = {
  None: 0,
  HighCard: 1,
  Pair: 2,
  TwoPairs: 3,
  ThreeOfAKind: 4,
  Straight: 5,
  Flush: 6,
  FullHouse: 7,
  FourOfAKind: 8,
  StraightFlush: 9,
  RoyalFlush: 10,
} as const;
export type PokerHandRank = (typeof PokerHandRank)[keyof typeof PokerHandRank];

/** Card rank: `Default` 0 is "no card"; Ace is 1, Jack 11, Queen 12, King 13. */
export const CardRank = {
  Default: 0,
  Ace: 1,
  Two: 2,
  Three: 3,
  Four: 4,
  Five: 5,
  Six: 6,
  Seven: 7,
  Eight: 8,
  Nine: 9,
  Ten: 10,
  Jack: 11,
  Queen: 12,
  King: 13,
} as const;
export type CardRank = (typeof CardRank)[keyof typeof CardRank];

/** Card suit: `Default` 0 is "no card". */
export const Suit = {
  Default: 0,
  Hearts: 1,
  Spades: 2,
  Clubs: 3,
  Diamonds: 4,
} as const;
export type Suit = (typeof Suit)[keyof typeof Suit];

/** The kind of a wallet operation in game and transfer records. */
export type OperationKind = 'bet' | 'transfer';

/** i18n key of an operation label. */
export type OperationLabelKey = 'op.bet' | 'op.betResult' | 'op.transferOut' | 'op.transferIn';

/**
 * The i18n key of an operation's label, as the spec gives it: a bet with direction 0 is the bet itself,
 * any other direction its result; a transfer with direction 0 goes out, any other direction comes in.
 */
export function operationLabelKey(op: OperationKind, direction: number): OperationLabelKey {
  if (op === 'bet') return direction === 0 ? 'op.bet' : 'op.betResult';
  return direction === 0 ? 'op.transferOut' : 'op.transferIn';
}

/** English label of each operation key. */
export const OPERATION_LABELS_EN: Readonly<Record<OperationLabelKey, string>> = {
  'op.bet': 'bet',
  'op.betResult': 'bet result',
  'op.transferOut': 'transfer out',
  'op.transferIn': 'transfer in',
};

/** Risk level of an abnormal-list entry or an alert. */
export const RiskLevel = {
  Abnormal: 1,
  Middle: 2,
  High: 3,
} as const;
export type RiskLevel = (typeof RiskLevel)[keyof typeof RiskLevel];

/** i18n key of each risk level. */
export const RISK_LEVEL_LABEL_KEYS: Readonly<Record<RiskLevel, string>> = {
  [RiskLevel.Abnormal]: 'risk.abnormal',
  [RiskLevel.Middle]: 'risk.middle',
  [RiskLevel.High]: 'risk.high',
};

/** English label of each risk level, worded as the spec does. */
export const RISK_LEVEL_LABELS_EN: Readonly<Record<RiskLevel, string>> = {
  [RiskLevel.Abnormal]: 'abnormal',
  [RiskLevel.Middle]: 'middle risk',
  [RiskLevel.High]: 'high risk',
};

/** Whether `value` is one of the values of the const object `e` (for narrowing input from the wire). */
export function isEnumValue<T extends Record<string, number>>(e: T, value: unknown): value is T[keyof T] {
  return typeof value === 'number' && Object.values(e).includes(value);
}
