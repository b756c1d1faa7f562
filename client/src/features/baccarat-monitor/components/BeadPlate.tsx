import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bead } from '../state/monitorModel';

const ROWS = 6;

/**
 * The road of a shoe as a bead plate: one bead per settled round, six to a column, read top to bottom and
 * left to right, coloured as the platform does (Banker red, Player blue, Tie green), a red dot top-left for
 * a Banker Pair and a blue one bottom-right for a Player Pair; a round that is cross-bet evidence is ringed.
 * Only the last `columns` columns are drawn.
 */
export const BeadPlate = memo(function BeadPlate({
  tableId,
  road,
  columns,
}: {
  tableId: string;
  road: readonly Bead[];
  columns: number;
}) {
  const { t } = useTranslation('monitor');
  const totalColumns = Math.ceil(road.length / ROWS);
  const first = Math.max(0, totalColumns - columns) * ROWS;
  const shown = road.slice(first);
  const count = (w: string) => road.filter((b) => b.winner === w).length;
  const label = t('table.road', {
    table: tableId,
    count: road.length,
    banker: count('banker'),
    player: count('player'),
    tie: count('tie'),
  });
  return (
    <div
      className="dms-bead"
      role="img"
      aria-label={label}
      style={{ gridTemplateColumns: `repeat(${columns}, var(--dms-bead-size))` }}
    >
      {shown.map((b) => (
        <span
          key={b.roundId}
          className={`dms-bead__cell is-${b.winner ?? 'unknown'}${b.flagged ? ' is-flagged' : ''}`}
          title={b.flagged ? t('table.flagged') : undefined}
          data-round={b.roundId}
        >
          {b.winner ? t(`bead.${b.winner}`) : ''}
          {b.bankerPair && <i className="dms-bead__pair is-banker" />}
          {b.playerPair && <i className="dms-bead__pair is-player" />}
        </span>
      ))}
    </div>
  );
});
