import './exchangeRates.css';
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Classes,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RATE_BASE, type RateRow } from '@dms/shared/contracts/http/rates';
import { formatDate } from '@dms/shared/format/date';
import { TablePager } from '@/components/TablePager';
import { DateRangeField } from '@/components/filters/DateRangeField';
import { shortcutRange, validateRange } from '@/components/filters/filterModel';
import { useScopeOptions } from '@/components/filters/useScopeOptions';
import { saveBlob } from '@/lib/api/download';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { formatDecimalRate } from '@/lib/format/number';
import { showSuccess } from '@/lib/notify/toaster';
import { useRateDeleteMutation, useRateHistoryQuery, useRateListQuery } from './api/ratesApi';
import { ImportRatesDialog, ratesTemplate } from './components/ImportRatesDialog';
import { RateHistory } from './components/RateHistory';
import { SetRateDialog } from './components/SetRateDialog';

/** The list's filter: a currency (or all) and a day range (or all days). */
interface RateFilter {
  currency: string;
  start: string | null;
  end: string | null;
}

/**
 * Exchange Rates (route /exchange-rates, code 12001): the daily rates Company Profit reports with, as
 * units of each currency per USD. Set a rate for a range of days, import a CSV file, delete a day's rate,
 * and read the change log; every change is audited by the gateway.
 */
