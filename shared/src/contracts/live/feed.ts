import { z } from 'zod';

/**
 * The platform feed's status: which source feeds the gateway, whether the simulator is still writing its
 * history, and how fast events arrive. Served by `GET /feed/status` and pushed live as `feed:progressed`.
 */

/** Where events come from: the built-in simulator, only the signed HTTP ingest, an upstream poller, or nothing. */
export const FEED_SOURCES = ['sim', 'ingest', 'poll', 'off'] as const;
export type FeedSourceKind = (typeof FEED_SOURCES)[number];

/** `idle` before the source starts, `backfilling` while history is written, `live` after, `off` without a source. */
export const FEED_STATES = ['idle', 'backfilling', 'live', 'off'] as const;
export type FeedState = (typeof FEED_STATES)[number];

export const feedStatusSchema = z.object({
  source: z.enum(FEED_SOURCES),
  state: z.enum(FEED_STATES),
  /** Share of the history written, 0 to 1 (1 once live, or when there is no history to write). */
  progress: z.number().min(0).max(1),
  /** Events stored since the gateway started (replays not counted). */
  eventsTotal: z.number().int().nonnegative(),
  /** Events stored per second, over the last few seconds. */
  eventsPerSec: z.number().nonnegative(),
  /** `ts` of the newest stored event, epoch ms; null before the first. */
  lastEventAt: z.number().int().nullable(),
  /** The simulated history's range, epoch ms; null for other sources. */
  historyFrom: z.number().int().nullable(),
  historyTo: z.number().int().nullable(),
  /** Whether the signed HTTP ingest endpoint is enabled (`DMS_INGEST_SECRET` set). */
  ingest: z.boolean(),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;

/** Socket event name of a status change, pushed to every signed-in socket. */
export const FEED_PROGRESSED = 'feed:progressed';

/** Payload of {@link FEED_PROGRESSED}: version, sequence number (grows by one per push), status. */
export const feedProgressedSchema = z.object({
  v: z.literal(1),
  seq: z.number().int().nonnegative(),
  status: feedStatusSchema,
});
export type FeedProgressed = z.infer<typeof feedProgressedSchema>;
