import './companyProfit.css';
import { Button, Callout, Card, Classes, FormGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfitCompareQuery } from '@dms/shared/contracts/http/stats';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { DateRangeField } from '@/components/filters/DateRangeField';
import { shortcutRange, validateFilter, type FilterMessage } from '@/components/filters/filterModel';
import { ScopeMultiSelect } from '@/components/filters/ScopeMultiSelect';
import { showFilterMessage } from '@/components/filters/showFilterMessage';
import { useScopeOptions } from '@/components/filters/useScopeOptions';
import { errorMessageOf, type ApiError } from '@/lib/api/baseQuery';
import { useProfitCompareQuery } from './api/companyProfitApi';
import { BreakdownTabs } from './components/BreakdownTabs';
import { ComparisonTable } from './components/ComparisonTable';
import { ProfitCharts } from './components/ProfitCharts';

/** The form of the page: the scope and two day ranges. */
interface ProfitDraft {
  providerIds: number[];
  currencies: string[];
  aStart: string | null;
  aEnd: string | null;
  bStart: string | null;
  bEnd: string | null;
}

/** Checks the form as the search pages do, range A first: the first failure's message, or the query. */
export function validateProfitDraft(
  d: ProfitDraft,
): { ok: true; query: ProfitCompareQuery } | { ok: false; message: FilterMessage } {
  const a = validateFilter({
    providerIds: d.providerIds,
    currencies: d.currencies,
    startDate: d.aStart,
    endDate: d.aEnd,
  });
  if (!a.ok) return a;
  const b = validateFilter({
    providerIds: d.providerIds,
    currencies: d.currencies,
    startDate: d.bStart,
    endDate: d.bEnd,
  });
  if (!b.ok) return b;
  const { providerIds, currencies } = a.filter;
  return {
    ok: true,
    query: {
      providerIds,
      currencies,
      aStart: a.filter.startDate,
      aEnd: a.filter.endDate,
      bStart: b.filter.startDate,
      bEnd: b.filter.endDate,
    },
  };
}

function sameQuery(x: ProfitCompareQuery | null, y: ProfitCompareQuery | null): boolean {
  return JSON.stringify(x) === JSON.stringify(y);
}

/** Props of {@link CompanyProfitPage}. */
export interface CompanyProfitPageProps {
  /** Lets a test fix "now" for the default ranges and the shortcuts. */
  now?: number;
}

/**
 * Company Profit (route /company-profit, code 12000): two day ranges side by side — by default last month
 * as A (the base) and this month as B — over the chosen providers and currencies. A table compares
 * turnover, payout, GGR, margin, bets and active players with the difference B − A and its percentage;
 * charts show the days of both ranges lined up, and GGR per provider or game; tabs break both ranges
 * down by provider, currency and game. The form and the last search live in this component's state.
 */
