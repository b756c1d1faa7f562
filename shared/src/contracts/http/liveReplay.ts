import { z } from 'zod';
import { alertChangedSchema, betTotalSchema, roundSettledSchema } from '../live/events';
import { boundedInt } from './inputPolicy';
import { epochMsSchema } from './fields';

/**
 * The monitor's replay of a period (`GET /live/replay`, permission 3000): the settled rounds of the period
 * (each with whether it is evidence of a cross-bet group, and which) and the alerts raised in it, merged in
 * event-time order (`at`, the event's `ts`), one page at a time. The client plays the items again on the
 * monitor, faster than real time; `next` is the cursor of the following page (null at the end).
 */

/** Longest period of one replay (7 days). */
export const REPLAY_PERIOD_MAX_MS = 7 * 86_400_000;
/** Items per page: default and most. */
export const REPLAY_PAGE_DEFAULT = 500;
export const REPLAY_PAGE_MAX = 2000;

export const liveReplayQuerySchema = z
  .object({
    from: epochMsSchema,
    to: epochMsSchema,
    /** Only the rounds of this game (1 baccarat, 2 Teen Patti); both by default. */
    gameId: z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2)]))
      .optional(),
    cursor: z
      .string()
      .max(200)
      .regex(/^[\w.:-]*$/)
      .optional(),
    limit: boundedInt(1, REPLAY_PAGE_MAX).default(REPLAY_PAGE_DEFAULT),
  })
  .refine((q) => q.from < q.to, {
    message: 'Start date is less than end date !',
    params: { key: 'validation.dateOrder' },
    path: ['to'],
  })
  .refine((q) => q.to - q.from <= REPLAY_PERIOD_MAX_MS, {
    message: 'The date range is at most 7 days !',
    params: { key: 'validation.rangeTooLong', max: 7 },
    path: ['to'],
  });
export type LiveReplayQuery = z.input<typeof liveReplayQuerySchema>;

export const replayItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('round'),
    /** The settlement's event time. */
    at: z.number().int(),
    round: roundSettledSchema,
    /** Whether the round is evidence of a cross-bet group, and of which groups. */
    flagged: z.boolean(),
    groups: z.array(z.string()).max(100),
  }),
  z.object({
    kind: z.literal('alert'),
    /** The alert's `raisedAt` (event time). */
    at: z.number().int(),
    alert: alertChangedSchema,
  }),
]);
export type ReplayItem = z.infer<typeof replayItemSchema>;

export const liveReplayPageSchema = z.object({
  items: z.array(replayItemSchema),
  /** Cursor of the next page; null when the period is exhausted. */
  next: z.string().nullable(),
});
export type LiveReplayPage = z.infer<typeof liveReplayPageSchema>;

/**
 * `GET /live/tables?gameId=`: the monitor's starting picture, before the live stream goes on from it —
 * every table of the game with play in the last {@link LIVE_TABLE_ACTIVE_MS} of event time: its current
 * round (open, with the totals of the caller's providers' bets so far) and its road (the settled rounds of
 * its current shoe, oldest first, for the bead plate). Baccarat needs 3000, Teen Patti 11001.
 */
export const LIVE_TABLE_ACTIVE_MS = 30 * 60_000;
/** Most rounds of a shoe's road. */
export const LIVE_ROAD_MAX = 100;

export const liveTablesQuerySchema = z.object({
  gameId: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(1),
});
export type LiveTablesQuery = z.input<typeof liveTablesQuerySchema>;

export const liveTableSchema = z.object({
  tableId: z.string(),
  gameId: z.union([z.literal(1), z.literal(2)]),
  /** The provider whose table it is. */
  provider: z.number().int(),
  shoeId: z.string(),
  /** The round in play, if one started and has not settled. */
  current: z
    .object({
      roundId: z.string(),
      startedAt: z.number().int(),
      /** The caller's providers with bets on it so far, and their totals per bet type. */
      providers: z.array(z.number().int()),
      totals: z.array(betTotalSchema).max(16),
    })
    .nullable(),
  /** The settled rounds of the current shoe, oldest first (the bead plate). */
  road: z
    .array(
      z.object({
        roundId: z.string(),
        settledAt: z.number().int(),
        result: z.record(z.string(), z.unknown()),
      }),
    )
    .max(LIVE_ROAD_MAX),
});
export type LiveTable = z.infer<typeof liveTableSchema>;
