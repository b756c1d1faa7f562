import type { AlertRow } from '@dms/shared/contracts/http/risk';
import type { AlertChanged } from '@dms/shared/contracts/live/events';
import type { FeedStatus } from '@dms/shared/contracts/live/feed';
import { RiskLevel } from '@dms/shared/domain/enums';
import { intervalOfRate } from './freshness';

/** One open alert on the wall. */
export interface BoardAlert {
  id: number;
  seq: number;
  kind: AlertRow['kind'];
  level: RiskLevel;
  subject: string;
  providers: number[];
  raisedAt: number;
}

export const LEVELS_HIGH_FIRST: readonly RiskLevel[] = [RiskLevel.High, RiskLevel.Middle, RiskLevel.Abnormal];

/**
 * What the alerts wall shows: the open alerts (newest first), their counts by level, the last store `seq`
 * seen (for `live:resume`), and the signals its freshness is judged by.
 */
export interface AlertsBoard {
  loaded: boolean;
  alerts: Record<number, BoardAlert>;
  /** Open alerts by level, as the gateway counted them at the last load, kept current by the live events. */
  counts: Record<RiskLevel, number>;
  lastSeq: number;
  /** Local time of the last alert event (before any: when the newest loaded alert was raised). */
  lastAlertAt: number | null;
  /** Local time the feed was last seen storing events, and how often that is expected. */
  feedSeenAt: number | null;
  feedExpectMs: number | null;
  feedEventsTotal: number | null;
}

export const emptyBoard: AlertsBoard = {
  loaded: false,
  alerts: {},
  counts: { [RiskLevel.Abnormal]: 0, [RiskLevel.Middle]: 0, [RiskLevel.High]: 0 },
  lastSeq: 0,
  lastAlertAt: null,
  feedSeenAt: null,
  feedExpectMs: null,
  feedEventsTotal: null,
};

export type BoardEvent =
  /** The open alerts and the per-level totals from `GET /risk/alerts`. */
  | { type: 'loaded'; items: AlertRow[]; counts: Record<RiskLevel, number>; at: number }
  /** `alert:raised`, `alert:acknowledged` or `alert:resolved` (live or replayed). */
  | { type: 'alertChanged'; payload: AlertChanged; at: number }
  /** The feed status, from `GET /feed/status` or `feed:progressed`. */
  | { type: 'feedStatus'; status: FeedStatus; at: number };

/** A feed status is pushed at most once a second, so more often than that is never expected. */
const FEED_PUSH_MS = 1_000;

export function boardReducer(board: AlertsBoard, event: BoardEvent): AlertsBoard {
  switch (event.type) {
    case 'loaded': {
      const alerts: Record<number, BoardAlert> = {};
      let lastSeq = board.lastSeq;
      let newest: number | null = null;
      for (const row of event.items) {
        lastSeq = Math.max(lastSeq, row.seq);
        newest = Math.max(newest ?? 0, row.raisedAt);
        if (row.state !== 'open') continue;
        alerts[row.id] = {
          id: row.id,
          seq: row.seq,
          kind: row.kind,
          level: row.level,
          subject: row.subject,
          providers: row.providers,
          raisedAt: row.raisedAt,
        };
      }
      return {
        ...board,
        loaded: true,
        alerts,
        counts: { ...event.counts },
        lastSeq,
        // Before any event: the newest alert's own time (event time, never ahead of now).
        lastAlertAt: board.lastAlertAt ?? (newest === null ? null : Math.min(newest, event.at)),
      };
    }
    case 'alertChanged': {
      const { payload } = event;
      const lastSeq = Math.max(board.lastSeq, payload.seq);
      const { alert } = payload;
      const known = board.alerts[alert.id];
      // Each change of an alert has its own seq: an older one (a replay overlapping the load) changes nothing.
      if (known && known.seq >= payload.seq) return { ...board, lastSeq };
      const counts = { ...board.counts };
      const alerts = { ...board.alerts };
      if (known) {
        counts[known.level] = Math.max(0, counts[known.level] - 1);
        delete alerts[alert.id];
      }
      if (alert.state === 'open') {
        alerts[alert.id] = {
          id: alert.id,
          seq: payload.seq,
          kind: alert.kind,
          level: alert.level,
          subject: alert.subject,
          providers: payload.providers,
          raisedAt: alert.raisedAt,
        };
        counts[alert.level] += 1;
      }
      return { ...board, alerts, counts, lastSeq, lastAlertAt: event.at };
    }
    case 'feedStatus': {
      const { status } = event;
      // The count is per gateway run: a different one (more, or fewer after a restart) means events were stored.
      const grew = board.feedEventsTotal === null || status.eventsTotal !== board.feedEventsTotal;
      const storing = status.eventsPerSec > 0 && grew;
      const interval = intervalOfRate(status.eventsPerSec);
      return {
        ...board,
        feedEventsTotal: status.eventsTotal,
        feedSeenAt: storing
          ? event.at
          : (board.feedSeenAt ?? (status.lastEventAt === null ? null : event.at)),
        feedExpectMs:
          status.state === 'off' ? null : interval === null ? null : Math.max(FEED_PUSH_MS, interval),
      };
    }
  }
}

/** The open alerts, newest first (by the time raised, then by id). */
export function openAlertsNewestFirst(board: AlertsBoard): BoardAlert[] {
  return Object.values(board.alerts).sort((a, b) => b.raisedAt - a.raisedAt || b.id - a.id);
}
