import { memo } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { formatAmountShort, formatCount, formatRatio } from '@/lib/format/number';
import { selectHouse, selectPlayers } from '../state/tpSlice';

/** Players shown (the biggest stakes); the slice keeps more. */
const SHOWN = 12;

/** Players' win rates and RTP, settled from their bets and each round's result. */
export const Players = memo(function Players({ wall }: { wall: boolean }) {
  const { t } = useTranslation('tpMonitor');
  const players = useSelector(selectPlayers);
  const house = useSelector(selectHouse);
  return (
    <div className="dms-tpm__scroll">
      <p className="dms-tpm__muted" data-testid="tp-rtp">
        {t('players.overall', { rtp: formatRatio(house.rtp), stake: formatAmountShort(house.stake) })}
      </p>
      {players.length === 0 ? (
        <NonIdealState icon="people" description={t('players.empty')} />
      ) : (
        <table className="dms-tpm__table-list">
          <thead>
            <tr>
              <th>{t('players.player')}</th>
              <th>{t('players.rounds')}</th>
              <th>{t('players.winRate')}</th>
              <th>{t('players.stake')}</th>
              <th>{t('players.rtp')}</th>
            </tr>
          </thead>
          <tbody>
            {players.slice(0, wall ? 8 : SHOWN).map((p) => (
              <tr key={p.key} data-player={p.account}>
                <th scope="row">{p.account}</th>
                <td>{formatCount(p.rounds)}</td>
                <td>{formatRatio(p.winRate)}</td>
                <td>{formatAmountShort(p.stake)}</td>
                <td>{formatRatio(p.rtp)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
});