export function CompanyProfitPage({ now }: CompanyProfitPageProps = {}) {
  const { t } = useTranslation('companyProfit');
  const { t: ts } = useTranslation('statistics');
  const id = useId();
  const scope = useScopeOptions();
  const [draft, setDraft] = useState<ProfitDraft | null>(null);
  const [query, setQuery] = useState<ProfitCompareQuery | null>(null);

  // The first form: every provider, the first currency, last month (A) against this month (B).
  if (!draft && scope.ready) {
    const a = shortcutRange('lastMonth', now);
    const b = shortcutRange('thisMonth', now);
    const first: ProfitDraft = {
      providerIds: scope.providers.map((p) => p.id),
      currencies: scope.currencies.slice(0, 1).map((c) => c.code),
      aStart: a.start,
      aEnd: a.end,
      bStart: b.start,
      bEnd: b.end,
    };
    setDraft(first);
    const check = validateProfitDraft(first);
    setQuery(check.ok ? check.query : null);
  }

  const result = useProfitCompareQuery(query ?? skipToken, { refetchOnMountOrArgChange: 30 });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const check = validateProfitDraft(draft);
    if (!check.ok) {
      showFilterMessage(check.message);
      return;
    }
    if (sameQuery(check.query, query)) void result.refetch();
    else setQuery(check.query);
  };

  const currency = query?.currencies.length === 1 ? query.currencies[0] : undefined;
  const data = result.currentData ?? (result.isFetching ? undefined : result.data);
  const error = result.error as ApiError | undefined;

  let body: React.ReactNode;
  if (!draft) {
    body = scope.error ? (
      <NonIdealState
        icon="error"
        title={t('loadFailed')}
        action={<Button icon="refresh" text={t('retry')} onClick={scope.retry} />}
      />
    ) : (
      <div className="dms-loading" role="status">
        <Spinner size={30} aria-label={t('loading')} />
      </div>
    );
  } else if (result.isError && !data) {
    body = (
      <NonIdealState
        icon="error"
        title={t('loadFailed')}
        description={error ? errorMessageOf(error) : undefined}
        action={<Button icon="refresh" text={t('retry')} onClick={() => void result.refetch()} />}
      />
    );
  } else if (!data) {
    body = (
      <div className="dms-loading" role="status">
        <Spinner size={30} aria-label={t('loading')} />
      </div>
    );
  } else {
    body = (
      <>
        {!currency && query && (
          <Callout intent={Intent.WARNING} icon="bank-account" className="dms-profit__mixed">
            {t('mixedCurrencies', { count: query.currencies.length })}
          </Callout>
        )}
        <Card className="dms-profit__card">
          <h3 className={Classes.HEADING}>{t('compare.title')}</h3>
          <ErrorBoundary resetKey={data}>
            <ComparisonTable data={data} currency={currency} />
          </ErrorBoundary>
        </Card>
        <ErrorBoundary resetKey={data}>
          <ProfitCharts data={data} currency={currency} providerName={scope.providerName} />
        </ErrorBoundary>
        <Card className="dms-profit__card">
          <h3 className={Classes.HEADING}>{t('breakdown.title')}</h3>
          <ErrorBoundary resetKey={data}>
            <BreakdownTabs data={data} currency={currency} providerName={scope.providerName} />
          </ErrorBoundary>
        </Card>
      </>
    );
  }

  return (
    <div className="dms-page dms-profit">
      <Card className="dms-profit__card">
        <div className="dms-profit__head">
          <h2 className={Classes.HEADING}>{t('title')}</h2>
          <span className={Classes.TEXT_MUTED}>{t('subtitle')}</span>
        </div>
        {draft && (
          <form
            className="dms-filter dms-profit__form"
            role="search"
            aria-label={t('formLabel')}
            onSubmit={submit}
            noValidate
          >
            <FormGroup
              className="dms-filter__field dms-filter__field--provider"
              label={ts('filter.provider')}
              labelFor={`${id}-p`}
            >
              <ScopeMultiSelect<number>
                id={`${id}-p`}
                label={ts('filter.provider')}
                allLabel={ts('filter.allProviders')}
                placeholder={ts('filter.providerPlaceholder')}
                choices={scope.providers.map((p) => ({ key: p.id, label: p.name, hint: `#${p.id}` }))}
                selected={draft.providerIds}
                onChange={(providerIds) => setDraft({ ...draft, providerIds })}
              />
            </FormGroup>
            <FormGroup
              className="dms-filter__field dms-filter__field--currency"
              label={ts('filter.currency')}
              labelFor={`${id}-c`}
            >
              <ScopeMultiSelect<string>
                id={`${id}-c`}
                label={ts('filter.currency')}
                allLabel={ts('filter.allCurrencies')}
                placeholder={ts('filter.currencyPlaceholder')}
                choices={scope.currencies.map((c) => ({ key: c.code, label: c.code, hint: c.name }))}
                selected={draft.currencies}
                onChange={(currencies) => setDraft({ ...draft, currencies })}
              />
            </FormGroup>
            <FormGroup
              className="dms-filter__field dms-filter__field--dates"
              label={
                <>
                  <span className="dms-profit__range-tag dms-profit__range-tag--a">A</span> {t('rangeA')}
                </>
              }
            >
              <DateRangeField
                label={t('rangeA')}
                startDate={draft.aStart}
                endDate={draft.aEnd}
                now={now}
                onChange={(aStart, aEnd) => setDraft({ ...draft, aStart, aEnd })}
              />
            </FormGroup>
            <FormGroup
              className="dms-filter__field dms-filter__field--dates"
              label={
                <>
                  <span className="dms-profit__range-tag dms-profit__range-tag--b">B</span> {t('rangeB')}
                </>
              }
            >
              <DateRangeField
                label={t('rangeB')}
                startDate={draft.bStart}
                endDate={draft.bEnd}
                now={now}
                onChange={(bStart, bEnd) => setDraft({ ...draft, bStart, bEnd })}
              />
            </FormGroup>
            <div className="dms-filter__actions">
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon="search"
                text={ts('filter.search')}
                loading={result.isFetching}
              />
            </div>
          </form>
        )}
      </Card>
      {body}
    </div>
  );
}
