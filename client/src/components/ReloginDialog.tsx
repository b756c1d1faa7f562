import { Alert } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

interface ReloginDialogProps {
  isOpen: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The dialog of the expired-session prompt. */
export function ReloginDialog({ isOpen, onConfirm, onCancel }: ReloginDialogProps) {
  const { t } = useTranslation();
  return (
    <Alert
      isOpen={isOpen}
      intent="primary"
      icon="log-in"
      confirmButtonText={t('errors:relogin.confirm')}
      cancelButtonText={t('common:cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      canEscapeKeyCancel
    >
      <p className="dms-relogin-title">{t('errors:relogin.title')}</p>
      <p>{t('errors:code.-2')}</p>
    </Alert>
  );
}
