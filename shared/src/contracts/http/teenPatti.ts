import { z } from 'zod';
import { EXPORT_LANGS, EXPORT_TEXTS, type ExportLang, type StatsColumn } from './stats';
import { pageSchema } from '../envelope';
import { ENUM_LABELS } from '../../domain/labels';
import { boundedInt, cleanText, intId } from './inputPolicy';
import { HAND_TEXT_MAX } from '../../games/handInput';
import { SIM_MAX_PLAYERS } from '../../games/teenPattiSim';

/**
 * Teen Patti test tools (11002) and the simulated data viewer (11003).
 *
 * - `POST /teen-patti/tools/evaluate`: one or two hands typed as card codes (`AS KD QH`, `10H`/`TH`); the
 *   ranking of each (Teen Patti for 3 cards, poker for 5, numbered as the spec numbers ranks and suits) and,
 *   for two, which wins and why. A bad card is refused (code -1) with a message key naming it:
 *   `cards.unknownRank`, `cards.unknownSuit`, `cards.duplicate`, `cards.incomplete`, `cards.handSize`, ….
 * - `GET /teen-patti/tools/deal`: the deal of a seed (the shared `rng`: the same seed deals the same
 *   cards in the browser, the gateway and a test).
 * - Simulations: `POST /teen-patti/sims/run` starts one in the gateway (in chunks that leave the server
 *   responsive; progress read with `GET /teen-patti/sims/get`, stopped with `…/cancel`); its rounds are
 *   stored as they are played, one compact row each (the cards are dealt again from seed and index when
 *   shown). `…/save` names a finished or cancelled run and lists it in the viewer; `…/delete` removes it.
 * - The viewer: `…/list` (saved simulations, paged), `…/get`, `…/rounds` (filtered, paged) and
 *   `…/rounds/export` (.xlsx, streamed). Amounts are integer minor units (1/100 of the stake currency).
 */

/** Most rounds of one simulation. */
export const TP_SIM_MAX_ROUNDS = 2_000_000;
/** Largest stake of one bet in one round, in minor units. */
export const TP_SIM_MAX_STAKE = 100_000_000;
/** Simulations that may run at once on one gateway. */
export const TP_SIM_MAX_RUNNING = 2;

const seedSchema = cleanText(
  z.string({ error: 'seed is required' }).trim().min(1, { error: 'seed is required' }).max(64),
);

/** `POST /teen-patti/tools/evaluate`: one hand to rank, or two to compare. */
export const tpEvaluateBodySchema = z.object({
  hands: z
    .array(cleanText(z.string().max(HAND_TEXT_MAX)), { error: 'hands is required' })
    .min(1)
    .max(2),
});
export type TpEvaluateBody = z.infer<typeof tpEvaluateBodySchema>;

const cardInfoSchema = z.object({
  /** `AS`, `10H`: rank then suit letter. */
  code: z.string(),
  /** Ace 1 … King 13. */
  rank: z.number().int(),
  /** Hearts 1, Spades 2, Clubs 3, Diamonds 4. */
  suit: z.number().int(),
});

const handEvaluationSchema = z.object({
  cards: z.array(cardInfoSchema),
  game: z.enum(['teenPatti', 'poker']),
  /** Teen Patti category (1 high card … 6 trail) or poker rank (spec enumeration, 1 … 10). */
  rank: z.number().int(),
  value: z.number().int(),
  tieBreak: z.array(z.number().int()),
});

const compareReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('category') }),
  z.object({ kind: z.literal('sequence') }),
  z.object({ kind: z.literal('rank'), winnerRank: z.string(), loserRank: z.string() }),
  z.object({ kind: z.literal('split') }),
]);

export const tpEvaluateResultSchema = z.object({
  hands: z.array(handEvaluationSchema),
  /** For two hands: `a` (the first) or `b` wins, or they split; and why. */
  comparison: z.object({ winner: z.enum(['a', 'b', 'split']), reason: compareReasonSchema }).nullable(),
});
export type TpEvaluateResult = z.infer<typeof tpEvaluateResultSchema>;

/** `GET /teen-patti/tools/deal`: a seed and the number of players (1–17). */
export const tpDealQuerySchema = z.object({
  seed: seedSchema,
  players: boundedInt(1, SIM_MAX_PLAYERS),
});
export type TpDealQuery = z.infer<typeof tpDealQuerySchema>;

