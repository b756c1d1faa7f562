import { useState } from 'react';
import { Alert, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@dms/shared/contracts/http/role';
import { showSuccess } from '@/lib/notify/toaster';
import { useRoleDeleteMutation } from '../api/roleApi';
import { errorMessageOf } from '@/lib/api/baseQuery';

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
  const [error, setError] = useState<{ id: number; message: string }>();
  const shownError = role && error?.id === role.id ? error.message : undefined;

  const confirm = async () => {
    if (!role) return;
    try {
      await remove({ id: role.id }).unwrap();
      void showSuccess(t('role.toast.deleted', { name: role.name }));
      setError(undefined);
      onClose();
    } catch (err) {
      setError({ id: role.id, message: errorMessageOf(err) });
    }
  };

  const close = () => {
    setError(undefined);
    onClose();
  };

  return (
    <Alert
      isOpen={role !== undefined}
      intent={Intent.DANGER}
      icon="trash"
      loading={isLoading}
      confirmButtonText={t('common.delete')}
      cancelButtonText={t('common.cancel')}
      canEscapeKeyCancel={!isLoading}
      portalContainer={portalContainer}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>{t('role.delete.confirm', { name: role?.name ?? '' })}</p>
      {role && role.accountCount > 0 && !shownError && (
        <Callout intent={Intent.WARNING} icon="people">
          {t('role.delete.inUse', { n: role.accountCount })}
        </Callout>
      )}
      {shownError && (
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {shownError}
        </Callout>
      )}
    </Alert>
  );
}
