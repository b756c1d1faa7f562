import './companyProfit.css';
import {
  Button,
  Callout,
  Card,
  Classes,
  FormGroup,
  HTMLSelect,
  Intent,
  NonIdealState,
  SegmentedControl,
  Spinner,
} from '@blueprintjs/core';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfitCompareQuery, ProfitReport } from '@dms/shared/contracts/http/stats';
import { RATE_BASE } from '@dms/shared/contracts/http/rates';
import { PERM } from '@dms/shared/permissions/codes';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { DateRangeField } from '@/components/filters/DateRangeField';
import { shortcutRange, validateFilter, type FilterMessage } from '@/components/filters/filterModel';
import { ScopeMultiSelect } from '@/components/filters/ScopeMultiSelect';
import { showFilterMessage } from '@/components/filters/showFilterMessage';
import { useScopeOptions } from '@/components/filters/useScopeOptions';
import { errorMessageOf, type ApiError } from '@/lib/api/baseQuery';
import { useProfitCompareQuery } from './api/companyProfitApi';
import { selectRoles } from '@/lib/session/sessionSlice';
import { BreakdownTabs, SliceTable } from './components/BreakdownTabs';
import { ComparisonTable } from './components/ComparisonTable';
import { ProfitCharts } from './components/ProfitCharts';
import { currencyName } from '@/lib/i18n/currencyName';

/** The form of the page: the scope, two day ranges and the reporting currency. */
interface ProfitDraft {
  providerIds: number[];
  currencies: string[];
  aStart: string | null;
  aEnd: string | null;
  bStart: string | null;
  bEnd: string | null;
  reportCurrency: string;
}

/** Where the reporting currency last chosen is kept (this browser). */
const REPORT_CURRENCY_KEY = 'dms:reportCurrency';

function savedReportCurrency(): string | null {
  try {
    return window.localStorage.getItem(REPORT_CURRENCY_KEY);
  } catch {
    return null;
  }
}

