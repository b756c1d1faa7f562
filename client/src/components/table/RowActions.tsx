import { Button, Classes, Icon, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Props of {@link RowActions}. */
export interface RowActionsProps {
  /**
   * Set when the row can be neither edited nor deleted (the super role or account): the cell shows a lock
   * and this text as its tooltip instead of the buttons.
   */
  protectedReason?: string | undefined;
  /** Accessible name of the edit button (names the row). */
  editLabel: string;
  onEdit: () => void;
  /** Accessible name of the delete button; without it (and `onDelete`) no delete is offered. */
  deleteLabel?: string | undefined;
  onDelete?: (() => void) | undefined;
  /** Set when the row cannot be deleted now (a role accounts still use): the button is disabled, this is why. */
  deleteBlockedReason?: string | undefined;
}

/** The actions cell of a management table: edit and delete, or a lock on a protected row. */
export function RowActions({
  protectedReason,
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
  deleteBlockedReason,
}: RowActionsProps) {
  const { t } = useTranslation('common');
  if (protectedReason !== undefined) {
    return (
      <span className={Classes.TEXT_MUTED} title={protectedReason}>
        <Icon icon="lock" size={12} aria-hidden /> {t('list.protected')}
      </span>
    );
  }
  return (
    <>
      <Button
        variant="minimal"
        icon="edit"
        intent={Intent.PRIMARY}
        title={t('list.edit')}
        aria-label={editLabel}
        onClick={onEdit}
      />
      {onDelete && (
        <Button
          variant="minimal"
          icon="trash"
          intent={Intent.DANGER}
          title={deleteBlockedReason ?? t('list.delete')}
          aria-label={deleteLabel}
          aria-description={deleteBlockedReason}
          disabled={deleteBlockedReason !== undefined}
          onClick={onDelete}
        />
      )}
    </>
  );
}
