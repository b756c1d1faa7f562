import { memo } from 'react';
import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { formatMoment } from '@dms/shared/format/date';
import { LevelTag } from '@/components/risk/LevelTag';
import { formatAmountShort, formatCount } from '@/lib/format/number';
import { useToday } from '@/lib/time/useNow';
import { selectAlerts, selectGroupList, selectGroupsById } from '../state/monitorSlice';

/** Rows shown at most (the slice keeps more; the list is ordered by level, then recency). */
const ROWS_MAX = 60;
/**
 * Rows on a wall screen: about what a 1080-line wall shows below the chart. Nobody scrolls a wall, and rows
 * past its edge would only be DOM that grows with every finding until the cap.
 */
const WALL_ROWS_MAX = 16;
const ALERTS_SHOWN = 4;

/**
 * The cross-bet pairs and rings the risk engine found within the account's providers (stored ones, then
 * live changes): level, kind, members, evidence rounds, turnover, tables and when last seen; in the console
 * a click on one opens its evidence rounds. The latest cross-bet alerts head the list.
 */
export const GroupList = memo(function GroupList({
  wall,
  onOpen,
}: {
  wall: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation(['monitor', 'risk']);
  const groups = useSelector(selectGroupList);
  const alerts = useSelector(selectAlerts);
  const byId = useSelector(selectGroupsById);
  const rowsMax = wall ? WALL_ROWS_MAX : ROWS_MAX;
  const shown = groups.slice(0, rowsMax);
  // Times of today are times of day; a group last seen on another day (a wall runs for days) has its date,
  // from the moment the day turns.
  const now = useToday();
  return (
    <div className="dms-monitor__groups">
      {alerts.length > 0 && (
        <div className="dms-monitor__alerts" aria-label={t('alerts.title')}>
          <span className="dms-monitor__muted">{t('alerts.title')}</span>
          {alerts.slice(0, ALERTS_SHOWN).map((a) => (
            <span key={a.id} className="dms-monitor__alert">
              <LevelTag level={a.level} />{' '}
              {byId[a.subject] ? (
                <>
                  {t(`risk:groupKind.${byId[a.subject]!.kind}`)}{' '}
                  <span translate="no">{byId[a.subject]!.members.map((m) => m.account).join(' · ')}</span>
                </>
              ) : (
                <span translate="no">{a.subject}</span>
              )}{' '}
              <span className="dms-monitor__muted">{formatMoment(a.raisedAt, now)}</span>
            </span>
          ))}
        </div>
      )}
      {shown.length === 0 ? (
        <NonIdealState icon="people" description={t('groups.empty')} />
      ) : (
        <div className="dms-monitor__scroll">
          <HTMLTable compact className="dms-monitor__group-table">
            <thead>
              <tr>
                <th scope="col">{t('risk:col.level')}</th>
                <th scope="col">{t('risk:col.groupKind')}</th>
                <th scope="col">{t('groups.members')}</th>
                <th scope="col" className="dms-monitor__num">
                  {t('groups.rounds')}
                </th>
                <th scope="col" className="dms-monitor__num">
                  {t('groups.turnover')}
                </th>
                <th scope="col">{t('groups.lastSeen')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((g) => (
                <tr key={g.id} className={`is-level-${g.level}`} data-group={g.id}>
                  <td>
                    <LevelTag level={g.level} />
                  </td>
                  <td>{t(`risk:groupKind.${g.kind}`)}</td>
                  <td className="dms-monitor__members">
                    {wall ? (
                      <span translate="no">{g.members.map((m) => m.account).join(' · ')}</span>
                    ) : (
                      <Button
                        variant="minimal"
                        size="small"
                        className="dms-monitor__open"
                        aria-label={t('groups.open', { id: g.id })}
                        onClick={() => onOpen(g.id)}
                      >
                        <span translate="no">{g.members.map((m) => m.account).join(' · ')}</span>
                      </Button>
                    )}
                    <div className="dms-monitor__group-tables" title={t('groups.tables')}>
                      <span translate="no">{g.tables.slice(0, 3).join(', ')}</span>
                    </div>
                  </td>
                  <td className="dms-monitor__num">{formatCount(g.rounds)}</td>
                  <td className="dms-monitor__num">{formatAmountShort(g.turnover)}</td>
                  <td>{formatMoment(g.lastSeenAt, now)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {groups.length > rowsMax && (
        <p className="dms-monitor__muted">{t('groups.more', { count: groups.length - rowsMax })}</p>
      )}
    </div>
  );
});