function saveReportCurrency(currency: string): void {
  try {
    window.localStorage.setItem(REPORT_CURRENCY_KEY, currency);
  } catch {
    // Storage can be disabled: the choice then lasts as long as the page.
  }
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
      reportCurrency: d.reportCurrency,
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

/** Props of {@link MissingRates}. */
interface MissingRatesProps {
  report: ProfitReport;
  /** The account may set rates (12001): the callout links to the Exchange Rates screen. */
  canSetRates: boolean;
}

/**
 * Says which exchange rates Company Profit needed and did not find: the money figures that need them are
 * not summed (— on the page) rather than summed without those currencies.
 */
function MissingRates({ report, canSetRates }: MissingRatesProps) {
  const { t } = useTranslation('companyProfit');
  const shown = report.missing.slice(0, 8).map((m) => `${m.currency} ${m.day}`);
  const more = report.missingCount - shown.length;
  return (
    <Callout intent={Intent.WARNING} icon="warning-sign" className="dms-profit__missing" role="status">
      <p>{t('missingRates.text', { count: report.missingCount, currency: report.currency })}</p>
      <p translate="no">
        {shown.join(t('missingRates.separator'))}
        {more > 0 ? ` ${t('missingRates.more', { count: more })}` : ''}
      </p>
      <p>
        {canSetRates ? (
          <Link to="/exchange-rates">{t('missingRates.setThem')}</Link>
        ) : (
          t('missingRates.askAdmin')
        )}
      </p>
    </Callout>
  );
}

/**
 * Company Profit (route /company-profit, code 12000): two day ranges side by side — by default last month
 * as A (the base) and this month as B — over the chosen providers and currencies, in a reporting currency:
 * each day's figures are converted at that day's exchange rates (and a missing rate is said, not summed
 * over). A table compares turnover, payout, GGR, margin, bets and active players with the difference B − A
 * and its percentage, or — one click away — each currency in itself; charts show the days of both ranges
 * lined up, and GGR per provider or game; tabs break both ranges down by provider, currency and game. The
 * form and the last search live in this component's state.
 */
export function CompanyProfitPage({ now }: CompanyProfitPageProps = {}) {
  const { t } = useTranslation('companyProfit');
  const { t: ts } = useTranslation('statistics');
  const id = useId();
  const scope = useScopeOptions();
  const [draft, setDraft] = useState<ProfitDraft | null>(null);
  const [query, setQuery] = useState<ProfitCompareQuery | null>(null);
  const [view, setView] = useState<'report' | 'perCurrency'>('report');
  const roles = useSelector(selectRoles);
  const canSetRates = roles.includes(PERM.EXCHANGE_RATES);
  const reportCurrencies = [...new Set([...scope.currencies.map((c) => c.code), RATE_BASE])];

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
      // The currency last chosen here; else the one currency of the first form, which needs no rate (a
      // fresh install has none yet).
      reportCurrency: (() => {
        const saved = savedReportCurrency();
        if (saved && reportCurrencies.includes(saved)) return saved;
        return scope.currencies[0]?.code ?? RATE_BASE;
      })(),
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

  const data = result.currentData ?? (result.isFetching ? undefined : result.data);
  // In the reporting currency when the gateway converted; else (one currency) as the currency itself.
  const report = data?.report ?? null;
  const shownView = report ?? data;
  const currency = report?.currency ?? (query?.currencies.length === 1 ? query.currencies[0] : undefined);
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
  } else if (shownView) {
    body = (
      <>
        {report && report.missingCount > 0 && <MissingRates report={report} canSetRates={canSetRates} />}
        <Card className="dms-profit__card">
          <div className="dms-profit__card-head">
            <h3 className={Classes.HEADING}>{t('compare.title')}</h3>
            {report && (
              <SegmentedControl
                size="small"
                value={view}
                onValueChange={(v) => setView(v as 'report' | 'perCurrency')}
                options={[
                  { value: 'report', label: t('view.report', { currency: report.currency }) },
                  { value: 'perCurrency', label: t('view.perCurrency') },
                ]}
              />
            )}
          </div>
          <ErrorBoundary resetKey={data}>
            {view === 'perCurrency' && report ? (
              <SliceTable data={data} breakdown="currency" providerName={scope.providerName} />
            ) : (
              <ComparisonTable data={shownView} currency={currency} />
            )}
          </ErrorBoundary>
          {report && view === 'report' && (
            <p className={`${Classes.TEXT_MUTED} dms-profit__note`}>
              {t('view.note', { currency: report.currency, base: report.base })}
              {canSetRates && (
                <>
                  {' '}
                  <Link to="/exchange-rates">{t('view.rates')}</Link>
                </>
              )}
            </p>
          )}
        </Card>
        <ErrorBoundary resetKey={data}>
          <ProfitCharts data={shownView} currency={currency} providerName={scope.providerName} />
        </ErrorBoundary>
        <Card className="dms-profit__card">
          <h3 className={Classes.HEADING}>{t('breakdown.title')}</h3>
          <ErrorBoundary resetKey={data}>
            <BreakdownTabs
              data={shownView}
              perCurrency={data}
              currency={currency}
              providerName={scope.providerName}
            />
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
                choices={scope.currencies.map((c) => ({
                  key: c.code,
                  label: c.code,
                  hint: currencyName(c.code, c.name),
                }))}
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
            <FormGroup
              className="dms-filter__field dms-filter__field--report"
              label={t('reportCurrency')}
              labelFor={`${id}-r`}
            >
              <HTMLSelect
                id={`${id}-r`}
                value={draft.reportCurrency}
                onChange={(e) => {
                  const reportCurrency = e.currentTarget.value;
                  saveReportCurrency(reportCurrency);
                  setDraft({ ...draft, reportCurrency });
                }}
                options={reportCurrencies.map((c) => ({ value: c, label: c }))}
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