export const tpDealResultSchema = z.object({
  seed: z.string(),
  hands: z.array(
    z.object({ seat: z.number().int(), cards: z.array(cardInfoSchema), category: z.number().int() }),
  ),
  /** Winning seats (1-based), more than one on a split. */
  winners: z.array(z.number().int()),
});
export type TpDealResult = z.infer<typeof tpDealResultSchema>;

const stakeSchema = boundedInt(0, TP_SIM_MAX_STAKE);

/** Stakes per round by bet, in minor units; at least one above 0. */
export const tpStakesSchema = z
  .object({ player_a: stakeSchema, player_b: stakeSchema, tie: stakeSchema, pair_plus: stakeSchema })
  .refine((s) => s.player_a + s.player_b + s.tie + s.pair_plus > 0, {
    error: 'stake at least one bet',
    params: { key: 'validation.tooSmall', min: 1 },
  });
export type TpStakes = z.infer<typeof tpStakesSchema>;

/** `POST /teen-patti/sims/run`. Without a seed the gateway picks one (and shows it). */
export const tpSimRunBodySchema = z.object({
  seed: seedSchema.optional(),
  rounds: boundedInt(1, TP_SIM_MAX_ROUNDS),
  players: boundedInt(2, SIM_MAX_PLAYERS),
  stakes: tpStakesSchema,
});
export type TpSimRunBody = z.infer<typeof tpSimRunBodySchema>;

export const tpSimIdBodySchema = z.object({ id: intId('id must be a number') });
export const tpSimIdQuerySchema = z.object({ id: intId('id must be a number') });

/** `POST /teen-patti/sims/save`: a name for the viewer. */
export const tpSimSaveBodySchema = z.object({
  id: intId('id must be a number'),
  name: cleanText(
    z.string({ error: 'name is required' }).trim().min(1, { error: 'name is required' }).max(64),
  ),
});
export type TpSimSaveBody = z.infer<typeof tpSimSaveBodySchema>;

/** Where a simulation is: running, done, cancelled, failed, or interrupted (its gateway stopped mid-run). */
export const TP_SIM_STATUSES = ['running', 'done', 'cancelled', 'failed', 'interrupted'] as const;
export type TpSimStatus = (typeof TP_SIM_STATUSES)[number];

const countsSchema = z.record(z.string(), z.number());

export const tpSimSummarySchema = z.object({
  rounds: z.number().int(),
  handCategories: countsSchema,
  winnerCategories: countsSchema,
  seatWins: z.array(z.number().int()),
  splits: z.number().int(),
  results: z.object({ player_a: z.number(), player_b: z.number(), tie: z.number() }),
  bets: z.record(z.string(), z.object({ staked: z.number(), returned: z.number(), sumSquares: z.number() })),
});

const betFiguresSchema = z.object({
  staked: z.number(),
  returned: z.number(),
  rtp: z.number(),
  houseEdge: z.number(),
  stdError: z.number(),
});

const theorySchema = z.object({
  handCategories: countsSchema,
  tie: z.number(),
  results: z.object({ player_a: z.number(), player_b: z.number(), tie: z.number() }),
  bets: z.record(z.string(), z.object({ rtp: z.number(), houseEdge: z.number() })),
});

/** A simulation in a list. */
export const tpSimRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  seed: z.string(),
  players: z.number().int(),
  rounds: z.number().int(),
  doneRounds: z.number().int(),
  stakes: z.object({ player_a: z.number(), player_b: z.number(), tie: z.number(), pair_plus: z.number() }),
  status: z.enum(TP_SIM_STATUSES),
  saved: z.boolean(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  /** The whole run's staked and returned, minor units. */
  staked: z.number(),
  payout: z.number(),
});
export type TpSimRow = z.infer<typeof tpSimRowSchema>;

/** A simulation with its figures, and the exact odds to judge them by. */
export const tpSimDetailSchema = tpSimRowSchema.extend({
  summary: tpSimSummarySchema,
  bets: z.record(z.string(), betFiguresSchema),
  theory: theorySchema,
});
export type TpSimDetail = z.infer<typeof tpSimDetailSchema>;

