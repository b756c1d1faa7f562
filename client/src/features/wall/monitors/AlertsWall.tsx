import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertSubjectText } from '@dms/shared/domain/alertSubject';
import { RISK_LEVEL_LABEL_KEYS } from '@dms/shared/domain/enums';
import {
  LIVE_COMMANDS,
  LIVE_EVENTS,
  parseServerEvent,
  type LiveResumed,
} from '@dms/shared/contracts/live/events';
import { FEED_PROGRESSED, type FeedProgressed } from '@dms/shared/contracts/live/feed';
import { wallCall, wallEndpoints } from '../api/wallApi';
import { ageText } from '../components/ageText';
import { FreshnessLine } from '../components/FreshnessLine';
import {
  LEVELS_HIGH_FIRST,
  boardReducer,
  emptyBoard,
  openAlertsNewestFirst,
  type AlertsBoard,
} from '../state/alertsBoard';
import { backoffMs } from '../state/backoff';
import type { WallMonitorProps } from './monitorTypes';

/** Open alerts read at a load (the newest; counts by level are the gateway's totals whatever the number). */
const LOAD_SIZE = 500;
/** Rows a 1080-pixel-high wall shows; the rest are counted below the list. */
const ROWS_SHOWN = 12;

const ALERT_EVENTS = [
  LIVE_EVENTS.alertRaised,
  LIVE_EVENTS.alertAcknowledged,
  LIVE_EVENTS.alertResolved,
] as const;

/**
 * The alerts wall: the open alerts of the display's providers, newest first, and their counts by level,
 * in large type. It loads from `GET /risk/alerts` (a watch endpoint) and follows `alert:*` events; after
 * every (re)connection it asks `live:resume` for what it missed since the last `seq` it saw, and keeps the
 * last data on screen while the link is down.
 */
