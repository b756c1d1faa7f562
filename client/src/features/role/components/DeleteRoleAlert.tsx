import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@dms/shared/contracts/http/role';
import { ConfirmDeleteAlert } from '@/components/ConfirmDeleteAlert';
import { useRoleDeleteMutation } from '../api/roleApi';

/** Props of {@link DeleteRoleAlert}. */
export interface DeleteRoleAlertProps {
  /** The role to delete; the alert is closed when absent. */
  role: RoleRow | undefined;
  onClose: () => void;
  /** Where the alert is rendered (the page's own element, see the dialogs). */
  portalContainer?: HTMLElement;
}

/** Asks before deleting a role; a refusal (a role still in use, 107) stays in the alert until it closes. */
export function DeleteRoleAlert({ role, onClose, portalContainer }: DeleteRoleAlertProps) {
  const { t } = useTranslation('permission');
  const [remove, { isLoading }] = useRoleDeleteMutation();
  return (
    <ConfirmDeleteAlert
      target={role}
      remove={(r) => remove({ id: r.id }).unwrap()}
      loading={isLoading}
      successMessage={(r) => t('role.toast.deleted', { name: r.name })}
      confirmText={t('common.delete')}
      cancelText={t('common.cancel')}
      onClose={onClose}
      portalContainer={portalContainer}
      blocked={(r) => r.accountCount > 0}
      body={(r, refused) => (
        <>
          <p>{t('role.delete.confirm', { name: r?.name ?? '' })}</p>
          {r && r.accountCount > 0 && !refused && (
            <Callout intent={Intent.WARNING} icon="people">
              {t('role.delete.inUse', { count: r.accountCount })}
            </Callout>
          )}
        </>
      )}
    />
  );
}
