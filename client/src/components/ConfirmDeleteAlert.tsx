import { useState, type ReactNode } from 'react';
import { Alert, Callout, Intent } from '@blueprintjs/core';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { showSuccess } from '@/lib/notify/toaster';

/** Props of {@link ConfirmDeleteAlert}. */
export interface ConfirmDeleteAlertProps<T extends { id: number }> {
  /** The row to delete; the alert is closed when absent. */
  target: T | undefined;
  /** Deletes the row; a rejection is shown in the alert. */
  remove: (target: T) => Promise<unknown>;
  loading: boolean;
  /** The question, and anything to show under it while no refusal is shown. */
  body: (target: T | undefined, refused: boolean) => ReactNode;
  successMessage: (target: T) => string;
  confirmText: string;
  cancelText: string;
  onClose: () => void;
  /** Where the alert is rendered (the page's own element, so keep-alive hides it with its page). */
  portalContainer?: HTMLElement;
  /** The row cannot be deleted now (the body says why): the alert offers no delete, only closing. */
  blocked?: (target: T) => boolean;
}

/** Asks before deleting a row; a refusal from the gateway stays in the alert until it closes. */
export function ConfirmDeleteAlert<T extends { id: number }>({
  target,
  remove,
  loading,
  body,
  successMessage,
  confirmText,
  cancelText,
  onClose,
  portalContainer,
  blocked,
}: ConfirmDeleteAlertProps<T>) {
  const isBlocked = target !== undefined && blocked !== undefined && blocked(target);
  const [error, setError] = useState<{ id: number; message: string }>();
  const shownError = target && error?.id === target.id ? error.message : undefined;

  const confirm = async () => {
    if (!target) return;
    try {
      await remove(target);
      void showSuccess(successMessage(target));
      setError(undefined);
      onClose();
    } catch (err) {
      setError({ id: target.id, message: errorMessageOf(err) });
    }
  };

  const close = () => {
    setError(undefined);
    onClose();
  };

  return (
    <Alert
      isOpen={target !== undefined}
      intent={isBlocked ? Intent.NONE : Intent.DANGER}
      icon="trash"
      loading={loading}
      // A blocked delete has nothing to confirm: its one button closes the alert.
      confirmButtonText={isBlocked ? cancelText : confirmText}
      cancelButtonText={isBlocked ? undefined : cancelText}
      canEscapeKeyCancel={!loading}
      portalContainer={portalContainer}
      onConfirm={isBlocked ? close : confirm}
      onCancel={close}
    >
      {body(target, shownError !== undefined)}
      {shownError && (
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {shownError}
        </Callout>
      )}
    </Alert>
  );
}
