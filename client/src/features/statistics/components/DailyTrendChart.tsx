import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { StatsFilter } from '@dms/shared/contracts/http/stats';
import { formatAmountShort, formatShort } from '@/lib/format/number';
import { ChartPanel } from '@/components/charts/ChartPanel';
import type { ChartOption } from '@/components/charts/chartOption';
import { zeroAlignedAxes } from '@/components/charts/zeroAlignedAxes';
import { filterParams } from '@/components/filters/filterModel';
import { selectThemeColor } from '@/lib/settings/settingsSlice';
import { useStatsTableQuery } from '../api/statsApi';
import { trendDays } from '../trendDays';

/** Props of {@link DailyTrendChart}. */
export interface DailyTrendChartProps {
  filter: StatsFilter;
  /** The one currency drawn (amounts of different currencies are never added). */
  currency: string;
}

/** Days of a range fit one page: at most 366 days of one currency. */
const PAGE = 500;

/**
 * The headline range day by day for one currency: GGR as bars (red below zero) and turnover as a line,
 * from daily data (the roll-ups); a day without data is drawn as 0 in its place.
 */
export function DailyTrendChart({ filter, currency }: DailyTrendChartProps) {
  const { t } = useTranslation('statistics');
  const primary = useSelector(selectThemeColor);
  const args = currency
    ? {
        table: 'daily' as const,
        params: {
          ...filterParams({ ...filter, currencies: [currency] }),
          page: 1,
          pageSize: PAGE,
          sortBy: 'day',
          sortOrder: 'asc',
        },
      }
    : skipToken;
  const { currentData, isFetching, isError } = useStatsTableQuery(args, { refetchOnMountOrArgChange: 30 });
  const rows = currentData?.list;

  const option = useMemo<ChartOption>(() => {
    const list = trendDays(rows ?? [], filter.startDate, filter.endDate);
    const days = list.map((d) => d.day.slice(5));
    const many = list.length > 31;
    const [ggrAxis, turnoverAxis] = zeroAlignedAxes(
      list.map((d) => d.ggr),
      list.map((d) => d.turnover),
    );
    const money = (v: unknown) => formatAmountShort(typeof v === 'number' ? v : 0, currency);
    return {
      color: [primary, '#8f99a8'],
      legend: { top: 0, data: [t('summary.ggr'), t('summary.turnover')] },
      grid: { left: 8, right: 8, top: 36, bottom: many ? 52 : 8 },
      tooltip: { trigger: 'axis', confine: true, valueFormatter: money },
      xAxis: { type: 'category', data: days },
      yAxis: [
        { type: 'value', ...ggrAxis, axisLabel: { formatter: (v: number) => formatShort(v / 100) } },
        {
          type: 'value',
          ...turnoverAxis,
          splitLine: { show: false },
          // Turnover is never negative: its axis goes below zero only to keep zero level with GGR's.
          axisLabel: { formatter: (v: number) => (v < 0 ? '' : formatShort(v / 100)) },
        },
      ],
      dataZoom: many ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] : [],
      series: [
        {
          name: t('summary.ggr'),
          type: 'bar',
          barMaxWidth: 18,
          data: list.map(({ ggr }) => (ggr < 0 ? { value: ggr, itemStyle: { color: '#cd4246' } } : ggr)),
        },
        {
          name: t('summary.turnover'),
          type: 'line',
          yAxisIndex: 1,
          showSymbol: !many,
          data: list.map(({ turnover }) => turnover),
        },
      ],
    };
  }, [rows, filter.startDate, filter.endDate, currency, primary, t]);

  return (
    <ChartPanel
      className="dms-stats__trend"
      title={t('summary.trend', { currency })}
      ariaLabel={t('summary.trendAria', { currency })}
      option={option}
      height={260}
      loading={isFetching && !rows}
      empty={!isFetching && (isError || !rows || rows.length === 0)}
      emptyText={t('table.emptyTitle')}
    />
  );
}
