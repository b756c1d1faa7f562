/**
 * The games of the platform (spec section 3, "Game list entry") and the bets each one takes. Bet type
 * identifiers are the wire and storage values of `bet.placed.betType` and `bet_record.bet_type`.
 */

/** Game ids. */
export const GameId = {
  Baccarat: 1,
  TeenPatti: 2,
} as const;
export type GameId = (typeof GameId)[keyof typeof GameId];

/** A game list entry, with the spec's field names. */
export interface GameListEntry {
  gameId: GameId;
  gameNameCn: string;
  gameNameEn: string;
}

/** The game list in display order. */
export const GAMES: readonly GameListEntry[] = [
  { gameId: GameId.Baccarat, gameNameCn: '百家乐', gameNameEn: 'Baccarat' },
  { gameId: GameId.TeenPatti, gameNameCn: '炸金花', gameNameEn: 'Teen Patti' },
];

/** All game ids. */
export const GAME_IDS: readonly GameId[] = GAMES.map((g) => g.gameId);

/** Whether `value` is a known game id. */
export function isGameId(value: unknown): value is GameId {
  return typeof value === 'number' && (GAME_IDS as readonly number[]).includes(value);
}

/** The game list entry of a game id, or undefined for an unknown one. */
export function gameById(gameId: number): GameListEntry | undefined {
  return GAMES.find((g) => g.gameId === gameId);
}

/** Baccarat bets: the main bets and the two pair side bets. */
export const BACCARAT_BET_TYPES = ['banker', 'player', 'tie', 'banker_pair', 'player_pair'] as const;
export type BaccaratBetType = (typeof BACCARAT_BET_TYPES)[number];

/** Teen Patti (two hands, A and B): who wins, a tie, and the Pair Plus side bet on hand A. */
export const TEEN_PATTI_BET_TYPES = ['player_a', 'player_b', 'tie', 'pair_plus'] as const;
export type TeenPattiBetType = (typeof TEEN_PATTI_BET_TYPES)[number];

/** Any bet type. */
export type BetType = BaccaratBetType | TeenPattiBetType;

/** The bet types each game takes. */
export const BET_TYPES_BY_GAME: Readonly<Record<GameId, readonly BetType[]>> = {
  [GameId.Baccarat]: BACCARAT_BET_TYPES,
  [GameId.TeenPatti]: TEEN_PATTI_BET_TYPES,
};

/** Whether `game` takes the bet type `betType`. */
export function isBetTypeOf(game: number, betType: string): boolean {
  return isGameId(game) && (BET_TYPES_BY_GAME[game] as readonly string[]).includes(betType);
}

/**
 * The opposite main bet of a bet type, for cross-bet detection (Banker against Player, hand A against
 * hand B); undefined for ties and side bets, which have no opposite.
 */
export const OPPOSITE_BET: Readonly<Partial<Record<BetType, BetType>>> = {
  banker: 'player',
  player: 'banker',
  player_a: 'player_b',
  player_b: 'player_a',
};

/** i18n key of each bet type, in the `game` namespace. */
export const BET_TYPE_LABEL_KEYS: Readonly<Record<BetType, string>> = {
  banker: 'bet.banker',
  player: 'bet.player',
  tie: 'bet.tie',
  banker_pair: 'bet.bankerPair',
  player_pair: 'bet.playerPair',
  player_a: 'bet.playerA',
  player_b: 'bet.playerB',
  pair_plus: 'bet.pairPlus',
};

/** English label of each bet type. */
export const BET_TYPE_LABELS_EN: Readonly<Record<BetType, string>> = {
  banker: 'Banker',
  player: 'Player',
  tie: 'Tie',
  banker_pair: 'Banker Pair',
  player_pair: 'Player Pair',
  player_a: 'Player A',
  player_b: 'Player B',
  pair_plus: 'Pair Plus',
};

/** Chinese label of each bet type. */
export const BET_TYPE_LABELS_CN: Readonly<Record<BetType, string>> = {
  banker: '庄',
  player: '闲',
  tie: '和',
  banker_pair: '庄对',
  player_pair: '闲对',
  player_a: '玩家A',
  player_b: '玩家B',
  pair_plus: '对子加',
};
