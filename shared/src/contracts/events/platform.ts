import { z } from 'zod';
import { GameId, isBetTypeOf } from '../../domain/games';

/**
 * Platform events: what the games platform emits (or the built-in simulator plays), the input of the
 * gateway's feed. Every event has a unique `id` (a replay of the same id changes nothing), the `provider`
 * (operator) and `currency` it belongs to, and `ts` in UTC epoch milliseconds. Money is an integer count
 * of minor units, never negative, at most {@link MONEY_MAX}.
 */

/** Longest event, round, transaction, table or shoe id. */
export const EVENT_ID_MAX = 64;
/** Largest amount of money in one event, in minor units (10^11 in a currency with cents). */
export const MONEY_MAX = 10_000_000_000_000;
/** Earliest and latest accepted `ts` (2000-01-01 and 2100-01-01 UTC). */
export const TS_MIN = 946_684_800_000;
export const TS_MAX = 4_102_444_800_000;
/** Most payouts in one `round.settled` event. */
export const PAYOUTS_MAX = 5000;
/** Longest `result` of a settled round, as JSON text. */
export const RESULT_JSON_MAX = 4096;

/** Events in one ingest batch, at most. */
export const INGEST_MAX_EVENTS = 5000;
/** Bytes in one ingest request body, at most (5 MB). */
export const INGEST_MAX_BYTES = 5 * 1024 * 1024;

// One regular expression per id (length included): a single check, ids are the most frequent fields.
const idSchema = z.string().regex(/^[\w.:-]{1,64}$/, { error: 'must be 1–64 letters, digits or _ . : -' });

/** An amount of money: integer minor units, 0 to {@link MONEY_MAX}. */
export const moneySchema = z.number().int().min(0).max(MONEY_MAX);

const playerIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const accountSchema = z.string().min(1).max(64);
const deviceSchema = z.string().min(1).max(64);
const ipSchema = z.union([z.ipv4(), z.ipv6()], { error: 'not an IP address' });
const kindSchema = z.string().min(1).max(32);
const gameIdSchema = z.union([z.literal(GameId.Baccarat), z.literal(GameId.TeenPatti)], {
  error: 'unknown gameId',
});

function isBoundedJsonObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  try {
    const text = JSON.stringify(value);
    return text !== undefined && text.length <= RESULT_JSON_MAX;
  } catch {
    return false;
  }
}

/** Fields every event carries. */
const common = {
  id: idSchema,
  provider: z.number().int().positive().max(2_147_483_647),
  currency: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/, { error: 'currency code must be 2–10 capital letters or digits' }),
  ts: z.number().int().min(TS_MIN).max(TS_MAX),
};

/** A player opened an account. */
export const playerRegisteredSchema = z.object({
  type: z.literal('player.registered'),
  ...common,
  playerId: playerIdSchema,
  account: accountSchema,
  device: deviceSchema,
  ip: ipSchema,
});

/** A player signed in. */
export const playerLoginSchema = z.object({
  type: z.literal('player.login'),
  ...common,
  playerId: playerIdSchema,
  account: accountSchema,
  ip: ipSchema,
  device: deviceSchema,
});

/** Money moved between the operator's wallet and the game wallet: direction 0 out, 1 in (spec). */
export const transferSchema = z.object({
  type: z.literal('transfer'),
  ...common,
  playerId: playerIdSchema,
  account: accountSchema,
  direction: z.union([z.literal(0), z.literal(1)], { error: 'direction must be 0 (out) or 1 (in)' }),
  amount: moneySchema,
  balanceAfter: moneySchema.optional(),
});

/** A table started a round. */
export const roundStartedSchema = z.object({
  type: z.literal('round.started'),
  ...common,
  roundId: idSchema,
  gameId: gameIdSchema,
  tableId: idSchema,
  shoeId: idSchema,
});

/** A player bet on a round. `transactionId` is the bet's id in every later reference. */
export const betPlacedSchema = z
  .object({
    type: z.literal('bet.placed'),
    ...common,
    playerId: playerIdSchema,
    account: accountSchema,
    transactionId: idSchema,
    roundId: idSchema,
    betType: z.string().min(1).max(32),
    amount: moneySchema,
    gameId: gameIdSchema,
    shoeId: idSchema,
    tableId: idSchema,
  })
  .refine((e) => isBetTypeOf(e.gameId, e.betType), {
    message: 'betType is not a bet of this game',
    path: ['betType'],
  });

/** What one bet returned when its round settled: 0 lost, the stake on a push, stake plus winnings on a win. */
export const payoutSchema = z.object({
  transactionId: idSchema,
  playerId: playerIdSchema,
  payout: moneySchema,
});

