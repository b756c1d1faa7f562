import { z } from 'zod';
import { GameId, isBetTypeOf } from '../../domain/games';
import { cleanText, isCleanText } from '../http/inputPolicy';

/**
 * Platform events: what the games platform emits (or the built-in simulator plays), the input of the
 * gateway's feed. Every event has a unique `id` (a replay of the same id changes nothing), the `provider`
 * (operator) and `currency` it belongs to, and `ts` in UTC epoch milliseconds. Money is an integer count
 * of minor units, never negative, at most {@link MONEY_MAX}. Text fields follow the one input policy
 * (`contracts/http/inputPolicy.ts`): no control or bidirectional control character, so a poison event such
 * as `{"account":"p\u0000"}` is refused by its index like any bad event and never reaches a store.
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
const ID_PATTERN = /^[\w.:-]{1,64}$/;
const CURRENCY_PATTERN = /^[A-Z0-9]{2,10}$/;
const PROVIDER_MAX = 2_147_483_647;
const idSchema = z.string().regex(ID_PATTERN, { error: 'must be 1–64 letters, digits or _ . : -' });

/** An amount of money: integer minor units, 0 to {@link MONEY_MAX}. */
export const moneySchema = z.number().int().min(0).max(MONEY_MAX);

const playerIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const accountSchema = cleanText(z.string().min(1).max(64));
const deviceSchema = cleanText(z.string().min(1).max(64));
const ipSchema = z.union([z.ipv4(), z.ipv6()], { error: 'not an IP address' });
const kindSchema = cleanText(z.string().min(1).max(32));
const gameIdSchema = z.union([z.literal(GameId.Baccarat), z.literal(GameId.TeenPatti)], {
  error: 'unknown gameId',
});

// The JSON text of results checked in this process, so that storing a result does not encode it again.
const resultTexts = new WeakMap<object, string>();

function isBoundedJsonObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  try {
    const text = JSON.stringify(value);
    if (text === undefined || text.length > RESULT_JSON_MAX) return false;
    resultTexts.set(value, text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The JSON text of a `round.settled` result: the text made when the event was checked, or made now. A
 * result is treated as immutable once checked.
 */
export function resultJson(result: Record<string, unknown>): string {
  return resultTexts.get(result) ?? JSON.stringify(result);
}

/** Fields every event carries. */
const common = {
  id: idSchema,
  provider: z.number().int().positive().max(PROVIDER_MAX),
  currency: z
    .string()
    .regex(CURRENCY_PATTERN, { error: 'currency code must be 2–10 capital letters or digits' }),
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
    betType: cleanText(z.string().min(1).max(32)),
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

// The fast path of {@link checkPlatformEvent}: plain checks of the same rules as the schemas above, for the
// common case of a valid event (generic schema parsing costs about 5 µs an event, several times the cost of
// storing it). It only ever accepts: anything it is unsure of (an IPv6 address, an explicit `undefined`, a
// problem to describe) goes to the schema, which stays the contract and words every refusal. It returns
// what the schema would: a new object with the schema's keys only (payouts copied; `result` by reference).

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && ID_PATTERN.test(v);
const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;
const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length >= 1 && v.length <= max && isCleanText(v);
const isMoney = (v: unknown): v is number => isInt(v, 0, MONEY_MAX);
const isPlayerId = (v: unknown): v is number => isInt(v, 1, Number.MAX_SAFE_INTEGER);
const isGameId = (v: unknown): v is 1 | 2 => v === GameId.Baccarat || v === GameId.TeenPatti;
const isIp = (v: unknown): v is string => typeof v === 'string' && z.regexes.ipv4.test(v);

function parsePayouts(v: unknown): Payout[] | undefined {
  if (!Array.isArray(v) || v.length > PAYOUTS_MAX) return undefined;
  const out: Payout[] = new Array<Payout>(v.length);
  for (let i = 0; i < v.length; i++) {
    const p: unknown = v[i];
    if (!isRecord(p)) return undefined;
    const { transactionId, playerId, payout } = p;
    if (!isId(transactionId) || !isPlayerId(playerId) || !isMoney(payout)) return undefined;
    out[i] = { transactionId, playerId, payout };
  }
  return out;
}

/** The event when `raw` is a valid platform event by the plain checks; undefined when unsure or invalid. */
function parseValidEvent(raw: unknown): PlatformEvent | undefined {
  if (!isRecord(raw)) return undefined;
  const { type, id, provider, currency, ts } = raw;
  if (
    !isId(id) ||
    !isInt(provider, 1, PROVIDER_MAX) ||
    typeof currency !== 'string' ||
    !CURRENCY_PATTERN.test(currency) ||
    !isInt(ts, TS_MIN, TS_MAX)
  )
    return undefined;
  switch (type) {
    case 'bet.placed': {
      const { playerId, account, transactionId, roundId, betType, amount, gameId, shoeId, tableId } = raw;
      if (
        !isPlayerId(playerId) ||
        !isText(account, 64) ||
        !isId(transactionId) ||
        !isId(roundId) ||
        !isText(betType, 32) ||
        !isMoney(amount) ||
        !isGameId(gameId) ||
        !isId(shoeId) ||
        !isId(tableId) ||
        !isBetTypeOf(gameId, betType)
      )
        return undefined;
      return {
        type,
        id,
        provider,
        currency,
        ts,
        playerId,
        account,
        transactionId,
        roundId,
        betType,
        amount,
        gameId,
        shoeId,
        tableId,
      };
    }
    case 'round.started': {
      const { roundId, gameId, tableId, shoeId } = raw;
      if (!isId(roundId) || !isGameId(gameId) || !isId(tableId) || !isId(shoeId)) return undefined;
      return { type, id, provider, currency, ts, roundId, gameId, tableId, shoeId };
    }
    case 'round.settled': {
      const { roundId, gameId, tableId, shoeId, result } = raw;
      if (!isId(roundId) || !isGameId(gameId) || !isId(tableId) || !isId(shoeId)) return undefined;
      if (!isBoundedJsonObject(result)) return undefined;
      const payouts = parsePayouts(raw.payouts);
      if (!payouts) return undefined;
      return {
        type,
        id,
        provider,
        currency,
        ts,
        roundId,
        gameId,
        tableId,
        shoeId,
        result: result as Record<string, unknown>,
        payouts,
      };
    }
    case 'player.registered':
    case 'player.login': {
      const { playerId, account, device, ip } = raw;
      if (!isPlayerId(playerId) || !isText(account, 64) || !isText(device, 64) || !isIp(ip)) return undefined;
      return type === 'player.registered'
        ? { type, id, provider, currency, ts, playerId, account, device, ip }
        : { type, id, provider, currency, ts, playerId, account, ip, device };
    }
    case 'transfer': {
      const { playerId, account, direction, amount } = raw;
      if (
        !isPlayerId(playerId) ||
        !isText(account, 64) ||
        (direction !== 0 && direction !== 1) ||
        !isMoney(amount)
      )
        return undefined;
      if (!('balanceAfter' in raw))
        return { type, id, provider, currency, ts, playerId, account, direction, amount };
      const balanceAfter = raw.balanceAfter;
      if (!isMoney(balanceAfter)) return undefined;
      return { type, id, provider, currency, ts, playerId, account, direction, amount, balanceAfter };
    }
    case 'bonus.granted':
    case 'prize.awarded': {
      const { playerId, account, kind, amount } = raw;
      if (!isPlayerId(playerId) || !isText(account, 64) || !isText(kind, 32) || !isMoney(amount))
        return undefined;
      return { type, id, provider, currency, ts, playerId, account, kind, amount };
    }
    default:
      return undefined;
  }
}

/**
 * Checks one event against {@link platformEventSchema}. A refusal carries the first problem as
 * `field: message`, and the event's id when it has a usable one.
 */
export function checkPlatformEvent(raw: unknown): EventCheck {
  const fast = parseValidEvent(raw);
  if (fast) return { ok: true, event: fast };
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
