import { useTranslation } from 'react-i18next';
import type { StaffRow } from '@dms/shared/contracts/http/staff';
import { ConfirmDeleteAlert } from '@/components/ConfirmDeleteAlert';
import { useStaffDeleteMutation } from '../api/staffApi';

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
  return (
    <ConfirmDeleteAlert
      target={staff}
      remove={(s) => remove({ id: s.id }).unwrap()}
      loading={isLoading}
      successMessage={(s) => t('staff.toast.deleted', { account: s.account })}
      confirmText={t('common.delete')}
      cancelText={t('common.cancel')}
      onClose={onClose}
      portalContainer={portalContainer}
      body={(s) => (
        <>
          <p>{t('staff.delete.confirm', { account: s?.account ?? '' })}</p>
          <p>{t('staff.delete.consequence')}</p>
        </>
      )}
    />
  );
}
