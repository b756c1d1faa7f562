import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { formatDate } from '@dms/shared/format/date';
import { formatCount } from '@/lib/format/number';
import { selectReplay } from '../state/monitorSlice';

/** The banner that says, beyond doubt, that the monitor shows a replay and not live play. */
export function ReplayBanner() {
  const { t } = useTranslation('monitor');
  const replay = useSelector(selectReplay);
  const status =
    replay.status === 'loading'
      ? t('replay.loading')
      : replay.status === 'paused'
        ? t('replay.paused')
        : replay.status === 'finished'
          ? t('replay.finished')
          : replay.status === 'failed'
            ? t('replay.failed')
            : t('replay.playing');
  return (
    <Callout
      className="dms-monitor__replay-banner"
      intent={replay.status === 'failed' ? Intent.DANGER : Intent.WARNING}
      icon="history"
      role="status"
      data-replay={replay.status}
      title={t('replay.banner', {
        from: formatDate(replay.from),
        to: formatDate(replay.to),
        speed: replay.speed,
      })}
    >
      <strong>{status}</strong>
      {replay.clock !== null && <> · {t('replay.clock', { at: formatDate(replay.clock) })}</>} ·{' '}
      {t('replay.stats', {
        rounds: formatCount(replay.rounds),
        flagged: formatCount(replay.flagged),
        alerts: formatCount(replay.alerts),
      })}
    </Callout>
  );
}
