import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { formatCount, formatDecimal, formatRatioPrecise } from '@/lib/format/number';
import { selectDistribution } from '../state/tpSlice';

/** |z| at or above which a category is coloured: a rigged or broken shuffle shows. */
export const Z_ALERT = 3;

/** The hand ranks seen (both hands of every settled round) against the theoretical distribution. */
export const Distribution = memo(function Distribution() {
  const { t } = useTranslation('tpMonitor');
  const { total, rows } = useSelector(selectDistribution);
  return (
    <div className="dms-tpm__scroll">
      <p className="dms-tpm__muted" data-testid="tp-hands">
        {t('dist.hands', { n: formatCount(total) })}
      </p>
      <table className="dms-tpm__table-list dms-tpm__dist">
        <thead>
          <tr>
            <th>{t('dist.category')}</th>
            <th>{t('dist.observed')}</th>
            <th>{t('dist.share')}</th>
            <th>{t('dist.theory')}</th>
            <th>{t('dist.z')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const alarm = r.z !== null && Math.abs(r.z) >= Z_ALERT;
            return (
              <tr
                key={r.category}
                className={alarm ? 'is-alarm' : undefined}
                data-category={r.category}
                data-alarm={alarm || undefined}
              >
                <th scope="row">{t(`category.${r.category}`)}</th>
                <td>{formatCount(r.observed)}</td>
                <td>{r.share === null ? '—' : formatRatioPrecise(r.share)}</td>
                <td>{formatRatioPrecise(r.probability)}</td>
                <td>{r.z === null ? '—' : `${r.z > 0 ? '+' : ''}${formatDecimal(r.z)}`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="dms-tpm__muted dms-tpm__note">{t('dist.note', { z: Z_ALERT })}</p>
    </div>
  );
});
