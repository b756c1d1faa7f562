import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDifference, formatFigure, formatPct, METRICS, type ProfitView } from '../format';
import { Delta } from './Delta';

/** Props of {@link ComparisonTable}. */
export interface ComparisonTableProps {
  data: ProfitView;
  /** The currency of the money figures when one is chosen (its code follows each amount). */
  currency?: string;
}

/**
 * Range A and range B side by side for turnover, payout, GGR, margin, bets and active players, with the
 * difference B − A and its percentage of A as the gateway computed them (— where A is 0).
 */
export function ComparisonTable({ data, currency }: ComparisonTableProps) {
  const { t } = useTranslation('companyProfit');
  return (
    <>
      <p className="dms-profit__ranges">
        <span>
          <span className="dms-profit__range-tag dms-profit__range-tag--a">A</span>
          {t('compare.range', { start: data.a.start, end: data.a.end })}
        </span>
        <span>
          <span className="dms-profit__range-tag dms-profit__range-tag--b">B</span>
          {t('compare.range', { start: data.b.start, end: data.b.end })}
        </span>
      </p>
      <div className="dms-profit__scroll" role="region" aria-label={t('compare.title')} tabIndex={0}>
        <HTMLTable compact striped className="dms-profit__table dms-profit__compare">
          <thead>
            <tr>
              <th scope="col">{t('compare.metric')}</th>
              <th scope="col" className="dms-profit__num">
                <span className="dms-profit__range-tag dms-profit__range-tag--a">A</span>
                <span className="dms-profit__range-text">
                  {t('compare.range', { start: data.a.start, end: data.a.end })}
                </span>
              </th>
              <th scope="col" className="dms-profit__num">
                <span className="dms-profit__range-tag dms-profit__range-tag--b">B</span>
                <span className="dms-profit__range-text">
                  {t('compare.range', { start: data.b.start, end: data.b.end })}
                </span>
              </th>
              <th scope="col" className="dms-profit__num">
                {t('compare.difference')}
              </th>
              <th scope="col" className="dms-profit__num">
                {t('compare.percent')}
              </th>
            </tr>
          </thead>
          <tbody>
            {METRICS.map((metric) => {
              const diff = data.diff[metric];
              return (
                <tr key={metric} data-metric={metric}>
                  <th scope="row">{t(`metric.${metric}`)}</th>
                  <td className="dms-profit__num">{formatFigure(metric, data.a.totals[metric], currency)}</td>
                  <td className="dms-profit__num">{formatFigure(metric, data.b.totals[metric], currency)}</td>
                  <td className="dms-profit__num" data-col="difference">
                    <Delta
                      metric={metric}
                      value={diff.value}
                      text={formatDifference(metric, diff.value, currency)}
                    />
                  </td>
                  <td className="dms-profit__num" data-col="percent">
                    <Delta
                      metric={metric}
                      value={diff.pct === null ? null : diff.value}
                      text={formatPct(diff.pct)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
    </>
  );
}
