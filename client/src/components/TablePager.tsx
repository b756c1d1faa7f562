import { Button, Classes, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Page sizes offered under a table. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Props of {@link TablePager}. */
export interface TablePagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  disabled?: boolean;
}

/** The total, a page-size choice and previous/next buttons under a paginated table. */
export function TablePager({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  disabled,
}: TablePagerProps) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label={t('pager.pagination')}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 8,
        marginTop: 12,
      }}
    >
      <span className={Classes.TEXT_MUTED}>{t('pager.total', { total })}</span>
      <HTMLSelect
        aria-label={t('pager.pageSize')}
        value={pageSize}
        disabled={disabled}
        onChange={(e) => onPageSizeChange(Number(e.currentTarget.value))}
        options={PAGE_SIZES.map((s) => ({ value: s, label: t('pager.perPage', { size: s }) }))}
      />
      <Button
        icon="chevron-left"
        variant="minimal"
        aria-label={t('pager.previousPage')}
        disabled={disabled || page <= 1}
        onClick={() => onPageChange(page - 1)}
      />
      <span aria-live="polite">{t('pager.pageOf', { page: Math.min(page, pages), pages })}</span>
      <Button
        icon="chevron-right"
        variant="minimal"
        aria-label={t('pager.nextPage')}
        disabled={disabled || page >= pages}
        onClick={() => onPageChange(page + 1)}
      />
    </nav>
  );
}