/** `GET /teen-patti/sims/list`: saved simulations, newest first; `keyword` searches name and seed. */
export const tpSimListQuerySchema = z.object({
  keyword: cleanText(z.string().trim().max(64).optional()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TpSimListQuery = z.infer<typeof tpSimListQuerySchema>;
export const tpSimPageSchema = pageSchema(tpSimRowSchema);

const roundFilters = {
  id: intId('id must be a number'),
  /** Category of the winning hand, 1 (high card) … 6 (trail). */
  winnerCategory: boundedInt(1, 6).optional(),
  /** A seat among the winners, 1–17. */
  winnerSeat: boundedInt(1, SIM_MAX_PLAYERS).optional(),
  /** Hand A against hand B. */
  result: z.enum(['player_a', 'player_b', 'tie']).optional(),
  /** Payout of the round (all bets, minor units) at least / at most. */
  minPayout: boundedInt(0, Number.MAX_SAFE_INTEGER).optional(),
  maxPayout: boundedInt(0, Number.MAX_SAFE_INTEGER).optional(),
};

function payoutOrder(
  q: { minPayout?: number | undefined; maxPayout?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (q.minPayout !== undefined && q.maxPayout !== undefined && q.minPayout > q.maxPayout) {
    ctx.addIssue({
      code: 'custom',
      message: 'maxPayout must be at least minPayout',
      path: ['maxPayout'],
      params: { key: 'validation.tooSmall', min: q.minPayout },
    });
  }
}

/** `GET /teen-patti/sims/rounds`: a simulation's rounds in order, filtered, a page at a time. */
export const tpSimRoundsQuerySchema = z
  .object({
    ...roundFilters,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(20),
  })
  .superRefine(payoutOrder);
export type TpSimRoundsQuery = z.infer<typeof tpSimRoundsQuerySchema>;

/** `GET /teen-patti/sims/rounds/export`: the same filters, every matching round, as .xlsx. */
export const tpSimExportQuerySchema = z
  .object({
    ...roundFilters,
    lang: z.enum(EXPORT_LANGS, { error: `lang must be one of ${EXPORT_LANGS.join(', ')}` }).default('zh'),
  })
  .superRefine(payoutOrder);
export type TpSimExportQuery = z.infer<typeof tpSimExportQuerySchema>;

/** A stored round, its cards dealt again from the seed. */
export const tpSimRoundRowSchema = z.object({
  index: z.number().int(),
  /** Each seat's cards, `AS`-style codes. */
  hands: z.array(z.array(z.string())),
  categories: z.array(z.number().int()),
  winners: z.array(z.number().int()),
  winnerCategory: z.number().int(),
  result: z.enum(['player_a', 'player_b', 'tie']),
  staked: z.number(),
  payout: z.number(),
  /** The house's result: staked − payout. */
  net: z.number(),
});
export type TpSimRoundRow = z.infer<typeof tpSimRoundRowSchema>;
export const tpSimRoundsPageSchema = pageSchema(tpSimRoundRowSchema);

/** `POST /teen-patti/sims/run` answers the new simulation's id and seed. */
export const tpSimStartedSchema = z.object({ id: z.number().int(), seed: z.string() });

const L = (zh: string, en: string, es: string, ja: string) => ({ zh, en, es, ja });

/** The texts of a simulation's export: its columns and the heading block above them. */
export const TP_SIM_EXPORT_TEXTS = {
  title: L('模拟数据', 'Simulated data', 'Datos simulados', 'シミュレーションデータ'),
  index: L('局号', 'Round', 'Ronda', 'ラウンド'),
  seat: L('座位 {{seat}}', 'Seat {{seat}}', 'Asiento {{seat}}', '座席 {{seat}}'),
  winners: L('赢家座位', 'Winning seats', 'Asientos ganadores', '勝者の座席'),
  winnerCategory: L('赢家牌型', 'Winning hand', 'Mano ganadora', '勝ちハンド'),
  categoryA: L('玩家A牌型', 'Player A hand', 'Mano del Jugador A', 'プレイヤーAのハンド'),
  categoryB: L('玩家B牌型', 'Player B hand', 'Mano del Jugador B', 'プレイヤーBのハンド'),
  result: L('玩家A对玩家B', 'Player A vs Player B', 'Jugador A contra Jugador B', 'プレイヤーA対プレイヤーB'),
  staked: L('投注额', 'Turnover', 'Volumen apostado', 'ベット額'),
  payout: L('派彩', 'Payout', 'Pagos', '配当'),
  net: L('公司输赢', 'GGR', 'GGR', 'GGR'),
  seed: L('种子', 'Seed', 'Semilla', 'シード'),
  players: L('玩家人数', 'Players', 'Jugadores', 'プレイヤー数'),
  rounds: L('局数', 'Rounds', 'Rondas', 'ラウンド数'),
  stakes: L('每局投注', 'Stakes per round', 'Apuestas por ronda', 'ラウンドごとのベット'),
  filters: L('筛选', 'Filters', 'Filtros', '絞り込み'),
  all: L('全部', 'all', 'todas', 'すべて'),
} as const satisfies Record<string, Readonly<Record<ExportLang, string>>>;

/** The export's columns for a table of `players` seats: round, each seat's cards, then the outcome. */
export function tpSimExportColumns(players: number): StatsColumn[] {
  const T = TP_SIM_EXPORT_TEXTS;
  const seatLabel = (seat: number) =>
    L(
      T.seat.zh.replace('{{seat}}', String(seat)),
      T.seat.en.replace('{{seat}}', String(seat)),
      T.seat.es.replace('{{seat}}', String(seat)),
      T.seat.ja.replace('{{seat}}', String(seat)),
    );
  return [
    { key: 'index', kind: 'int', label: T.index },
    ...Array.from({ length: players }, (_, i): StatsColumn => ({
      key: `seat${i + 1}`,
      kind: 'text',
      label: seatLabel(i + 1),
    })),
    { key: 'winners', kind: 'text', label: T.winners },
    { key: 'winnerCategory', kind: 'enum', enum: 'teenPattiHand', label: T.winnerCategory },
    { key: 'categoryA', kind: 'enum', enum: 'teenPattiHand', label: T.categoryA },
    { key: 'categoryB', kind: 'enum', enum: 'teenPattiHand', label: T.categoryB },
    { key: 'result', kind: 'enum', enum: 'betType', label: T.result },
    { key: 'staked', kind: 'money', label: T.staked },
    { key: 'payout', kind: 'money', label: T.payout },
    { key: 'net', kind: 'money', label: T.net },
  ];
}

/** Money in minor units as the heading writes it: 12.50. */
const major = (minor: number) => (minor / 100).toFixed(2);

/** The heading of a simulation's export: its parameters, the filters and when it was made. */
export function tpSimExportHeading(
  sim: Pick<TpSimRow, 'name' | 'seed' | 'players' | 'doneRounds' | 'stakes'>,
  q: {
    winnerCategory?: number | undefined;
    winnerSeat?: number | undefined;
    result?: string | undefined;
    minPayout?: number | undefined;
    maxPayout?: number | undefined;
  },
  at: string,
  lang: ExportLang,
): { title: string; lines: [string, string][] } {
  const T = TP_SIM_EXPORT_TEXTS;
  const filters: string[] = [];
  if (q.winnerCategory !== undefined) filters.push(`${T.winnerCategory[lang]} ${q.winnerCategory}`);
  if (q.winnerSeat !== undefined) filters.push(`${T.winners[lang]} ${q.winnerSeat}`);
  if (q.result !== undefined) filters.push(`${T.result[lang]} ${q.result}`);
  if (q.minPayout !== undefined || q.maxPayout !== undefined)
    filters.push(
      `${T.payout[lang]} ${q.minPayout === undefined ? '' : major(q.minPayout)}–${q.maxPayout === undefined ? '' : major(q.maxPayout)}`,
    );
  const s = sim.stakes;
  return {
    title: `${T.title[lang]} ${sim.name}`.trim(),
    lines: [
      [T.seed[lang], sim.seed],
      [T.players[lang], String(sim.players)],
      [T.rounds[lang], String(sim.doneRounds)],
      [
        T.stakes[lang],
        (['player_a', 'player_b', 'tie', 'pair_plus'] as const)
          .map((bet) => `${ENUM_LABELS.betType[bet][lang]} ${major(s[bet])}`)
          .join(' · '),
      ],
      [T.filters[lang], filters.length ? filters.join('; ') : T.all[lang]],
      [EXPORT_TEXTS.exportedAt[lang], at],
    ],
  };
}

/** The download name of a simulation's export: `模拟数据-<name or seed>.xlsx`. */
export function tpSimExportFileName(sim: Pick<TpSimRow, 'name' | 'seed'>, lang: ExportLang): string {
  return `${TP_SIM_EXPORT_TEXTS.title[lang]}-${(sim.name || sim.seed).replace(/[\\/:*?"<>|]/g, '_')}.xlsx`;
}
