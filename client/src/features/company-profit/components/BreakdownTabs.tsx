import { HTMLTable, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profitDelta, type ConvertedTotals } from '@dms/shared/contracts/http/stats';
import { formatFigure, formatPct, gameName, type Metric, type ProfitView } from '../format';
import { Delta } from './Delta';

/** The slices Company Profit breaks a range into. */
export type Breakdown = 'provider' | 'currency' | 'game';

interface SliceRow {
  key: string;
  label: string;
  /** The currency of this slice's money, when it has one. */
  currency?: string;
  a: ConvertedTotals | undefined;
  b: ConvertedTotals | undefined;
}

/** Joins the slices of A and B by key, largest turnover (of either range) first. */
export function joinSlices(
  data: ProfitView,
  breakdown: Breakdown,
  label: (key: string) => string,
): SliceRow[] {
  const pick = (range: ProfitView['a']): Map<string, ConvertedTotals> => {
    if (breakdown === 'provider') return new Map(range.byProvider.map((r) => [String(r.provider), r]));
    if (breakdown === 'currency') return new Map(range.byCurrency.map((r) => [r.currency, r]));
    return new Map(range.byGame.map((r) => [String(r.gameId), r]));
  };
  const a = pick(data.a);
  const b = pick(data.b);
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  const size = (k: string) => Math.max(a.get(k)?.turnover ?? 0, b.get(k)?.turnover ?? 0);
  return keys
    .sort((x, y) => size(y) - size(x))
    .map((key) => ({
      key,
      label: label(key),
      currency: breakdown === 'currency' ? key : undefined,
      a: a.get(key),
      b: b.get(key),
    }));
}

const SHOWN: readonly Metric[] = ['turnover', 'ggr', 'margin', 'bets', 'activePlayers'];
/** Metrics whose change is shown as a percentage beside them. */
const WITH_CHANGE: ReadonlySet<Metric> = new Set(['turnover', 'ggr']);

/** Props of {@link SliceTable}. */
export interface SliceTableProps {
  data: ProfitView;
  breakdown: Breakdown;
  /** The currency of the money figures when one is chosen (per currency, each row is in its own). */
  currency?: string;
  providerName: (id: number) => string;
}

/** A and B per provider, currency or game: turnover and GGR with their change, margin, bets, players. */
export function SliceTable({ data, breakdown: tab, currency, providerName }: SliceTableProps) {
  const { t, i18n } = useTranslation('companyProfit');
  const label = (key: string): string => {
    if (tab === 'provider') return providerName(Number(key));
    if (tab === 'game') return gameName(Number(key), i18n.language);
    return key;
  };
  const rows = joinSlices(data, tab, label);
  return rows.length === 0 ? (
    <NonIdealState icon="th" description={t('empty')} />
  ) : (
    <div className="dms-profit__scroll" role="region" aria-label={t(`breakdown.${tab}`)} tabIndex={0}>
      <HTMLTable compact striped className="dms-profit__table">
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              {t(`breakdown.${tab}`)}
            </th>
            {SHOWN.map((m) => (
              <th key={m} scope="colgroup" colSpan={WITH_CHANGE.has(m) ? 3 : 2} className="dms-profit__group">
                {t(`metric.${m}`)}
              </th>
            ))}
          </tr>
          <tr>
            {SHOWN.flatMap((m) => [
              <th key={`${m}a`} scope="col" className="dms-profit__num">
                A
              </th>,
              <th key={`${m}b`} scope="col" className="dms-profit__num">
                B
              </th>,
              ...(WITH_CHANGE.has(m)
                ? [
                    <th key={`${m}d`} scope="col" className="dms-profit__num">
                      {t('compare.percent')}
                    </th>,
                  ]
                : []),
            ])}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const cur = row.currency ?? currency;
            return (
              <tr key={row.key}>
                <th scope="row" title={tab === 'provider' ? `#${row.key}` : undefined}>
                  {row.label}
                </th>
                {SHOWN.flatMap((m) => {
                  const av = row.a?.[m] ?? (row.a ? null : m === 'margin' ? null : 0);
                  const bv = row.b?.[m] ?? (row.b ? null : m === 'margin' ? null : 0);
                  const cells = [
                    <td key={`${m}a`} className="dms-profit__num">
                      {formatFigure(m, av, cur)}
                    </td>,
                    <td key={`${m}b`} className="dms-profit__num">
                      {formatFigure(m, bv, cur)}
                    </td>,
                  ];
                  if (WITH_CHANGE.has(m)) {
                    const d = profitDelta(av, bv);
                    cells.push(
                      <td key={`${m}d`} className="dms-profit__num">
                        <Delta metric={m} value={d.pct === null ? null : d.value} text={formatPct(d.pct)} />
                      </td>,
                    );
                  }
                  return cells;
                })}
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** Props of {@link BreakdownTabs}. */
export interface BreakdownTabsProps {
  /** The view of the providers and games (in the reporting currency when one is chosen). */
  data: ProfitView;
  /** The ranges per currency, each currency in itself. */
  perCurrency: ProfitView;
  /** The currency of the money figures of `data` when there is one. */
  currency?: string;
  providerName: (id: number) => string;
}

/**
 * A and B per provider, currency and game. Providers and games are in the reporting currency; the
 * currency tab shows each currency's own figures.
 */
export function BreakdownTabs({ data, perCurrency, currency, providerName }: BreakdownTabsProps) {
  const { t } = useTranslation('companyProfit');
  const [tab, setTab] = useState<Breakdown>('provider');
  const panel = (
    <SliceTable
      data={tab === 'currency' ? perCurrency : data}
      breakdown={tab}
      currency={tab === 'currency' ? undefined : currency}
      providerName={providerName}
    />
  );
  return (
    <Tabs
      id="dms-profit-breakdown"
      renderActiveTabPanelOnly
      selectedTabId={tab}
      onChange={(id) => setTab(id as Breakdown)}
      className="dms-profit__tabs"
    >
      <Tab id="provider" icon="office" title={t('breakdown.provider')} panel={panel} />
      <Tab id="currency" icon="dollar" title={t('breakdown.currency')} panel={panel} />
      <Tab id="game" icon="layers" title={t('breakdown.game')} panel={panel} />
    </Tabs>
  );
}
