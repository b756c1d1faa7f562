import { z } from 'zod';
import { RiskLevel } from '../../domain/enums';
import { PERM } from '../../permissions/codes';
import { FEED_PROGRESSED, feedProgressedSchema } from './feed';
import {
  SESSION_EVENTS,
  accountChangedSchema,
  handshakeErrorSchema,
  type Ack,
  type PRESENCE_EVENTS,
  type Presence,
} from './session';

/**
 * The live channel's contract, typed once (DESIGN.md section 6): every event the gateway pushes and every
 * command a client sends, with zod schemas of their payloads. Names are `entity:verbed` for notifications
 * and `entity:verb` for commands; a command's acknowledgement is `{data}` or `{error: {code, msg}}`.
 *
 * Every payload carries the contract version `v` (a breaking change makes a new version, and both sides
 * check it). Payloads about platform data carry the providers they concern (`providers`), so that the
 * gateway sends them only to sockets whose scope covers one of them; findings and alerts carry `seq`, a
 * sequence number from the store, so that a client that reconnects asks for what came after the last one
 * it saw (`live:resume`) and gets exactly what it missed.
 */

/** Version of the live contract: the `v` of every payload. */
export const LIVE_VERSION = 1;

const v = z.literal(LIVE_VERSION);
const ID_MAX = 64;
const text = (max = ID_MAX) => z.string().min(1).max(max);
const providerId = z.number().int().positive().max(2_147_483_647);
/** The providers an event concerns (at least one). */
const providers = z.array(providerId).min(1).max(1000);
/** A sequence number from the store: findings and alerts are numbered in the order they were stored. */
const storeSeq = z.number().int().nonnegative();
const epochMs = z.number().int().nonnegative();
const money = z.number().int();
const gameId = z.union([z.literal(1), z.literal(2)]);
const riskLevel = z.union([
  z.literal(RiskLevel.Abnormal),
  z.literal(RiskLevel.Middle),
  z.literal(RiskLevel.High),
]);

/** Names of the events the gateway pushes (`entity:verbed`). */
export const LIVE_EVENTS = {
  roundStarted: 'round:started',
  roundSettled: 'round:settled',
  /** The bets of one round, batched. */
  betsPlaced: 'bets:placed',
  crossbetRaised: 'crossbet:raised',
  crossbetUpdated: 'crossbet:updated',
  playerFlagged: 'player:flagged',
  providerFlagged: 'provider:flagged',
  alertRaised: 'alert:raised',
  alertAcknowledged: 'alert:acknowledged',
  alertResolved: 'alert:resolved',
  sessionEnded: 'session:ended',
  feedProgressed: FEED_PROGRESSED,
  accountChanged: SESSION_EVENTS.accountChanged,
} as const;

/** Names of the commands a client sends (`entity:verb`). */
export const LIVE_COMMANDS = {
  /** Replay: the client sends the last `seq` it saw and gets what came after, from the store. */
  resume: 'live:resume',
} as const;

export const roundStartedSchema = z.object({
  v,
  providers,
  roundId: text(),
  gameId,
  tableId: text(),
  shoeId: text(),
  startedAt: epochMs,
});
export type RoundStarted = z.infer<typeof roundStartedSchema>;

/** Totals of one bet type of a round. */
export const betTotalSchema = z.object({
  betType: text(32),
  bets: z.number().int().nonnegative(),
  amount: money,
  payout: money,
});

export const roundSettledSchema = z.object({
  v,
  providers,
  roundId: text(),
  gameId,
  tableId: text(),
  shoeId: text(),
  settledAt: epochMs,
  /** The game's result as the platform sent it (baccarat: `winner`, cards, totals, …). */
  result: z.record(z.string(), z.unknown()),
  totals: z.array(betTotalSchema).max(16),
});
export type RoundSettled = z.infer<typeof roundSettledSchema>;

export const liveBetSchema = z.object({
  id: text(),
  provider: providerId,
  currency: text(10),
  account: text(),
  betType: text(32),
  amount: money,
  ts: epochMs,
});
export type LiveBet = z.infer<typeof liveBetSchema>;

