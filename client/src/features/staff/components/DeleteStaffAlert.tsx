import { useState } from 'react';
import { Alert, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { StaffRow } from '@dms/shared/contracts/http/staff';
import { showSuccess } from '@/lib/notify/toaster';
import { useStaffDeleteMutation } from '../api/staffApi';
import { errorMessageOf } from '@/lib/api/baseQuery';

/** Props of {@link DeleteStaffAlert}. */
export interface DeleteStaffAlertProps {
  /** The account to delete; the alert is closed when absent. */
  staff: StaffRow | undefined;
  onClose: () => void;
  /** Where the alert is rendered (the page's own element, see the dialogs). */
  portalContainer?: HTMLElement;
}

/**
 * Asks before deleting an account. A refusal (the super account -101, oneself -102) stays in the alert
 * until it is closed.
 */
export function DeleteStaffAlert({ staff, onClose, portalContainer }: DeleteStaffAlertProps) {
  const { t } = useTranslation('permission');
  const [remove, { isLoading }] = useStaffDeleteMutation();
  const [error, setError] = useState<{ id: number; message: string }>();
  const shownError = staff && error?.id === staff.id ? error.message : undefined;

  const confirm = async () => {
    if (!staff) return;
    try {
      await remove({ id: staff.id }).unwrap();
      void showSuccess(t('staff.toast.deleted', { account: staff.account }));
      setError(undefined);
      onClose();
    } catch (err) {
      setError({ id: staff.id, message: errorMessageOf(err) });
    }
  };

  const close = () => {
    setError(undefined);
    onClose();
  };

  return (
    <Alert
      isOpen={staff !== undefined}
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
      <p>{t('staff.delete.confirm', { account: staff?.account ?? '' })}</p>
      <p>{t('staff.delete.consequence')}</p>
      {shownError && (
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {shownError}
        </Callout>
      )}
    </Alert>
  );
}
