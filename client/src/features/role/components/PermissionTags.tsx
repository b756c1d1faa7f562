import { Classes, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { normalizePermissions, parsePermissionList } from '@dms/shared/permissions/codes';
import { allChecked, labelKeyOf, unknownCodes } from './permissionTreeModel';

/**
 * A role's permission codes as tags of their localised route titles, in menu order; a role holding
 * every code shows one "all permissions" tag instead.
 */
export function PermissionTags({ permission }: { permission: string }) {
  const { t } = useTranslation(['permission', 'route']);
  const codes = normalizePermissions(parsePermissionList(permission));
  if (codes.length === 0)
    return <span className={Classes.TEXT_MUTED}>{t('permission:role.noPermissions')}</span>;
  if (allChecked(codes) && unknownCodes(codes).length === 0) {
    // Thirteen tags say less than one: a role holding every code is summed up.
    const titles = codes.map((c) => t(`route:${labelKeyOf(c) ?? c}`)).join(', ');
    return (
      <Tag minimal round intent={Intent.PRIMARY} icon="confirm" title={titles}>
        {t('permission:role.allPermissions', { n: codes.length })}
      </Tag>
    );
  }
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, maxWidth: 460 }}>
      {codes.map((code) => {
        const key = labelKeyOf(code);
        return (
          <Tag key={code} minimal round title={code}>
            {key ? t(`route:${key}`) : code}
          </Tag>
        );
      })}
    </div>
  );
}
