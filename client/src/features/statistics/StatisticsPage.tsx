import './statistics.css';
import { Button, Card, Classes, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatsFilter, StatsTable } from '@dms/shared/contracts/http/stats';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { FilterBar } from '@/components/filters/FilterBar';
import {
  draftOf,
  sameFilter,
  shortcutRange,
  validateFilter,
  type FilterDraft,
} from '@/components/filters/filterModel';
import { useScopeOptions } from '@/components/filters/useScopeOptions';
import { useStatsSummaryQuery } from './api/statsApi';
import { BackfillProgress } from './components/BackfillProgress';
import { DailyTrendChart } from './components/DailyTrendChart';
import { ScopeHeader } from './components/ScopeHeader';
import { SummaryCards } from './components/SummaryCards';
import { TablePanel } from './components/TablePanel';
import { TABLE_DEFS } from './tables';
import { columnLanguage } from './components/StatsDataTable';

/** Props of {@link StatisticsPage}. */
export interface StatisticsPageProps {
  /** Lets a test fix "now" for the default range and the shortcuts. */
  now?: number;
}

/**
 * The statistics workbench (the home page): the account's scope, the simulator's backfill progress, the
 * headline figures of a day range, and the nine statistics tables of the spec as tabs. Each tab opens with
 * the headline filter of the moment and then keeps its own filter, page and sort.
 */
export function StatisticsPage({ now }: StatisticsPageProps = {}) {
  const { t, i18n } = useTranslation('statistics');
  const scope = useScopeOptions();
  const [draft, setDraft] = useState<FilterDraft | null>(null);
  const [filter, setFilter] = useState<StatsFilter | null>(null);
  const [tab, setTab] = useState<StatsTable>('daily');
  const [opened, setOpened] = useState<ReadonlySet<StatsTable>>(() => new Set(['daily']));
  const [shownCurrency, setShownCurrency] = useState<string | null>(null);

  // The first filter: every provider and currency of the scope over the last 7 days.
  if (!draft && scope.ready) {
    const initial = draftOf(
      scope.providers.map((p) => p.id),
      scope.currencies.map((c) => c.code),
      shortcutRange('last7Days', now),
    );
    setDraft(initial);
    const check = validateFilter(initial);
    setFilter(check.ok ? check.filter : null);
  }

  const summary = useStatsSummaryQuery(filter ?? skipToken, { refetchOnMountOrArgChange: 30 });

  // The chosen currencies in the account's order (its first currency first), for the cards and the trend.
  const shownCurrencies = useMemo(() => {
    if (!filter) return [];
    const order = new Map(scope.currencies.map((c, i) => [c.code, i]));
    const rank = (c: string) => order.get(c) ?? Number.MAX_SAFE_INTEGER;
    return [...filter.currencies].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  }, [filter, scope.currencies]);
  const currency =
    shownCurrency && shownCurrencies.includes(shownCurrency) ? shownCurrency : (shownCurrencies[0] ?? '');

  const onSearch = (next: StatsFilter) => {
    if (sameFilter(next, filter)) void summary.refetch();
    else setFilter(next);
  };

  const header = (
    <>
      <ErrorBoundary>
        <ScopeHeader />
      </ErrorBoundary>
      <ErrorBoundary>
        <BackfillProgress />
      </ErrorBoundary>
    </>
  );

  if (!draft) {
    return (
      <div className="dms-page dms-stats">
        {header}
        {scope.error ? (
          <NonIdealState
            icon="error"
            title={t('table.loadFailed')}
            description={t('scopeFailed')}
            action={<Button icon="refresh" text={t('table.retry')} onClick={scope.retry} />}
          />
        ) : (
          <div className="dms-loading" role="status">
            <Spinner size={30} aria-label={t('table.loading')} />
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="dms-page dms-stats">
      {header}
      <Card className="dms-stats__card" aria-labelledby="dms-summary-title">
        <div className="dms-stats__card-head">
          <h2 id="dms-summary-title" className={Classes.HEADING}>
            {t('summary.title')}
          </h2>
          {filter && (
            <span className={Classes.TEXT_MUTED}>
              {t('summary.range', { start: filter.startDate, end: filter.endDate })}
            </span>
          )}
        </div>
        <FilterBar
          value={draft}
          onChange={setDraft}
          onSearch={onSearch}
          searching={summary.isFetching}
          label={t('summary.filterLabel')}
          now={now}
        />
        <ErrorBoundary resetKey={filter}>
          {filter && (
            <SummaryCards
              currencies={shownCurrencies}
              currency={currency}
              onCurrency={setShownCurrency}
              data={summary.currentData ?? (summary.isFetching ? undefined : summary.data)}
              loading={summary.isFetching}
              error={summary.isError}
              onRetry={() => void summary.refetch()}
            />
          )}
        </ErrorBoundary>
        {filter && currency && (
          <ErrorBoundary resetKey={filter}>
            <DailyTrendChart filter={filter} currency={currency} />
          </ErrorBoundary>
        )}
      </Card>

      <Card className="dms-stats__card dms-stats__tables">
        <Tabs
          id="dms-stats-tabs"
          className="dms-stats__tabs"
          selectedTabId={tab}
          onChange={(id) => {
            const next = id as StatsTable;
            setTab(next);
            setOpened((s) => (s.has(next) ? s : new Set([...s, next])));
          }}
        >
          {TABLE_DEFS.map((def) => (
            <Tab
              key={def.table}
              id={def.table}
              icon={def.icon}
              title={def.label[columnLanguage(i18n.language)]}
              panel={
                opened.has(def.table) ? (
                  <ErrorBoundary>
                    <TablePanel def={def} initialFilter={draft} now={now} />
                  </ErrorBoundary>
                ) : (
                  <span />
                )
              }
            />
          ))}
        </Tabs>
      </Card>
    </div>
  );
}
