import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountShort, formatCount } from '@/lib/format/number';
import type { TpTable } from '../state/tpModel';

const SIDES = ['player_a', 'player_b', 'tie', 'pair_plus'] as const;

/** One live Teen Patti table: the round in play with its stakes per side and players, and the last result. */
export const TableCard = memo(function TableCard({ table }: { table: TpTable }) {
  const { t } = useTranslation('tpMonitor');
  const round = table.current;
  const last = table.last;
  return (
    <article
      className="dms-tpm__table"
      data-table={table.tableId}
      aria-label={t('table.card', { table: table.tableId })}
    >
      <header className="dms-tpm__table-head">
        <strong>{table.tableId}</strong>
        <span className="dms-tpm__muted">
          {round ? t('table.round', { id: round.roundId }) : t('table.waiting')}
        </span>
      </header>
      <dl className="dms-tpm__sides">
        {SIDES.map((side) => {
          const total = round?.totals[side];
          return (
            <div key={side} className={`dms-tpm__side is-${side}`} data-side={side}>
              <dt>{t(`side.${side}`)}</dt>
              <dd>{formatAmountShort(total?.amount ?? 0)}</dd>
              <dd className="dms-tpm__muted">{t('table.bets', { n: formatCount(total?.bets ?? 0) })}</dd>
            </div>
          );
        })}
      </dl>
      <footer className="dms-tpm__table-foot">
        <span>{t('table.players', { n: formatCount(round?.players ?? 0) })}</span>
        {last && (
          <span className="dms-tpm__muted" data-testid="tp-last">
            {last.result
              ? t('table.last', {
                  winner: t(`side.${last.result.winner}`),
                  a: t(`category.${last.result.categoryA}`),
                  b: t(`category.${last.result.categoryB}`),
                })
              : t('table.lastUnknown')}
          </span>
        )}
      </footer>
    </article>
  );
});