export const betsPlacedSchema = z.object({
  v,
  providers,
  roundId: text(),
  gameId,
  tableId: text(),
  bets: z.array(liveBetSchema).min(1).max(5000),
});
export type BetsPlaced = z.infer<typeof betsPlacedSchema>;

export const crossbetGroupSchema = z.object({
  id: text(),
  kind: z.enum(['pair', 'ring']),
  level: riskLevel,
  members: z
    .array(z.object({ provider: providerId, account: text() }))
    .min(2)
    .max(16),
  rounds: z.number().int().nonnegative(),
  turnover: money,
  /** Event time (`ts`) of the settlement that first flagged the group. */
  firstDetectedAt: epochMs,
  lastSeenAt: epochMs,
  tables: z.array(text()).max(100),
});
export type CrossbetGroup = z.infer<typeof crossbetGroupSchema>;

/**
 * Payload of `crossbet:raised` (a new group) and `crossbet:updated` (a group seen again, or its level changed).
 * `added`: the evidence rounds this change adds to the group's stored ones (absent from changes stored before
 * it was sent): what a chart counts for it, whether or not the client knew the group before.
 */
export const crossbetChangedSchema = z.object({
  v,
  seq: storeSeq,
  providers,
  added: z.number().int().nonnegative().optional(),
  group: crossbetGroupSchema,
});
export type CrossbetChanged = z.infer<typeof crossbetChangedSchema>;

export const playerFlaggedSchema = z.object({
  v,
  seq: storeSeq,
  providers,
  player: z.object({
    provider: providerId,
    account: text(),
    kinds: z.array(z.enum(['win_rate', 'bonus', 'transfer'])).min(1),
    level: riskLevel,
    score: z.number(),
    firstDetectedAt: epochMs,
  }),
});
export type PlayerFlagged = z.infer<typeof playerFlaggedSchema>;

export const providerFlaggedSchema = z.object({
  v,
  seq: storeSeq,
  providers,
  provider: z.object({
    provider: providerId,
    kinds: z.array(z.enum(['margin', 'volume'])).min(1),
    level: riskLevel,
    score: z.number(),
    firstDetectedAt: epochMs,
  }),
});
export type ProviderFlagged = z.infer<typeof providerFlaggedSchema>;

export const ALERT_STATES = ['open', 'acknowledged', 'snoozed', 'resolved'] as const;

export const liveAlertSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(['crossbet', 'player', 'provider']),
  level: riskLevel,
  state: z.enum(ALERT_STATES),
  /** What it is about: the cross-bet group's id, `provider:account`, or the provider id. */
  subject: text(160),
  /** Event time of the input that raised it. */
  raisedAt: epochMs,
  /** Who changed it last and when (absent while nobody has). */
  by: z.object({ accountId: z.number().int().positive(), name: text() }).optional(),
  at: epochMs.optional(),
  outcome: z.enum(['confirmed', 'false_positive']).optional(),
});
export type LiveAlert = z.infer<typeof liveAlertSchema>;

/** Payload of `alert:raised`, `alert:acknowledged` and `alert:resolved`. */
export const alertChangedSchema = z.object({ v, seq: storeSeq, providers, alert: liveAlertSchema });
export type AlertChanged = z.infer<typeof alertChangedSchema>;

export const sessionEndedSchema = z.object({
  v,
  reason: z.enum(['logout', 'password', 'revoked', 'expired', 'deleted']),
});
export type SessionEnded = z.infer<typeof sessionEndedSchema>;

