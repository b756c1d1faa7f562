import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Callout,
  Card,
  Classes,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  type IconName,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { TablePager } from '@/components/TablePager';

/** The state of a list page's search box and pager, kept by the page (so a kept-alive tab keeps it). */
export interface ListState {
  keywordInput: string;
  setKeywordInput: (value: string) => void;
  /** The keyword searched for (trimmed), or `undefined` when none. */
  keyword: string | undefined;
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
  /** Searches for what was typed, from page 1. */
  search: () => void;
  /** Clears the keyword and goes back to page 1. */
  reset: () => void;
}

/** Keyword, page and page size of a paginated list, with search and reset. */
export function useListState(initialPageSize = 20): ListState {
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return {
    keywordInput,
    setKeywordInput,
    keyword: keyword || undefined,
    page,
    setPage,
    pageSize,
    setPageSize: (size) => {
      setPageSize(size);
      setPage(1);
    },
    search: () => {
      setKeyword(keywordInput.trim());
      setPage(1);
    },
    reset: () => {
      setKeywordInput('');
      setKeyword('');
      setPage(1);
    },
  };
}

/** What a list page needs of its RTK Query list query. */
export interface ListQuery<Row> {
  data?: { list: Row[]; total: number } | undefined;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Props of {@link ListPage}. */
export interface ListPageProps<Row> {
  /** Prefix of the element ids (`<id>-title`). */
  id: string;
  title: string;
  /** The primary action in the header, also offered by the empty state. */
  create: { icon: IconName; text: string; onClick: () => void };
  state: ListState;
  /** Accessible label and placeholder of the search box. */
  searchLabel: string;
  searchPlaceholder: string;
  /** More filters, between the search box and the Search button. */
  filters?: ReactNode;
  /** Whether any filter besides the keyword is set (reset clears it through `onReset`). */
  filtered?: boolean;
  /** Clears the page's own filters; the keyword and page are cleared by the list state. */
  onReset?: () => void;
  query: ListQuery<Row>;
  /** Texts of the empty states: nothing matches the filters, or there is nothing at all. */
  empty: { noMatchTitle: string; noMatch: string; clearText: string; title: string; description: string };
  /** The table of the rows of this page. */
  table: (rows: Row[], loading: boolean) => ReactNode;
  /** Dialogs, rendered inside the page so that they hide with it when the tags bar keeps it in the background. */
  dialogs: (portal: HTMLElement | undefined) => ReactNode;
}

/**
 * The scaffold of an administration list (roles, accounts): a title with the create action, a search form,
 * the table with its pager, and the states around it — loading, failed (with retry), stale data after a
 * failed refresh, nothing matching the filters, nothing at all. A page left empty by a delete goes back to
 * the last page that has rows.
 */
export function ListPage<Row>(props: ListPageProps<Row>) {
  const { id, title, create, state, query, empty, filters, filtered = false } = props;
  const { t } = useTranslation('common');
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  const { data, error, isLoading, isFetching, isError, refetch } = query;
  const rows = data?.list ?? [];
  const total = data?.total ?? 0;
  const anyFilter = filtered || Boolean(state.keyword);
  const reset = () => {
    state.reset();
    props.onReset?.();
  };
  const { page, pageSize, setPage } = state;
  const stranded = Boolean(data) && rows.length === 0 && page > 1 && !isFetching;
  useEffect(() => {
    if (stranded) setPage(Math.max(1, Math.ceil(total / pageSize)));
  }, [stranded, total, pageSize, setPage]);

  const retry = <Button icon="refresh" text={t('list.retry')} onClick={() => void refetch()} />;
  let body: ReactNode;
  if (isError && !data) {
    body = (
      <NonIdealState
        icon="error"
        title={t('list.loadFailed')}
        description={errorMessageOf(error)}
        action={retry}
      />
    );
  } else if (!isLoading && rows.length === 0) {
    body = anyFilter ? (
      <NonIdealState
        icon="search"
        title={empty.noMatchTitle}
        description={empty.noMatch}
        action={<Button icon="cross" text={empty.clearText} onClick={reset} />}
      />
    ) : (
      <NonIdealState
        icon="people"
        title={empty.title}
        description={empty.description}
        action={
          <Button icon={create.icon} intent={Intent.PRIMARY} text={create.text} onClick={create.onClick} />
        }
      />
    );
  } else {
    body = (
      <>
        {props.table(rows, isLoading)}
        <TablePager
          page={page}
          pageSize={pageSize}
          total={total}
          disabled={isFetching}
          onPageChange={setPage}
          onPageSizeChange={state.setPageSize}
        />
      </>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    state.search();
  };
  const row = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 } as const;
  return (
    <section ref={setPortal} aria-labelledby={`${id}-title`} style={{ padding: 'clamp(8px, 2vw, 16px)' }}>
      <Card style={{ padding: 'clamp(10px, 2vw, 20px)' }}>
        <div style={row}>
          <h2
            id={`${id}-title`}
            className={Classes.HEADING}
            style={{ margin: 0, marginRight: 'auto', fontSize: 'clamp(18px, 2.4vw, 22px)' }}
          >
            {title}
          </h2>
          {isFetching && !isLoading && <Spinner size={16} aria-label={t('list.loading')} />}
          <Button icon={create.icon} intent={Intent.PRIMARY} text={create.text} onClick={create.onClick} />
        </div>
        <form role="search" onSubmit={onSubmit} style={row}>
          <div style={{ flex: '1 1 160px', maxWidth: 280, minWidth: 0 }}>
            <InputGroup
              type="search"
              fill
              leftIcon="search"
              aria-label={props.searchLabel}
              placeholder={props.searchPlaceholder}
              value={state.keywordInput}
              onValueChange={state.setKeywordInput}
              maxLength={64}
            />
          </div>
          {filters}
          <Button type="submit" icon="search" text={t('list.search')} />
          <Button
            icon="reset"
            variant="minimal"
            text={t('list.reset')}
            onClick={reset}
            disabled={!anyFilter && !state.keywordInput}
          />
        </form>
        {isError && data && (
          <Callout intent={Intent.WARNING} icon="warning-sign" style={{ marginBottom: 12 }}>
            {t('list.staleData', { message: errorMessageOf(error) })}{' '}
            <Button
              size="small"
              variant="minimal"
              icon="refresh"
              text={t('list.retry')}
              onClick={() => void refetch()}
            />
          </Callout>
        )}
        {body}
      </Card>
      {props.dialogs(portal ?? undefined)}
    </section>
  );
}