export function ExchangeRatesPage() {
  const { t } = useTranslation('rates');
  const scope = useScopeOptions();
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  const month = shortcutRange('thisMonth');
  const [draft, setDraft] = useState<RateFilter>({ currency: '', start: null, end: null });
  const [filter, setFilter] = useState<RateFilter>(draft);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [setting, setSetting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [toDelete, setToDelete] = useState<RateRow>();
  const [deleteRate, deleting] = useRateDeleteMutation();
  const list = useRateListQuery({
    page,
    pageSize,
    currency: filter.currency || undefined,
    startDay: filter.start ?? undefined,
    endDay: filter.end ?? undefined,
  });
  const history = useRateHistoryQuery({ page: 1, pageSize: 10 });
  const currencies = scope.currencies.map((c) => c.code).filter((c) => c !== RATE_BASE);
  const rows = list.data?.list ?? [];
  const rangeError = draft.start || draft.end ? validateRange(draft.start, draft.end) : null;

  const search = () => {
    if (rangeError) return;
    setFilter(draft);
    setPage(1);
  };

  let table: React.ReactNode;
  if (list.isError && !list.data) {
    table = (
      <NonIdealState
        icon="error"
        title={t('loadFailed')}
        description={errorMessageOf(list.error)}
        action={<Button icon="refresh" text={t('retry')} onClick={() => void list.refetch()} />}
      />
    );
  } else if (list.isLoading) {
    table = (
      <div className="dms-loading" role="status">
        <Spinner size={30} />
      </div>
    );
  } else if (rows.length === 0) {
    table = <NonIdealState icon="exchange" title={t('table.empty')} description={t('table.emptyHint')} />;
  } else {
    table = (
      <>
        <div className="dms-rates__scroll" role="region" aria-label={t('table.label')} tabIndex={0}>
          <HTMLTable compact striped interactive className="dms-rates__table">
            <thead>
              <tr>
                <th scope="col">{t('table.day')}</th>
                <th scope="col">{t('table.currency')}</th>
                <th scope="col" className="dms-rates__num">
                  {t('table.rate')}
                </th>
                <th scope="col">{t('table.updatedBy')}</th>
                <th scope="col">{t('table.updatedAt')}</th>
                <th scope="col" className="dms-rates__actions">
                  {t('table.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.day}|${r.currency}`}>
                  <td>{r.day}</td>
                  <td translate="no">{r.currency}</td>
                  <td className="dms-rates__num">
                    {formatDecimalRate(r.rate)} <span className={Classes.TEXT_MUTED}>{r.currency}</span>
                  </td>
                  <td translate="no">{r.updatedBy}</td>
                  <td className={Classes.TEXT_MUTED}>{formatDate(r.updatedAt)}</td>
                  <td className="dms-rates__actions">
                    <Button
                      size="small"
                      variant="minimal"
                      intent={Intent.DANGER}
                      icon="trash"
                      aria-label={t('table.deleteAria', { day: r.day, currency: r.currency })}
                      title={t('table.delete')}
                      onClick={() => setToDelete(r)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
        <TablePager
          page={page}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          disabled={list.isFetching}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </>
    );
  }

  return (
    <div className="dms-page dms-rates" ref={setPortal}>
      <Card className="dms-rates__card">
        <div className="dms-rates__head">
          <div>
            <h2 className={Classes.HEADING}>{t('title')}</h2>
            <p className={Classes.TEXT_MUTED}>{t('subtitle')}</p>
            <p className={Classes.TEXT_MUTED}>{t('baseNote', { base: RATE_BASE })}</p>
          </div>
          <div className="dms-rates__buttons">
            <Button icon="add" intent={Intent.PRIMARY} text={t('set')} onClick={() => setSetting(true)} />
            <Button icon="import" text={t('import')} onClick={() => setImporting(true)} />
            <Button
              icon="download"
              variant="minimal"
              text={t('template')}
              onClick={() =>
                saveBlob(new Blob([ratesTemplate(month.start)], { type: 'text/csv' }), 'exchange-rates.csv')
              }
            />
          </div>
        </div>
        <form
          className="dms-filter dms-rates__filter"
          role="search"
          aria-label={t('filter.label')}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            search();
          }}
        >
          <FormGroup className="dms-filter__field" label={t('filter.currency')} labelFor="dms-rates-currency">
            <HTMLSelect
              id="dms-rates-currency"
              value={draft.currency}
              onChange={(e) => setDraft({ ...draft, currency: e.currentTarget.value })}
              options={[
                { value: '', label: t('filter.allCurrencies') },
                ...currencies.map((c) => ({ value: c, label: c })),
              ]}
            />
          </FormGroup>
          <FormGroup className="dms-filter__field dms-filter__field--dates" label={t('filter.dates')}>
            <DateRangeField
              label={t('filter.dates')}
              startDate={draft.start}
              endDate={draft.end}
              allowFuture
              onChange={(start, end) => setDraft({ ...draft, start, end })}
            />
          </FormGroup>
          <div className="dms-filter__actions">
            <Button
              type="submit"
              icon="search"
              intent={Intent.PRIMARY}
              text={t('filter.search')}
              loading={list.isFetching}
            />
            <Button
              icon="reset"
              text={t('filter.reset')}
              onClick={() => {
                const none = { currency: '', start: null, end: null };
                setDraft(none);
                setFilter(none);
                setPage(1);
              }}
            />
          </div>
        </form>
        {table}
      </Card>
      <Card className="dms-rates__card">
        <h3 className={Classes.HEADING}>{t('history.title')}</h3>
        <RateHistory rows={history.data?.list ?? []} />
      </Card>
      {portal && (
        <>
          <SetRateDialog
            isOpen={setting}
            onClose={() => setSetting(false)}
            currencies={currencies}
            initialRange={month}
            portalContainer={portal}
          />
          <ImportRatesDialog
            isOpen={importing}
            onClose={() => setImporting(false)}
            portalContainer={portal}
          />
          <Alert
            isOpen={toDelete !== undefined}
            intent={Intent.DANGER}
            icon="trash"
            loading={deleting.isLoading}
            confirmButtonText={t('table.delete')}
            cancelButtonText={t('dialog.cancel')}
            portalContainer={portal}
            onCancel={() => setToDelete(undefined)}
            onConfirm={async () => {
              if (!toDelete) return;
              try {
                const done = await deleteRate({
                  currency: toDelete.currency,
                  startDay: toDelete.day,
                  endDay: toDelete.day,
                }).unwrap();
                void showSuccess(t('toast.deleted', done));
              } finally {
                setToDelete(undefined);
              }
            }}
          >
            <p>{t('deleteConfirm', { day: toDelete?.day ?? '', currency: toDelete?.currency ?? '' })}</p>
          </Alert>
        </>
      )}
    </div>
  );
}
