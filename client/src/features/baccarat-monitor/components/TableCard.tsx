import { Button, Card, Tag } from '@blueprintjs/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { EnumValue } from '@/components/labels/EnumValue';
import { Freshness } from '@/components/monitor/Freshness';
import { LevelTag } from '@/components/risk/LevelTag';
import { formatAmountShort, formatCount } from '@/lib/format/number';
import {
  PANEL_FLOOR_MS,
  hasAccount,
  memberKey,
  type MonitorGroup,
  type MonitorTable,
  type RoundView,
} from '../state/monitorModel';
import { selectCrossbetsByTable, selectGroupsById, selectTable } from '../state/monitorSlice';
import { BeadPlate } from './BeadPlate';

const SIDES = ['banker', 'player', 'tie'] as const;

type WithMonitor = Parameters<typeof selectTable>[0];

function RoundStakes({ round }: { round: RoundView }) {
  const { t } = useTranslation('monitor');
  const bets = Object.values(round.totals).reduce((n, s) => n + s.bets, 0);
  return (
    <>
      <div className="dms-table__sides">
        {SIDES.map((side) => (
          <div key={side} className={`dms-table__side is-${side}`}>
            <span className="dms-table__side-name">
              <EnumValue name="betType" value={side} />
            </span>
            <strong className="dms-table__side-amount">
              {formatAmountShort(round.totals[side]?.amount ?? 0)}
            </strong>
            <span className="dms-table__side-bets">{formatCount(round.totals[side]?.bets ?? 0)}</span>
          </div>
        ))}
      </div>
      <div className="dms-table__count">
        {round.playersKnown
          ? t('table.players', { count: formatCount(round.players) })
          : t('table.bets', { count: formatCount(bets) })}
      </div>
    </>
  );
}

/** The members of a group, the ones betting on the round marked. */
function GroupChip({
  group,
  round,
  onOpen,
}: {
  group: MonitorGroup;
  round: RoundView | null;
  onOpen: ((id: string) => void) | undefined;
}) {
  const { t } = useTranslation(['monitor', 'risk']);
  const body = (
    <>
      <LevelTag level={group.level} />{' '}
      <span className="dms-table__group-kind">{t(`risk:groupKind.${group.kind}`)}</span>{' '}
      {group.members.map((m) => (
        <span
          key={`${m.provider}:${m.account}`}
          translate="no"
          className={`dms-table__member${round && hasAccount(round.accounts, memberKey(m.provider, m.account)) ? ' is-present' : ''}`}
        >
          {m.account}
        </span>
      ))}
    </>
  );
  return (
    <li className={`dms-table__group is-level-${group.level}`}>
      {onOpen ? (
        <Button
          variant="minimal"
          size="small"
          className="dms-table__group-open"
          aria-label={t('groups.open', { id: group.id })}
          onClick={() => onOpen(group.id)}
        >
          {body}
        </Button>
      ) : (
        body
      )}
    </li>
  );
}

/**
 * One live table: its round in play (or the last one settled) with the Banker, Player and Tie stakes and the
 * players betting, the cross-bet pairs and rings on the round (the card is outlined in the highest level's
 * colour), and the shoe's bead plate. On a wall screen the card shows its freshness and opens nothing.
 */
export const TableCard = memo(function TableCard({
  tableId,
  providerName,
  wall,
  onOpenGroup,
}: {
  tableId: string;
  providerName: (id: number) => string;
  wall: boolean;
  onOpenGroup?: ((id: string) => void) | undefined;
}) {
  const { t } = useTranslation('monitor');
  const table = useSelector((s: WithMonitor) => selectTable(s, tableId)) as MonitorTable | undefined;
  const crossbets = useSelector((s: WithMonitor) => selectCrossbetsByTable(s)[tableId] ?? '');
  const groupsById = useSelector(selectGroupsById);
  if (!table) return null;
  const groups = crossbets
    ? crossbets
        .split(',')
        .map((id) => groupsById[id])
        .filter((g): g is MonitorGroup => g !== undefined)
    : [];
  const level = groups.reduce((m, g) => Math.max(m, g.level), 0);
  const round = table.current ?? table.last;
  return (
    <Card
      className={`dms-table${level > 0 ? ` is-flagged is-level-${level}` : ''}`}
      aria-label={t('table.card', { table: tableId })}
      data-table={tableId}
    >
      <div className="dms-table__head">
        <strong className="dms-table__id" translate="no">
          {tableId}
        </strong>
        <span className="dms-table__provider" translate="no">
          {providerName(table.provider)}
        </span>
        {table.shoeId && (
          <Tag minimal className="dms-table__shoe">
            {t('table.shoe', { id: table.shoeId })}
          </Tag>
        )}
        {wall && <Freshness clock={table.clock} floorMs={PANEL_FLOOR_MS} />}
      </div>
      <div className="dms-table__round">
        {table.current ? (
          <span>{t('table.round', { id: table.current.roundId })}</span>
        ) : (
          <span className="dms-monitor__muted">
            {table.last ? t('table.lastRound', { id: table.last.roundId }) : t('table.waiting')}
          </span>
        )}
      </div>
      {round &&
        (round.playersKnown || Object.keys(round.totals).length > 0 ? (
          <RoundStakes round={round} />
        ) : (
          // The last round as the road gives it (after a reload): its result is on the road, its stakes unknown.
          <div className="dms-table__count dms-monitor__muted">{t('table.stakesUnknown')}</div>
        ))}
      {groups.length > 0 && (
        <div className="dms-table__crossbets">
          <div className="dms-table__crossbets-title">{t('table.crossbets')}</div>
          <ul>
            {groups.map((g) => (
              <GroupChip key={g.id} group={g} round={round} onOpen={wall ? undefined : onOpenGroup} />
            ))}
          </ul>
        </div>
      )}
      <BeadPlate tableId={tableId} road={table.road} columns={wall ? 12 : 14} />
    </Card>
  );
});