/** The schema of each event's payload, by event name. */
export const SERVER_EVENT_SCHEMAS = {
  [LIVE_EVENTS.roundStarted]: roundStartedSchema,
  [LIVE_EVENTS.roundSettled]: roundSettledSchema,
  [LIVE_EVENTS.betsPlaced]: betsPlacedSchema,
  [LIVE_EVENTS.crossbetRaised]: crossbetChangedSchema,
  [LIVE_EVENTS.crossbetUpdated]: crossbetChangedSchema,
  [LIVE_EVENTS.playerFlagged]: playerFlaggedSchema,
  [LIVE_EVENTS.providerFlagged]: providerFlaggedSchema,
  [LIVE_EVENTS.alertRaised]: alertChangedSchema,
  [LIVE_EVENTS.alertAcknowledged]: alertChangedSchema,
  [LIVE_EVENTS.alertResolved]: alertChangedSchema,
  [LIVE_EVENTS.sessionEnded]: sessionEndedSchema,
  [LIVE_EVENTS.feedProgressed]: feedProgressedSchema,
  [LIVE_EVENTS.accountChanged]: accountChangedSchema,
} as const;

/** The name of an event the gateway pushes. */
export type ServerEventName = keyof typeof SERVER_EVENT_SCHEMAS;
/** The payload of event `E`. */
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof SERVER_EVENT_SCHEMAS)[E]>;

/**
 * The round streams' transport: what one flush of the gateway holds for the same rooms goes out as one
 * socket.io message, `live:pack` with `[event, payload]` pairs in publish order, rather than one message per
 * table, provider and window (about 900 messages/s for a wall of 150 tables under 1,000 bets/s, each a task
 * of its own on the page's main thread). A flush with one event sends it as itself. The client unpacks
 * each pair to its event's listeners and checks each payload against that event's schema, as for an event
 * sent alone.
 */
export const LIVE_PACK = 'live:pack';

/** The events the gateway sends in packs: the high-rate round streams (never an event with a `seq`). */
export const PACKED_EVENTS: readonly ServerEventName[] = [
  LIVE_EVENTS.roundStarted,
  LIVE_EVENTS.betsPlaced,
  LIVE_EVENTS.roundSettled,
];

/** The payload of `live:pack`: `[event, payload]` pairs in the order they were published. */
export type LivePack = [ServerEventName, unknown][];

/**
 * Hands each `[event, payload]` pair of a `live:pack` to `deliver`, in order. What is not a list is ignored,
 * and so is an entry that is not a pair with an event name; each payload is checked against its event's
 * schema by the receiver, as for an event sent alone.
 */
export function forEachPacked(entries: unknown, deliver: (event: string, payload: unknown) => void): void {
  if (!Array.isArray(entries)) return;
  for (const entry of entries)
    if (Array.isArray(entry) && typeof entry[0] === 'string') deliver(entry[0], entry[1]);
}

/** A socket.io client socket, as {@link unpackToListeners} and {@link unpackToListenersAndAny} see it. */
export interface PackReceiver {
  listeners(event: string): ((...args: never[]) => unknown)[];
  listenersAny(): ((...args: never[]) => unknown)[];
}

/**
 * The receiving side of `live:pack` on a socket.io client: each pair goes to the socket's listeners of its
 * event, as if it had come alone. Its `onAny` listeners see the pack as the one message it is.
 */
export function unpackToListeners(socket: PackReceiver, entries: unknown): void {
  deliverPacked(socket, entries, false);
}

/**
 * {@link unpackToListeners}, and each pair first to the socket's `onAny` listeners too, as if it had come
 * alone (for the gateway's tests, which follow every event through `onAny`).
 */
export function unpackToListenersAndAny(socket: PackReceiver, entries: unknown): void {
  deliverPacked(socket, entries, true);
}

/** Copies of the listener lists are walked: a listener may unsubscribe meanwhile. */
function deliverPacked(socket: PackReceiver, entries: unknown, toAny: boolean): void {
  forEachPacked(entries, (event, payload) => {
    if (toAny)
      for (const listener of [...socket.listenersAny()])
        (listener as (this: PackReceiver, event: string, payload: unknown) => unknown).call(
          socket,
          event,
          payload,
        );
    for (const listener of [...socket.listeners(event)])
      (listener as (this: PackReceiver, payload: unknown) => unknown).call(socket, payload);
  });
}

