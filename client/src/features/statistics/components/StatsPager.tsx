import { Button, ButtonGroup, Classes, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../format';

/** Page sizes offered under a statistics table (the contract allows up to 500). */
export const STATS_PAGE_SIZES = [20, 50, 100, 200] as const;

/** Props of {@link StatsPager}. */
export interface StatsPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The gateway stopped counting at `total`: there are more rows than that. */
  totalCapped: boolean;
  /** The gateway gave a keyset cursor to the next page. */
  hasNext: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  disabled?: boolean;
}

/**
 * The row count, the page size and first/previous/next/last under a statistics table. A capped count is
 * shown as such ("more than 10,000 rows") and then has no last page.
 */
export function StatsPager({
  page,
  pageSize,
  total,
  totalCapped,
  hasNext,
  onPage,
  onPageSize,
  disabled = false,
}: StatsPagerProps) {
  const { t } = useTranslation('statistics');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const canNext = page < pages || (totalCapped && hasNext);
  return (
    <nav className="dms-stats__pager" aria-label={t('table.pagination')}>
      <span className={Classes.TEXT_MUTED} aria-live="polite">
        {totalCapped
          ? t('table.totalCapped', { total: formatCount(total) })
          : t('table.total', { total: formatCount(total) })}
      </span>
      <HTMLSelect
        aria-label={t('table.pageSize')}
        value={pageSize}
        disabled={disabled}
        onChange={(e) => onPageSize(Number(e.currentTarget.value))}
        options={STATS_PAGE_SIZES.map((s) => ({ value: s, label: t('table.perPage', { size: s }) }))}
      />
      <ButtonGroup variant="minimal">
        <Button
          icon="double-chevron-left"
          aria-label={t('table.first')}
          disabled={disabled || page <= 1}
          onClick={() => onPage(1)}
        />
        <Button
          icon="chevron-left"
          aria-label={t('table.previous')}
          disabled={disabled || page <= 1}
          onClick={() => onPage(page - 1)}
        />
        <span className="dms-stats__page">
          {totalCapped
            ? t('table.pageOnly', { page })
            : t('table.pageOf', { page: Math.min(page, pages), pages })}
        </span>
        <Button
          icon="chevron-right"
          aria-label={t('table.next')}
          disabled={disabled || !canNext}
          onClick={() => onPage(page + 1)}
        />
        <Button
          icon="double-chevron-right"
          aria-label={t('table.last')}
          disabled={disabled || totalCapped || page >= pages}
          onClick={() => onPage(pages)}
        />
      </ButtonGroup>
    </nav>
  );
}
