import { Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@dms/shared/contracts/http/role';
import { formatDate } from '@dms/shared/format/date';
import { RowActions } from '@/components/table/RowActions';
import { SkeletonRows } from '@/components/table/SkeletonRows';
import { PermissionTags } from './PermissionTags';
import { seedText } from '@/lib/i18n/seedText';

/** Props of {@link RoleTable}. */
export interface RoleTableProps {
  rows: readonly RoleRow[];
  /** Shows placeholder rows while the first page loads. */
  loading?: boolean;
  onEdit: (role: RoleRow) => void;
  onDelete: (role: RoleRow) => void;
}

const COLUMNS = 7;

/** The roles table: id, name, description, permissions, account count, updated time and actions. */
export function RoleTable({ rows, loading = false, onEdit, onDelete }: RoleTableProps) {
  const { t } = useTranslation('permission');
  return (
    <div
      style={{ overflowX: 'auto', WebkitOverflowScrolling: 'touch' }}
      tabIndex={0}
      aria-label={t('role.tableLabel')}
      role="region"
    >
      <HTMLTable striped compact style={{ width: '100%', minWidth: 980 }} aria-busy={loading || undefined}>
        <thead>
          <tr>
            <th scope="col" style={{ width: 52 }}>
              {t('common.id')}
            </th>
            <th scope="col" style={{ minWidth: 130 }}>
              {t('role.fields.name')}
            </th>
            <th scope="col" style={{ minWidth: 150 }}>
              {t('role.fields.description')}
            </th>
            <th scope="col" style={{ minWidth: 280 }}>
              {t('role.fields.permissions')}
            </th>
            <th scope="col" style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
              {t('role.fields.accountCount')}
            </th>
            <th scope="col" style={{ whiteSpace: 'nowrap' }}>
              {t('common.updatedAt')}
            </th>
            <th scope="col" style={{ whiteSpace: 'nowrap' }}>
              {t('common.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <SkeletonRows columns={COLUMNS} />
          ) : (
            rows.map((role) => (
              <tr key={role.id} data-testid={`role-row-${role.id}`}>
                <td>{role.id}</td>
                <td>
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }}>
                    <strong>{seedText(role.name)}</strong>
                    {role.isSuper && (
                      <Tag minimal intent={Intent.PRIMARY} icon="lock">
                        {t('role.superTag')}
                      </Tag>
                    )}
                  </span>
                </td>
                <td className={role.description ? undefined : Classes.TEXT_MUTED}>
                  {seedText(role.description) || '—'}
                </td>
                <td>
                  <PermissionTags permission={role.permission} />
                </td>
                <td style={{ textAlign: 'right' }}>{role.accountCount}</td>
                <td style={{ whiteSpace: 'nowrap' }}>{formatDate(role.updatedAt)}</td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  <RowActions
                    protectedReason={role.isSuper ? t('errors.109') : undefined}
                    editLabel={t('role.editAria', { name: role.name })}
                    onEdit={() => onEdit(role)}
                    deleteLabel={t('role.deleteAria', { name: role.name })}
                    onDelete={() => onDelete(role)}
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
