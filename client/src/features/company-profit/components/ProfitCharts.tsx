import { SegmentedControl } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { daysOf } from '@dms/shared/contracts/http/stats';
import { formatAmountShort, formatShort, NO_VALUE } from '@/lib/format/number';
import { ChartPanel } from '@/components/charts/ChartPanel';
import { escapeHtml, type ChartOption } from '@/components/charts/chartOption';
import { selectThemeColor } from '@/lib/settings/settingsSlice';
import { gameName, type ProfitView } from '../format';
import { joinSlices } from './BreakdownTabs';

type DailyMetric = 'ggr' | 'turnover';
type BarSlice = 'provider' | 'game';

/** Colour of range A: a neutral grey beside the theme colour of range B (the period looked at). */
const COLOR_A = '#8f99a8';

/** Props of {@link ProfitCharts}. */
export interface ProfitChartsProps {
  data: ProfitView;
  currency?: string;
  providerName: (id: number) => string;
}

function money(minor: number | null | undefined, currency?: string): string {
  if (typeof minor !== 'number') return NO_VALUE;
  return formatAmountShort(minor, currency);
}

/**
 * The values of a range's days in order, 0 for a day without a row, null (a gap in the line) for a day
 * whose figure could not be converted for want of a rate.
 */
function dailySeries(
  range: ProfitView['a'],
  metric: DailyMetric,
): { days: string[]; values: (number | null)[] } {
  const byDay = new Map(range.byDay.map((d) => [d.day, d[metric]]));
  const days = daysOf(range.start, range.end);
  return { days, values: days.map((d) => (byDay.has(d) ? (byDay.get(d) ?? null) : 0)) };
}

/**
 * Company Profit charts: the daily GGR or turnover of A and B, lined up by day index (day 1 of A beside
 * day 1 of B), and a bar chart of GGR per provider or game for A and B.
 */
export function ProfitCharts({ data, currency, providerName }: ProfitChartsProps) {
  const { t, i18n } = useTranslation('companyProfit');
  const primary = useSelector(selectThemeColor);
  const [metric, setMetric] = useState<DailyMetric>('ggr');
  const [slice, setSlice] = useState<BarSlice>('provider');
  const language = i18n.language;

  const daily = useMemo<{ option: ChartOption; empty: boolean }>(() => {
    const a = dailySeries(data.a, metric);
    const b = dailySeries(data.b, metric);
    const length = Math.max(a.days.length, b.days.length);
    const index = Array.from({ length }, (_, i) => String(i + 1));
    const many = length > 31;
    const option: ChartOption = {
      color: [COLOR_A, primary],
      legend: { top: 0, data: ['A', 'B'] },
      grid: { left: 8, right: 16, top: 36, bottom: many ? 52 : 12 },
      tooltip: {
        trigger: 'axis',
        confine: true,
        formatter: (params: unknown) => {
          const list = (Array.isArray(params) ? params : [params]) as {
            dataIndex: number;
            seriesName: string;
            marker: string;
            value: number | null;
          }[];
          const i = list[0]?.dataIndex ?? 0;
          const lines = list.map((p) => {
            const day = (p.seriesName === 'A' ? a.days : b.days)[i] ?? '';
            return `${p.marker} ${escapeHtml(p.seriesName)} ${escapeHtml(day)}: <b>${escapeHtml(money(p.value, currency))}</b>`;
          });
          return [escapeHtml(t('chart.day', { n: i + 1 })), ...lines].join('<br/>');
        },
      },
      xAxis: {
        type: 'category',
        data: index,
        boundaryGap: false,
        name: t('chart.dayIndex'),
        nameLocation: 'middle',
        nameGap: 26,
      },
      // Money ticks at whole units at least: an axis of tiny values reads 0.01, 0, 0 … otherwise.
      yAxis: {
        type: 'value',
        minInterval: 100,
        axisLabel: { formatter: (v: number) => formatShort(v / 100) },
      },
      dataZoom: many ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] : [],
      series: [
        {
          name: 'A',
          type: 'line',
          data: a.values,
          showSymbol: length <= 31,
          lineStyle: { width: 2, type: 'dashed' },
        },
        {
          name: 'B',
          type: 'line',
          data: b.values,
          showSymbol: length <= 31,
          lineStyle: { width: 2 },
          areaStyle: { opacity: 0.08 },
        },
      ],
    };
    const empty = a.values.every((v) => !v) && b.values.every((v) => !v);
    return { option, empty };
  }, [data, metric, primary, currency, t]);

  const bars = useMemo<{ option: ChartOption; empty: boolean }>(() => {
    const label = (key: string) =>
      slice === 'provider' ? providerName(Number(key)) : gameName(Number(key), language);
    const rows = joinSlices(data, slice, label).slice(0, 12);
    const option: ChartOption = {
      color: [COLOR_A, primary],
      legend: { top: 0, data: ['A', 'B'] },
      grid: { left: 8, right: 16, top: 36, bottom: 8 },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        confine: true,
        valueFormatter: (v) => money(typeof v === 'number' ? v : null, currency),
      },
      xAxis: {
        type: 'category',
        data: rows.map((r) => r.label),
        axisLabel: { interval: 0, rotate: rows.length > 4 ? 30 : 0, width: 90, overflow: 'truncate' },
      },
      // Money ticks at whole units at least: an axis of tiny values reads 0.01, 0, 0 … otherwise.
      yAxis: {
        type: 'value',
        minInterval: 100,
        axisLabel: { formatter: (v: number) => formatShort(v / 100) },
      },
      series: [
        { name: 'A', type: 'bar', data: rows.map((r) => r.a?.ggr ?? 0), barMaxWidth: 28 },
        { name: 'B', type: 'bar', data: rows.map((r) => r.b?.ggr ?? 0), barMaxWidth: 28 },
      ],
    };
    // No GGR to draw (none, or none that could be converted): the panel says so instead of an empty axis.
    const nothing = rows.every((r) => !r.a?.ggr && !r.b?.ggr);
    return { option, empty: rows.length === 0 || nothing };
  }, [data, slice, primary, currency, providerName, language]);

  return (
    <div className="dms-profit__charts">
      <ChartPanel
        title={t(metric === 'ggr' ? 'chart.dailyGgr' : 'chart.dailyTurnover')}
        ariaLabel={t('chart.dailyAria')}
        option={daily.option}
        empty={daily.empty}
        emptyText={t('empty')}
        actions={
          <SegmentedControl
            size="small"
            value={metric}
            onValueChange={(v) => setMetric(v as DailyMetric)}
            options={[
              { value: 'ggr', label: t('metric.ggr') },
              { value: 'turnover', label: t('metric.turnover') },
            ]}
          />
        }
      />
      <ChartPanel
        title={t(slice === 'provider' ? 'chart.ggrByProvider' : 'chart.ggrByGame')}
        ariaLabel={t('chart.barsAria')}
        option={bars.option}
        empty={bars.empty}
        emptyText={t('empty')}
        emptyIcon="horizontal-bar-chart"
        actions={
          <SegmentedControl
            size="small"
            value={slice}
            onValueChange={(v) => setSlice(v as BarSlice)}
            options={[
              { value: 'provider', label: t('breakdown.provider') },
              { value: 'game', label: t('breakdown.game') },
            ]}
          />
        }
      />
    </div>
  );
}
