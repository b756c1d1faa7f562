import { memo } from 'react';
import { NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { formatDate } from '@dms/shared/format/date';
import { formatAmountShort, formatCount } from '@/lib/format/number';
import { selectTpGroups } from '../state/tpSlice';

/** Cross-bets on hand A against hand B found by the risk engine on Teen Patti tables. */
export const Groups = memo(function Groups({ wall }: { wall: boolean }) {
  const { t } = useTranslation('tpMonitor');
  const groups = useSelector(selectTpGroups);
  if (groups.length === 0) return <NonIdealState icon="people" description={t('groups.empty')} />;
  return (
    <ul className="dms-tpm__groups">
      {groups.slice(0, wall ? 6 : 20).map((g) => (
        <li key={g.id} data-group={g.id}>
          <Tag minimal intent={g.level >= 3 ? 'danger' : g.level === 2 ? 'warning' : 'none'}>
            {t(`groups.${g.kind}`)}
          </Tag>{' '}
          <span>{g.members.map((m) => m.account).join(' ⇄ ')}</span>
          <span className="dms-tpm__muted">
            {t('groups.line', {
              rounds: formatCount(g.rounds),
              turnover: formatAmountShort(g.turnover),
              tables: g.tables.join(', '),
              at: formatDate(g.lastSeenAt, '{h}:{i}'),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
});
