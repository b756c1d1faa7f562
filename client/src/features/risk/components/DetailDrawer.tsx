import { Drawer, DrawerSize, Classes, HTMLTable } from '@blueprintjs/core';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from '@/components/charts/ChartPanel';
import { formatAmount, formatCount } from '@/lib/format/number';
import { useRiskDetailQuery } from '../api/riskApi';

export interface DetailSubject {
  provider: number;
  account?: string | undefined;
  title: string;
}

/** Two months of one player's or provider's figures, day by day: a chart and the table beneath it. */
export function DetailDrawer({
  subject,
  onClose,
  portalContainer,
}: {
  subject: DetailSubject | undefined;
  onClose: () => void;
  portalContainer?: HTMLElement | undefined;
}) {
  const { t } = useTranslation('risk');
  const detail = useRiskDetailQuery(
    { provider: subject?.provider ?? 0, account: subject?.account },
    { skip: !subject },
  );
  const days = useMemo(() => detail.data?.days ?? [], [detail.data]);
  // Amounts of different currencies are not added up: the chart shows the currency with the most turnover
  // (the table below lists every currency).
  const currency = useMemo(() => {
    const turnover = new Map<string, number>();
    for (const d of days) turnover.set(d.currency, (turnover.get(d.currency) ?? 0) + d.turnover);
    return [...turnover].sort((a, b) => b[1] - a[1])[0]?.[0];
  }, [days]);
  const option = useMemo<EChartsCoreOption>(() => {
    const shown = days.filter((d) => d.currency === currency);
    const x = shown.map((d) => d.day);
    const series = (name: string, type: 'line' | 'bar', pick: (d: (typeof days)[number]) => number) => ({
      name,
      type,
      data: shown.map((d) => pick(d) / 100),
    });
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: x },
      yAxis: { type: 'value' },
      series: [
        series(t('detail.turnover'), 'line', (d) => d.turnover),
        series(t('detail.profit'), 'bar', (d) => d.profit),
        series(t('detail.transferIn'), 'line', (d) => d.transferIn),
        series(t('detail.bonus'), 'line', (d) => d.bonus),
      ],
    };
  }, [days, currency, t]);
  return (
    <Drawer
      isOpen={subject !== undefined}
      onClose={onClose}
      size={DrawerSize.LARGE}
      title={subject?.title}
      icon="timeline-line-chart"
      {...(portalContainer ? { portalContainer } : {})}
    >
      <div className={Classes.DRAWER_BODY}>
        <div className="dms-risk__detail">
          <p className={Classes.TEXT_MUTED}>
            {t('detail.period', { from: detail.data?.from ?? '…', to: detail.data?.to ?? '…' })}
          </p>
          <ChartPanel
            title={currency ? `${t('detail.chart')} · ${currency}` : t('detail.chart')}
            option={option}
            ariaLabel={t('detail.chart')}
            loading={detail.isLoading}
            empty={days.length === 0}
            emptyText={t('detail.empty')}
            height={280}
          />
          {days.length > 0 && (
            <div className="dms-risk__scroll" role="region" aria-label={t('detail.table')} tabIndex={0}>
              <HTMLTable compact striped className="dms-risk__table">
                <thead>
                  <tr>
                    <th scope="col">{t('detail.day')}</th>
                    <th scope="col">{t('col.currency')}</th>
                    <th scope="col" className="dms-risk__num">
                      {t('detail.turnover')}
                    </th>
                    <th scope="col" className="dms-risk__num">
                      {t('detail.payout')}
                    </th>
                    <th scope="col" className="dms-risk__num">
                      {t('detail.profit')}
                    </th>
                    <th scope="col" className="dms-risk__num">
                      {t('detail.bets')}
                    </th>
                    <th scope="col" className="dms-risk__num">
                      {t('detail.transferIn')}
                    </th>
                    <th scope="col" className="dms-risk__num">
                      {t('detail.transferOut')}
                    </th>
                    <th scope="col" className="dms-risk__num">
                      {t('detail.bonus')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((d) => (
                    <tr key={`${d.day}|${d.currency}`}>
                      <td>{d.day}</td>
                      <td translate="no">{d.currency}</td>
                      <td className="dms-risk__num">{formatAmount(d.turnover, d.currency)}</td>
                      <td className="dms-risk__num">{formatAmount(d.payout, d.currency)}</td>
                      <td className="dms-risk__num">{formatAmount(d.profit, d.currency)}</td>
                      <td className="dms-risk__num">{formatCount(d.bets)}</td>
                      <td className="dms-risk__num">{formatAmount(d.transferIn, d.currency)}</td>
                      <td className="dms-risk__num">{formatAmount(d.transferOut, d.currency)}</td>
                      <td className="dms-risk__num">{formatAmount(d.bonus, d.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
        </div>
      </div>
    </Drawer>
  );
}
