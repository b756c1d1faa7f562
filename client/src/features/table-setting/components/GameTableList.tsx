import { HTMLTable, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TableRow } from '@dms/shared/contracts/http/tables';
import { formatDate } from '@dms/shared/format/date';
import { EnumValue } from '@/components/labels/EnumValue';
import { RowActions } from '@/components/table/RowActions';
import { SkeletonRows } from '@/components/table/SkeletonRows';
import { tableIconUrl } from './iconFile';

/** Props of {@link GameTableList}. */
export interface GameTableListProps {
  rows: readonly TableRow[];
  loading?: boolean;
  /** The table whose switch is being saved. */
  switching?: number | undefined;
  onEdit: (table: TableRow) => void;
  onDelete: (table: TableRow) => void;
  onEnabled: (table: TableRow, enabled: boolean) => void;
}

const COLUMNS = 8;

/** The configured tables: icon, game, table id, name, game type, enabled switch, updated, actions. */
export function GameTableList({
  rows,
  loading = false,
  switching,
  onEdit,
  onDelete,
  onEnabled,
}: GameTableListProps) {
  const { t } = useTranslation('tables');
  return (
    <div className="dms-table-scroll" tabIndex={0} aria-label={t('tableLabel')} role="region">
      <HTMLTable striped compact className="dms-game-tables" aria-busy={loading || undefined}>
        <thead>
          <tr>
            <th scope="col">{t('fields.icon')}</th>
            <th scope="col">{t('fields.game')}</th>
            <th scope="col">{t('fields.tableId')}</th>
            <th scope="col">{t('fields.name')}</th>
            <th scope="col">{t('fields.type')}</th>
            <th scope="col">{t('fields.enabled')}</th>
            <th scope="col">{t('fields.updatedAt')}</th>
            <th scope="col">{t('fields.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <SkeletonRows columns={COLUMNS} />
          ) : (
            rows.map((row) => (
              <tr key={row.id} data-testid={`table-row-${row.tableId}`}>
                <td>
                  <img
                    className="dms-table-icon"
                    src={tableIconUrl(row.id, row.iconVersion)}
                    alt={t('iconAlt', { tableId: row.tableId })}
                    width={32}
                    height={32}
                    loading="lazy"
                  />
                </td>
                <td>
                  <EnumValue name="game" value={row.gameId} />
                </td>
                <td translate="no">
                  <code>{row.tableId}</code>
                </td>
                <td className="dms-game-tables__name" translate="no">
                  {row.name}
                </td>
                <td>
                  <EnumValue name="machineType" value={row.type} />
                </td>
                <td>
                  <Switch
                    checked={row.enabled}
                    disabled={switching === row.id}
                    aria-label={t('switchAria', { tableId: row.tableId })}
                    labelElement={row.enabled ? t('status.enabled') : t('status.disabled')}
                    onChange={(e) => onEnabled(row, e.currentTarget.checked)}
                    style={{ marginBottom: 0, whiteSpace: 'nowrap' }}
                  />
                </td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(row.updatedAt)}{' '}
                  <span className="bp6-text-muted" translate="no">
                    {row.updatedBy}
                  </span>
                </td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  <RowActions
                    editLabel={t('editAria', { tableId: row.tableId })}
                    onEdit={() => onEdit(row)}
                    deleteLabel={t('deleteAria', { tableId: row.tableId })}
                    onDelete={() => onDelete(row)}
                  />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}
