import { Button, FormGroup, InputGroup, NonIdealState } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatsFilter } from '@dms/shared/contracts/http/stats';
import { FilterBar } from '@/components/filters/FilterBar';
import { filterParams, sameFilter, validateFilter, type FilterDraft } from '@/components/filters/filterModel';
import { showFilterMessage } from '@/components/filters/showFilterMessage';
import { useScopeOptions } from '@/components/filters/useScopeOptions';
import {
  errorMessageOf,
  performRequest,
  presentApiError,
  type ApiError,
  type FileResult,
} from '@/lib/api/baseQuery';
import { showSuccess } from '@/lib/notify/toaster';
import { tablePath, useStatsTableQuery, type TableParams } from '../api/statsApi';
import type { TableDef } from '../tables';
import { columnLanguage, StatsDataTable, type TableSort } from './StatsDataTable';
import { StatsPager } from './StatsPager';

/** The game-record search boxes. */
interface SearchFields {
  account: string;
  roundId: string;
  transactionId: string;
}

const NO_SEARCH: SearchFields = { account: '', roundId: '', transactionId: '' };
const SEARCH_KEYS = ['account', 'roundId', 'transactionId'] as const;

function trimmed(search: SearchFields): SearchFields {
  return {
    account: search.account.trim(),
    roundId: search.roundId.trim(),
    transactionId: search.transactionId.trim(),
  };
}

function sameSearch(a: SearchFields, b: SearchFields): boolean {
  return SEARCH_KEYS.every((k) => a[k] === b[k]);
}

/** The non-empty search fields, as query parameters. */
function searchParams(search: SearchFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of SEARCH_KEYS) if (search[k]) out[k] = search[k];
  return out;
}

function apiError(error: unknown): ApiError | undefined {
  return error && typeof error === 'object' && 'code' in error ? (error as ApiError) : undefined;
}

/** Props of {@link TablePanel}. */
export interface TablePanelProps {
  def: TableDef;
  /** The filter the table starts with (the workbench's filter when the tab is first opened). */
  initialFilter: FilterDraft;
  /** Lets a test fix "now" for the shortcuts. */
  now?: number;
}

/**
 * One tab of the workbench: its own filter (and for game records the search boxes), page, page size and
 * sort, all in this component's state so the tags bar's keep-alive brings the tab back as it was left.
 * Pages come from the gateway; moving forward through a raw-record table uses the keyset cursor the
 * previous page gave, so deep pages stay fast. Download asks the gateway for the whole filter as .xlsx.
 */
