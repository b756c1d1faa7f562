import { memo } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { formatDate } from '@dms/shared/format/date';
import { formatAmountShort } from '@/lib/format/number';
import { selectBigWins } from '../state/tpSlice';

/** The biggest wins (payout less stake) of single bets seen since the monitor opened. */
export const BigWins = memo(function BigWins({ wall }: { wall: boolean }) {
  const { t } = useTranslation('tpMonitor');
  const wins = useSelector(selectBigWins);
  if (wins.length === 0) return <NonIdealState icon="dollar" description={t('wins.empty')} />;
  return (
    <ol className="dms-tpm__wins">
      {wins.slice(0, wall ? 6 : 10).map((w) => (
        <li key={`${w.roundId}|${w.key}|${w.betType}`}>
          <strong>{formatAmountShort(w.payout - w.amount)}</strong>
          <span>{w.key.slice(w.key.indexOf(':') + 1)}</span>
          <span className="dms-tpm__muted">
            {t(`side.${w.betType}`)} · {w.tableId} · {formatDate(w.at, '{h}:{i}:{s}')}
          </span>
        </li>
      ))}
    </ol>
  );
});