export function AlertsWall({ live, token, stale, now }: WallMonitorProps) {
  const { t } = useTranslation(['wall', 'risk', 'common']);
  const [board, dispatch] = useReducer(boardReducer, emptyBoard);
  const boardRef = useRef<AlertsBoard>(board);
  boardRef.current = board;
  const [providerNames, setProviderNames] = useState<Map<number, string>>(new Map());
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    const subscriptions = [
      ...ALERT_EVENTS.map((event) =>
        live.stream<unknown>(event).subscribe((payload) => {
          const parsed = parseServerEvent(event, payload);
          if (parsed.success) dispatch({ type: 'alertChanged', payload: parsed.data, at: Date.now() });
        }),
      ),
      live.stream<FeedProgressed>(FEED_PROGRESSED).subscribe((payload) => {
        if (payload?.status) dispatch({ type: 'feedStatus', status: payload.status, at: Date.now() });
      }),
    ];
    return () => {
      for (const s of subscriptions) s.unsubscribe();
    };
  }, [live]);

  // At every (re)connection: the lists when not loaded yet, then what was missed since the last seq.
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const load = async () => {
      const [open, feed, providers, ...levels] = await Promise.all([
        wallCall(wallEndpoints.alerts, { token, query: { state: 'open', size: LOAD_SIZE } }),
        wallCall(wallEndpoints.feedStatus, { token }),
        wallCall(wallEndpoints.providers, { token }),
        ...LEVELS_HIGH_FIRST.map((level) =>
          wallCall(wallEndpoints.alerts, { token, query: { state: 'open', level, size: 1 } }),
        ),
      ]);
      if (stopped) return;
      const counts = { ...emptyBoard.counts };
      LEVELS_HIGH_FIRST.forEach((level, i) => (counts[level] = levels[i]?.total ?? 0));
      setProviderNames(new Map(providers.map((p) => [p.id, p.name])));
      dispatch({ type: 'loaded', items: open.items, counts, at: Date.now() });
      dispatch({ type: 'feedStatus', status: feed, at: Date.now() });
    };
    const sync = async () => {
      try {
        if (!boardRef.current.loaded) await load();
        if (stopped) return;
        const resumed = await live.request<LiveResumed>(LIVE_COMMANDS.resume, {
          v: 1,
          after: boardRef.current.lastSeq,
        });
        // More was missed than one resume carries: the lists again.
        if (resumed.truncated) await load();
        setLoadFailed(false);
      } catch {
        if (stopped) return;
        setLoadFailed(true);
        timer = setTimeout(() => void sync(), backoffMs(attempt++));
      }
    };
    const subscription = live.connectionState$.subscribe((state) => {
      clearTimeout(timer);
      attempt = 0;
      if (state === 'connected') void sync();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [live, token]);

  const alerts = openAlertsNewestFirst(board);
  const shown = alerts.slice(0, ROWS_SHOWN);
  const total = LEVELS_HIGH_FIRST.reduce((sum, level) => sum + board.counts[level], 0);
  const providerName = (id: number) => providerNames.get(id) ?? String(id);
  const providerText = (ids: number[]) => ids.map(providerName).join(', ');

  return (
    <div className={`wall-alerts${stale ? ' wall-alerts--stale' : ''}`} data-testid="wall-alerts">
      <section className="wall-alerts__counts" aria-label={t('alerts.open')}>
        <div className="wall-count wall-count--total">
          <span className="wall-count__label">{t('alerts.total')}</span>
          <span className="wall-count__value" data-testid="wall-count-total">
            {board.loaded ? total : '—'}
          </span>
        </div>
        {LEVELS_HIGH_FIRST.map((level) => (
          <div key={level} className={`wall-count wall-count--level-${level}`}>
            <span className="wall-count__label">{t(`common:${RISK_LEVEL_LABEL_KEYS[level]}`)}</span>
            <span className="wall-count__value" data-testid={`wall-count-${level}`}>
              {board.loaded ? board.counts[level] : '—'}
            </span>
          </div>
        ))}
      </section>
      <div className="wall-alerts__fresh">
        <FreshnessLine
          label={t('alerts.lastAlert')}
          signal={{ lastAt: board.lastAlertAt, expectEveryMs: null }}
          now={now}
        />
        <FreshnessLine
          label={t('alerts.feed')}
          signal={{ lastAt: board.feedSeenAt, expectEveryMs: board.feedExpectMs }}
          now={now}
          idleText={board.feedExpectMs === null ? t('alerts.feedIdle') : undefined}
        />
        {loadFailed && <span className="wall-alerts__error">{t('alerts.loadFailed')}</span>}
      </div>
      <section className="wall-alerts__list" aria-label={t('alerts.open')}>
        {!board.loaded ? (
          <div className="wall-alerts__empty">{t('alerts.loading')}</div>
        ) : shown.length === 0 ? (
          <div className="wall-alerts__empty" data-testid="wall-alerts-empty">
            <strong>{t('alerts.none')}</strong>
            <span>{t('alerts.noneHint')}</span>
          </div>
        ) : (
          <ol className="wall-alerts__rows">
            {shown.map((a) => (
              <li
                key={a.id}
                className={`wall-alert wall-alert--level-${a.level}`}
                data-testid="wall-alert"
                data-alert-id={a.id}
              >
                <span className="wall-alert__level">{t(`common:${RISK_LEVEL_LABEL_KEYS[a.level]}`)}</span>
                <span className="wall-alert__kind">{t(`risk:alertKind.${a.kind}`)}</span>
                {/* In words, as the toast and the alert centre say it; the raw id stays on hover. */}
                <span className="wall-alert__subject" title={a.subject} translate="no">
                  {alertSubjectText(a.kind, a.subject, providerName)}
                </span>
                <span className="wall-alert__providers" translate="no">
                  {providerText(a.providers)}
                </span>
                <span className="wall-alert__age">
                  {t('fresh.live', { age: ageText(t, now - a.raisedAt) })}
                </span>
              </li>
            ))}
          </ol>
        )}
        {alerts.length > shown.length && (
          <div className="wall-alerts__more">{t('alerts.more', { n: alerts.length - shown.length })}</div>
        )}
      </section>
    </div>
  );
}