export function TablePanel({ def, initialFilter, now }: TablePanelProps) {
  const { t, i18n } = useTranslation('statistics');
  const scope = useScopeOptions();
  const [draft, setDraft] = useState<FilterDraft>(initialFilter);
  const [applied, setApplied] = useState<StatsFilter | null>(() => {
    const check = validateFilter(initialFilter);
    return check.ok ? check.filter : null;
  });
  const [searchDraft, setSearchDraft] = useState<SearchFields>(NO_SEARCH);
  const [search, setSearch] = useState<SearchFields>(NO_SEARCH);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [sort, setSort] = useState<TableSort>({ by: def.defaultSort, order: 'desc' });
  /** Keyset cursors by page number: the `nextCursor` of the page before, when it was read. */
  const [cursors, setCursors] = useState<Readonly<Record<number, string>>>({});
  const [downloading, setDownloading] = useState(false);

  const cursor = def.keyset ? cursors[page] : undefined;
  const params: TableParams | undefined = applied
    ? {
        ...filterParams(applied),
        page,
        pageSize,
        sortBy: sort.by,
        sortOrder: sort.order,
        ...(def.searchable ? searchParams(search) : {}),
        ...(cursor ? { cursor } : {}),
      }
    : undefined;
  const { data, error, isLoading, isFetching, isError, refetch } = useStatsTableQuery(
    params ? { table: def.table, params } : skipToken,
    // A page seen more than 30 s ago is read again when it comes back (Search, paging back, a tab shown).
    { refetchOnMountOrArgChange: 30 },
  );

  // A cursor the gateway no longer accepts (its order changed underneath): read the page by offset.
  if (isError && cursor && apiError(error)?.key === 'stats.badCursor') setCursors({});

  const restart = () => {
    setPage(1);
    setCursors({});
  };

  const onSearch = (filter: StatsFilter) => {
    const nextSearch = trimmed(searchDraft);
    if (sameFilter(filter, applied) && sameSearch(nextSearch, search)) {
      if (page === 1) void refetch();
      restart();
      return;
    }
    setApplied(filter);
    setSearch(nextSearch);
    restart();
  };

  const onSort = (key: string) => {
    setSort((s) =>
      s.by === key ? { by: key, order: s.order === 'desc' ? 'asc' : 'desc' } : { by: key, order: 'desc' },
    );
    restart();
  };

  const onPage = (next: number) => {
    if (def.keyset && next === page + 1 && data?.nextCursor && data.page === page) {
      const nextCursor = data.nextCursor;
      setCursors((c) => ({ ...c, [next]: nextCursor }));
    }
    setPage(next);
  };

  const onDownload = async (filter: StatsFilter) => {
    const nextSearch = trimmed(searchDraft);
    // The rows on screen are this filter's and there are none: no need to ask the gateway.
    if (
      data &&
      !isFetching &&
      data.total === 0 &&
      sameFilter(filter, applied) &&
      sameSearch(nextSearch, search)
    ) {
      showFilterMessage('noDataToDownload');
      return;
    }
    setDownloading(true);
    try {
      const outcome = await performRequest({
        url: tablePath(def.table, true),
        params: {
          ...filterParams(filter),
          sortBy: sort.by,
          sortOrder: sort.order,
          lang: columnLanguage(i18n.language),
          ...(def.searchable ? searchParams(nextSearch) : {}),
        },
      });
      if ('error' in outcome) {
        presentApiError(outcome.error);
      } else {
        void showSuccess(t('table.downloaded', { file: (outcome.data as FileResult).fileName }));
      }
    } finally {
      setDownloading(false);
    }
  };

  const rows = data?.list ?? [];
  let body: React.ReactNode;
  if (!applied) {
    body = <NonIdealState icon="filter" title={t('table.chooseTitle')} description={t('table.chooseHint')} />;
  } else if (isError && !data) {
    const e = apiError(error);
    body = (
      <NonIdealState
        icon="error"
        title={t('table.loadFailed')}
        description={e ? errorMessageOf(e) : undefined}
        action={<Button icon="refresh" text={t('table.retry')} onClick={() => void refetch()} />}
      />
    );
  } else if (!isLoading && data && rows.length === 0 && page === 1) {
    body = <NonIdealState icon="search" title={t('table.emptyTitle')} description={t('table.emptyHint')} />;
  } else {
    body = (
      <>
        <StatsDataTable
          def={def}
          rows={rows}
          sort={sort}
          onSort={onSort}
          loading={isLoading || (!data && isFetching)}
          stale={isFetching && !isLoading}
          providerName={scope.providerName}
        />
        <StatsPager
          page={page}
          pageSize={pageSize}
          total={data?.total ?? 0}
          totalCapped={data?.totalCapped ?? false}
          hasNext={Boolean(data?.nextCursor)}
          disabled={isFetching}
          onPage={onPage}
          onPageSize={(size) => {
            setPageSize(size);
            restart();
          }}
        />
      </>
    );
  }

  return (
    <div className="dms-stats__panel">
      <FilterBar
        value={draft}
        onChange={setDraft}
        onSearch={onSearch}
        onDownload={(filter) => void onDownload(filter)}
        searching={isFetching}
        downloading={downloading}
        label={t('table.filterOf', { table: t(def.labelKey) })}
        now={now}
      >
        {def.searchable &&
          SEARCH_KEYS.map((k) => (
            <FormGroup key={k} className="dms-filter__field dms-filter__field--text" label={t(`search.${k}`)}>
              <InputGroup
                type="search"
                value={searchDraft[k]}
                maxLength={64}
                aria-label={t(`search.${k}`)}
                placeholder={t(`search.${k}Placeholder`)}
                onValueChange={(v) => setSearchDraft((s) => ({ ...s, [k]: v }))}
              />
            </FormGroup>
          ))}
      </FilterBar>
      {body}
    </div>
  );
}
