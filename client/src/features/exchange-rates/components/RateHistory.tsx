import { Classes, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RateHistoryRow } from '@dms/shared/contracts/http/rates';
import { formatDate } from '@dms/shared/format/date';
import { formatCount, formatDecimalRate, NO_VALUE } from '@/lib/format/number';

/** The change log of the rates: who set, deleted or imported which, and when. */
export function RateHistory({ rows }: { rows: readonly RateHistoryRow[] }) {
  const { t } = useTranslation('rates');
  if (rows.length === 0) return <NonIdealState icon="history" description={t('history.empty')} />;
  return (
    <div className="dms-rates__scroll" role="region" aria-label={t('history.title')} tabIndex={0}>
      <HTMLTable compact striped className="dms-rates__table">
        <thead>
          <tr>
            <th scope="col">{t('history.at')}</th>
            <th scope="col">{t('history.actor')}</th>
            <th scope="col">{t('history.action')}</th>
            <th scope="col">{t('history.currency')}</th>
            <th scope="col">{t('history.days')}</th>
            <th scope="col" className="dms-rates__num">
              {t('history.rate')}
            </th>
            <th scope="col" className="dms-rates__num">
              {t('history.count')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.at}-${r.action}-${r.currency ?? ''}-${r.startDay ?? ''}`}>
              <td className={Classes.TEXT_MUTED}>{formatDate(r.at)}</td>
              <td translate="no">{r.actor}</td>
              <td>{t(`history.actions.${r.action.slice('rate.'.length)}`)}</td>
              <td translate="no">{r.currency ?? NO_VALUE}</td>
              <td>
                {r.startDay
                  ? r.startDay === r.endDay
                    ? r.startDay
                    : `${r.startDay} – ${r.endDay ?? ''}`
                  : NO_VALUE}
              </td>
              <td className="dms-rates__num">{r.rate === null ? NO_VALUE : formatDecimalRate(r.rate)}</td>
              <td className="dms-rates__num">
                {formatCount(r.action === 'rate.delete' ? r.deleted : r.written)}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