/** socket.io's map of the events the gateway pushes (`Server<…, ServerToClientEvents>`, `Socket<ServerToClientEvents>`). */
export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
} & { [LIVE_PACK]: (entries: LivePack) => void };

export const liveResumeSchema = z.object({
  v,
  /** The last `seq` the client saw (0 when it saw none). */
  after: storeSeq,
});
export type LiveResume = z.infer<typeof liveResumeSchema>;

export const liveResumedSchema = z.object({
  /** How many stored findings and alerts were sent again. */
  replayed: z.number().int().nonnegative(),
  /** The `seq` the replay reached; the live stream goes on from there. */
  upTo: storeSeq,
  /**
   * Set when more was missed than one resume sends ({@link RESUME_MAX}): the oldest were skipped, and the
   * client should reload its lists from the REST endpoints.
   */
  truncated: z.boolean().optional(),
});
export type LiveResumed = z.infer<typeof liveResumedSchema>;

/** Most findings and alerts one `live:resume` sends again (the newest of what was missed). */
export const RESUME_MAX = 20_000;

/** The events that carry a store `seq` and are replayed by `live:resume`. */
export const SEQ_EVENTS = [
  LIVE_EVENTS.crossbetRaised,
  LIVE_EVENTS.crossbetUpdated,
  LIVE_EVENTS.playerFlagged,
  LIVE_EVENTS.providerFlagged,
  LIVE_EVENTS.alertRaised,
  LIVE_EVENTS.alertAcknowledged,
  LIVE_EVENTS.alertResolved,
] as const;
export type SeqEventName = (typeof SEQ_EVENTS)[number];

/** Whether an event carries a store `seq` (and is replayed). */
export function isSeqEvent(event: string): event is SeqEventName {
  return (SEQ_EVENTS as readonly string[]).includes(event);
}

/**
 * The live screens (permission codes) a finding or an alert is pushed to, and replayed to: cross-bet groups
 * and their alerts to the baccarat monitor (3000) and risk data (8000); players and providers, and their
 * alerts, to risk data. The publisher of findings and the replay use this one rule.
 */
export function screensOf<E extends SeqEventName>(event: E, payload: ServerEventPayload<E>): string[] {
  if (event === LIVE_EVENTS.crossbetRaised || event === LIVE_EVENTS.crossbetUpdated)
    return [PERM.BACCARAT_MONITOR, PERM.RISK_DATA, PERM.TEEN_PATTI_MONITOR];
  if (event === LIVE_EVENTS.playerFlagged || event === LIVE_EVENTS.providerFlagged) return [PERM.RISK_DATA];
  return (payload as AlertChanged).alert.kind === 'crossbet'
    ? [PERM.BACCARAT_MONITOR, PERM.RISK_DATA]
    : [PERM.RISK_DATA];
}

/** The acknowledgement of a command, checked on the client. */
export function ackSchema<T extends z.ZodType>(data: T) {
  return z.union([z.object({ data }), z.object({ error: handshakeErrorSchema })]);
}

/** The schema of each command's payload, by command name. */
export const CLIENT_COMMAND_SCHEMAS = {
  [LIVE_COMMANDS.resume]: liveResumeSchema,
} as const;

/** socket.io's map of the commands a client sends, each with its acknowledgement. */
export interface ClientToServerEvents {
  [LIVE_COMMANDS.resume]: (payload: LiveResume, ack: (reply: Ack<LiveResumed>) => void) => void;
  /** The page became visible or hidden: a socket keeps its session alive only while visible. */
  [PRESENCE_EVENTS.set]: (payload: Presence) => void;
}

/** Checks a pushed payload against its event's schema (the client validates what it receives). */
export function parseServerEvent<E extends ServerEventName>(
  event: E,
  payload: unknown,
): { success: true; data: ServerEventPayload<E> } | { success: false; error: z.ZodError } {
  const result = SERVER_EVENT_SCHEMAS[event].safeParse(payload);
  return result.success
    ? { success: true, data: result.data as ServerEventPayload<E> }
    : { success: false, error: result.error };
}
