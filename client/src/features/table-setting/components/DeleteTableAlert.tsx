import { useTranslation } from 'react-i18next';
import type { TableRow } from '@dms/shared/contracts/http/tables';
import { ConfirmDeleteAlert } from '@/components/ConfirmDeleteAlert';
import { useTableDeleteMutation } from '../api/tablesApi';

/** Asks before deleting a table (and its icon); a refusal stays in the alert until it closes. */
export function DeleteTableAlert({
  table,
  onClose,
  portalContainer,
}: {
  table: TableRow | undefined;
  onClose: () => void;
  portalContainer?: HTMLElement | undefined;
}) {
  const { t } = useTranslation('tables');
  const [remove, { isLoading }] = useTableDeleteMutation();
  return (
    <ConfirmDeleteAlert
      target={table}
      remove={(row) => remove({ id: row.id }).unwrap()}
      loading={isLoading}
      successMessage={(row) => t('toast.deleted', { tableId: row.tableId })}
      confirmText={t('common:list.delete')}
      cancelText={t('common:cancel')}
      onClose={onClose}
      {...(portalContainer ? { portalContainer } : {})}
      body={(row) => <p>{t('delete.confirm', { tableId: row?.tableId ?? '', name: row?.name ?? '' })}</p>}
    />
  );
}
