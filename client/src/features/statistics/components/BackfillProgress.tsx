import { Callout, Classes, Intent, ProgressBar } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { FEED_PROGRESSED, feedProgressedSchema, type FeedStatus } from '@dms/shared/contracts/live/feed';
import { formatDate } from '@dms/shared/format/date';
import { live } from '@/lib/live/live';
import { statsApi, useFeedStatusQuery } from '../api/statsApi';
import { formatCount } from '../format';
import { BUSINESS_TIME_ZONE } from '@/components/filters/filterModel';

/** The latest pushed status and its sequence number. */
interface Pushed {
  seq: number;
  status: FeedStatus;
}

/**
 * While the platform simulator writes its history (`GET /feed/status` says `backfilling`), a progress bar
 * that follows the live `feed:progressed` pushes. When the backfill ends, the statistics are read again,
 * since every figure on the page has grown.
 */
export function BackfillProgress() {
  const { t } = useTranslation('statistics');
  const dispatch = useDispatch();
  const { data } = useFeedStatusQuery();
  const [pushed, setPushed] = useState<Pushed | null>(null);

  useEffect(() => {
    const subscription = live.stream<unknown>(FEED_PROGRESSED).subscribe((payload) => {
      const parsed = feedProgressedSchema.safeParse(payload);
      if (!parsed.success) return;
      const { seq, status } = parsed.data;
      // A push older than one already seen (a reconnect replays) changes nothing.
      setPushed((current) => (current && current.seq >= seq ? current : { seq, status }));
    });
    return () => subscription.unsubscribe();
  }, []);

  const status = pushed?.status ?? data;
  const backfilling = status?.state === 'backfilling';
  const [wasBackfilling, setWasBackfilling] = useState(false);
  if (backfilling && !wasBackfilling) setWasBackfilling(true);

  useEffect(() => {
    if (wasBackfilling && status && status.state !== 'backfilling') {
      setWasBackfilling(false);
      dispatch(statsApi.util.invalidateTags(['Stats']));
    }
  }, [wasBackfilling, status, dispatch]);

  if (!status || !backfilling) return null;
  const pct = Math.floor(status.progress * 1000) / 10;
  return (
    <Callout
      intent={Intent.PRIMARY}
      icon="history"
      className="dms-backfill"
      title={t('feed.title')}
      role="status"
    >
      <p className={Classes.TEXT_MUTED}>
        {status.historyFrom !== null && status.historyTo !== null
          ? t('feed.range', {
              from: formatDate(status.historyFrom, '{y}-{m}-{d}', BUSINESS_TIME_ZONE),
              to: formatDate(status.historyTo, '{y}-{m}-{d}', BUSINESS_TIME_ZONE),
            })
          : t('feed.description')}
      </p>
      <ProgressBar
        intent={Intent.PRIMARY}
        value={status.progress}
        animate
        stripes
        aria-label={t('feed.progressLabel')}
      />
      <p className="dms-backfill__figures">
        <strong>{t('feed.percent', { pct: pct.toFixed(1) })}</strong>
        <span className={Classes.TEXT_MUTED}>
          {t('feed.events', {
            events: formatCount(status.eventsTotal),
            rate: formatCount(Math.round(status.eventsPerSec)),
          })}
        </span>
      </p>
    </Callout>
  );
}
