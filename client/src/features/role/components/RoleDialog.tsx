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
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@dms/shared/contracts/http/role';
import { normalizePermissions, parsePermissionList } from '@dms/shared/permissions/codes';
import { showSuccess } from '@/lib/notify/toaster';
import { useRoleCreateMutation, useRoleUpdateMutation } from '../api/roleApi';
import { errorMessageOf, isApiError } from '@/lib/api/baseQuery';
import { PermissionTree } from './PermissionTree';
import { ROLE_CODE_FIELD, validateRole, type RoleFormErrors, type RoleFormValues } from './roleFormModel';

/** Props of {@link RoleDialog}. */
export interface RoleDialogProps {
  isOpen: boolean;
  /** The role to edit; a new role is created when absent. */
  role?: RoleRow;
  onClose: () => void;
  /** Called after a successful save with the role's id. */
  onSaved?: (id: number) => void;
  /**
   * Where the dialog is rendered; the page passes its own element so that a page hidden by the tags
   * bar's keep-alive hides its open dialog too (and shows it again, as it was, on return).
   */
  portalContainer?: HTMLElement;
}

/** The dialog that creates a role or edits one: name, description and the permission tree. */
export function RoleDialog({ isOpen, role, onClose, onSaved, portalContainer }: RoleDialogProps) {
  const { t } = useTranslation('permission');
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={role ? t('role.dialog.editTitle', { name: role.name }) : t('role.dialog.createTitle')}
      icon={role ? 'edit' : 'add'}
      canOutsideClickClose={false}
      portalContainer={portalContainer}
      style={{ width: 640, maxWidth: 'calc(100vw - 16px)' }}
    >
      {/* Keyed by the role, so each opening starts from that role's values. */}
      <RoleForm key={role?.id ?? 'new'} role={role} onClose={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function initialValues(role: RoleRow | undefined): RoleFormValues {
  return {
    name: role?.name ?? '',
    description: role?.description ?? '',
    permission: normalizePermissions(parsePermissionList(role?.permission)),
  };
}

function RoleForm({ role, onClose, onSaved }: Omit<RoleDialogProps, 'isOpen' | 'portalContainer'>) {
  const { t } = useTranslation('permission');
  const ids = useId();
  const [values, setValues] = useState<RoleFormValues>(() => initialValues(role));
  const [errors, setErrors] = useState<RoleFormErrors>({});
  const [create, createState] = useRoleCreateMutation();
  const [update, updateState] = useRoleUpdateMutation();
  const saving = createState.isLoading || updateState.isLoading;

  const set = <K extends keyof RoleFormValues>(key: K, value: RoleFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  // Shows the errors and moves the focus to the first field refused, for keyboard and screen-reader users.
  const refuse = (next: RoleFormErrors) => {
    setErrors(next);
    if (next.name) requestAnimationFrame(() => document.getElementById(`${ids}-name`)?.focus());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const checked = validateRole(values, t);
    if (!checked.ok) {
      refuse(checked.errors);
      return;
    }
    try {
      if (role) {
        await update({ id: role.id, ...checked.body }).unwrap();
        void showSuccess(t('role.toast.updated', { name: checked.body.name }));
        onSaved?.(role.id);
      } else {
        const created = await create(checked.body).unwrap();
        void showSuccess(t('role.toast.created', { name: checked.body.name }));
        onSaved?.(created.id);
      }
      onClose();
    } catch (err) {
      // The base query has already shown the toast; the message also goes on the field it concerns.
      const field = isApiError(err) ? ROLE_CODE_FIELD[err.code] : undefined;
      refuse({ [field ?? 'form']: errorMessageOf(err) });
    }
  };

  const nameId = `${ids}-name`;
  const descriptionId = `${ids}-description`;
  const treeErrorId = `${ids}-permission-error`;
  const nameIntent = errors.name ? Intent.DANGER : Intent.NONE;

  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        {errors.form && (
          <Callout intent={Intent.DANGER} icon="error" role="alert" style={{ marginBottom: 12 }}>
            {errors.form}
          </Callout>
        )}
        <FormGroup
          label={t('role.fields.name')}
          labelFor={nameId}
          labelInfo={t('common.required')}
          intent={nameIntent}
          helperText={
            errors.name && (
              <span id={`${nameId}-error`} role="alert">
                {errors.name}
              </span>
            )
          }
        >
          <InputGroup
            id={nameId}
            autoFocus
            value={values.name}
            intent={nameIntent}
            placeholder={t('role.placeholders.name')}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${nameId}-error` : undefined}
            onValueChange={(v) => set('name', v)}
            disabled={saving}
          />
        </FormGroup>
        <FormGroup
          label={t('role.fields.description')}
          labelFor={descriptionId}
          intent={errors.description ? Intent.DANGER : Intent.NONE}
          helperText={errors.description && <span role="alert">{errors.description}</span>}
        >
          <TextArea
            id={descriptionId}
            fill
            rows={2}
            value={values.description}
            placeholder={t('role.placeholders.description')}
            onChange={(e) => set('description', e.currentTarget.value)}
            disabled={saving}
            style={{ resize: 'vertical', fontFamily: 'inherit' }}
          />
        </FormGroup>
        <FormGroup
          label={t('role.fields.permissions')}
          intent={errors.permission ? Intent.DANGER : Intent.NONE}
          helperText={
            errors.permission && (
              <span id={treeErrorId} role="alert">
                {errors.permission}
              </span>
            )
          }
          style={{ marginBottom: 0 }}
        >
          <PermissionTree
            value={values.permission}
            onChange={(codes) => set('permission', codes)}
            disabled={saving}
            describedBy={errors.permission ? treeErrorId : undefined}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} disabled={saving} />
            <Button type="submit" intent={Intent.PRIMARY} text={t('common.save')} loading={saving} />
          </>
        }
      />
    </form>
  );
}
