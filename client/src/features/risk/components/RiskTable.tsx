import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '@/components/TablePager';
import { errorMessageOf } from '@/lib/api/baseQuery';

/** One column of a {@link RiskTable}. */
export interface RiskColumn<T> {
  key: string;
  title: ReactNode;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

export interface RiskTableProps<T> {
  label: string;
  columns: RiskColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  total: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
  /** A new page size (the list goes back to page 1 itself: `useListState`). */
  onSize: (size: number) => void;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  empty: string;
  emptyHint?: string;
}

/** A server-paged table of the risk screens: loading, error with retry, "nothing found", rows and pager. */
export function RiskTable<T>(p: RiskTableProps<T>) {
  const { t } = useTranslation('risk');
  if (p.error && !p.rows)
    return (
      <NonIdealState
        icon="error"
        title={t('loadFailed')}
        description={errorMessageOf(p.error)}
        action={<Button icon="refresh" text={t('retry')} onClick={p.onRetry} />}
      />
    );
  if (p.loading)
    return (
      <div className="dms-loading" role="status">
        <Spinner size={30} />
      </div>
    );
  if (!p.rows || p.rows.length === 0)
    return <NonIdealState icon="shield" title={p.empty} description={p.emptyHint} />;
  return (
    <>
      <div className="dms-risk__scroll" role="region" aria-label={p.label} tabIndex={0}>
        <HTMLTable compact striped interactive className="dms-risk__table">
          <thead>
            <tr>
              {p.columns.map((c) => (
                <th key={c.key} scope="col" className={c.numeric ? 'dms-risk__num' : undefined}>
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.rows.map((r) => (
              <tr key={p.rowKey(r)}>
                {p.columns.map((c) => (
                  <td key={c.key} className={c.numeric ? 'dms-risk__num' : undefined}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <TablePager
        page={p.page}
        pageSize={p.size}
        total={p.total}
        disabled={p.fetching}
        onPageChange={p.onPage}
        onPageSizeChange={p.onSize}
      />
    </>
  );
}
