import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DisplayRow } from '@dms/shared/contracts/http/display';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { showSuccess } from '@/lib/notify/toaster';
import { useDisplayRenameMutation } from '../api/displayAdminApi';

/** Renames an active wall screen (the name it is listed under and shows in its header). */
export function RenameDialog({
  target,
  portal,
  onClose,
}: {
  target: DisplayRow | undefined;
  portal: HTMLElement | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('wall');
  return (
    <Dialog
      isOpen={target !== undefined}
      onClose={onClose}
      title={t('console.renameTitle')}
      icon="edit"
      portalContainer={portal}
      style={{ width: 480, maxWidth: 'calc(100vw - 16px)' }}
    >
      {target && <RenameForm key={target.id} target={target} onClose={onClose} />}
    </Dialog>
  );
}

function RenameForm({ target, onClose }: { target: DisplayRow; onClose: () => void }) {
  const { t } = useTranslation('wall');
  const id = useId();
  const [name, setName] = useState(target.name);
  const [rename, renaming] = useDisplayRenameMutation();
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await rename({ id: target.id, name: name.trim() }).unwrap();
      void showSuccess(t('console.renamed'));
      onClose();
    } catch (err) {
      setError(errorMessageOf(err));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <DialogBody>
        <FormGroup label={t('console.name')} labelFor={`${id}-name`}>
          <InputGroup id={`${id}-name`} autoFocus value={name} onValueChange={setName} maxLength={64} />
        </FormGroup>
        {error && (
          <Callout intent={Intent.DANGER} role="alert">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('console.cancel')} onClick={onClose} />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              text={t('console.save')}
              loading={renaming.isLoading}
              disabled={name.trim() === ''}
            />
          </>
        }
      />
    </form>
  );
}