/** A round ended: its game-specific result (cards, winner…) and what every bet on it returned. */
export const roundSettledSchema = z.object({
  type: z.literal('round.settled'),
  ...common,
  roundId: idSchema,
  gameId: gameIdSchema,
  tableId: idSchema,
  shoeId: idSchema,
  // One check (a JSON object of bounded size) instead of a record schema walking every key: results are
  // opaque to the gateway, stored as JSON text.
  result: z.custom<Record<string, unknown>>(isBoundedJsonObject, {
    error: `result must be a JSON object of at most ${RESULT_JSON_MAX} characters`,
  }),
  payouts: z.array(payoutSchema).max(PAYOUTS_MAX),
});

/** The operator granted a bonus. */
export const bonusGrantedSchema = z.object({
  type: z.literal('bonus.granted'),
  ...common,
  playerId: playerIdSchema,
  account: accountSchema,
  kind: kindSchema,
  amount: moneySchema,
});

/** A player won a prize (jackpot, tournament, lucky draw…). */
export const prizeAwardedSchema = z.object({
  type: z.literal('prize.awarded'),
  ...common,
  playerId: playerIdSchema,
  account: accountSchema,
  kind: kindSchema,
  amount: moneySchema,
});

/** Any platform event, by `type`. */
export const platformEventSchema = z.discriminatedUnion('type', [
  playerRegisteredSchema,
  playerLoginSchema,
  transferSchema,
  roundStartedSchema,
  betPlacedSchema,
  roundSettledSchema,
  bonusGrantedSchema,
  prizeAwardedSchema,
]);

export type PlayerRegisteredEvent = z.infer<typeof playerRegisteredSchema>;
export type PlayerLoginEvent = z.infer<typeof playerLoginSchema>;
export type TransferEvent = z.infer<typeof transferSchema>;
export type RoundStartedEvent = z.infer<typeof roundStartedSchema>;
export type BetPlacedEvent = z.infer<typeof betPlacedSchema>;
export type Payout = z.infer<typeof payoutSchema>;
export type RoundSettledEvent = z.infer<typeof roundSettledSchema>;
export type BonusGrantedEvent = z.infer<typeof bonusGrantedSchema>;
export type PrizeAwardedEvent = z.infer<typeof prizeAwardedSchema>;
export type PlatformEvent = z.infer<typeof platformEventSchema>;
export type PlatformEventType = PlatformEvent['type'];

/** Every event type. */
export const PLATFORM_EVENT_TYPES: readonly PlatformEventType[] = [
  'player.registered',
  'player.login',
  'transfer',
  'round.started',
  'bet.placed',
  'round.settled',
  'bonus.granted',
  'prize.awarded',
];

/** The outcome of checking one event. */
export type EventCheck = { ok: true; event: PlatformEvent } | { ok: false; reason: string; id?: string };

function describe(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * Checks one event against {@link platformEventSchema}. A refusal carries the first problem as
 * `field: message`, and the event's id when it has a usable one.
 */
export function checkPlatformEvent(raw: unknown): EventCheck {
  const parsed = platformEventSchema.safeParse(raw);
  if (parsed.success) return { ok: true, event: parsed.data };
  const first = parsed.error.issues[0];
  const reason = first ? describe(first) : 'invalid event';
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= EVENT_ID_MAX
    ? { ok: false, reason, id }
    : { ok: false, reason };
}

/** Body of `POST /ingest/events`: a bounded batch; each event is checked on its own. */
export const ingestBatchSchema = z.object({
  events: z.array(z.unknown()).min(1).max(INGEST_MAX_EVENTS),
});
export type IngestBatch = z.infer<typeof ingestBatchSchema>;

/** An event refused from a batch: its place in the batch, its id when readable, and why. */
export const refusedEventSchema = z.object({
  index: z.number().int().nonnegative(),
  id: z.string().optional(),
  reason: z.string(),
});
export type RefusedEvent = z.infer<typeof refusedEventSchema>;

/**
 * `data` of the ingest answer: events newly stored, events already stored before (replays), refusals.
 * The answer comes only once the accepted events are committed.
 */
export const ingestResultSchema = z.object({
  accepted: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  refused: z.array(refusedEventSchema),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** Headers of a signed ingest request. */
export const INGEST_SIGNATURE_HEADER = 'x-dms-signature';
export const INGEST_TIMESTAMP_HEADER = 'x-dms-timestamp';
/** How old a signed request may be, in ms (replay protection). */
export const INGEST_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * The upstream poll API that `DMS_FEED=poll` reads: `GET {url}?after={cursor}` answers the events after
 * the cursor and the cursor to ask with next (the same one when nothing is new).
 */
export const pollPageSchema = z.object({
  events: z.array(z.unknown()).max(INGEST_MAX_EVENTS * 4),
  cursor: z.string().max(256),
});
export type PollPage = z.infer<typeof pollPageSchema>;
