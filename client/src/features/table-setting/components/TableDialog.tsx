import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Switch,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { GAME_IDS } from '@dms/shared/domain/games';
import type { MachineType } from '@dms/shared/domain/enums';
import { enumLabelText } from '@dms/shared/domain/labels';
import { MACHINE_TYPES, TABLE_ID_PATTERN, type TableRow } from '@dms/shared/contracts/http/tables';
import { errorMessageOf, isApiError } from '@/lib/api/baseQuery';
import { languageOf } from '@/lib/i18n/languages';
import { showSuccess } from '@/lib/notify/toaster';
import { useTableCreateMutation, useTableUpdateMutation } from '../api/tablesApi';
import { kilobytes, readIconFile, tableIconUrl, type IconFile } from './iconFile';

/** What the dialog opens on: a table to edit, or a new one (prefilled with a table seen in the events when adopting). */
export type TableDialogTarget =
  { mode: 'create' } | { mode: 'adopt'; gameId: number; tableId: string } | { mode: 'edit'; table: TableRow };

/** Props of {@link TableDialog}. */
export interface TableDialogProps {
  target: TableDialogTarget | undefined;
  onClose: () => void;
  portalContainer?: HTMLElement | undefined;
}

type Field = 'gameId' | 'tableId' | 'name' | 'icon' | 'type' | 'form';
type Errors = Partial<Record<Field, string>>;

interface Values {
  gameId: number | '';
  tableId: string;
  name: string;
  type: number | '';
  enabled: boolean;
  icon: Extract<IconFile, { ok: true }> | undefined;
}

function initial(target: TableDialogTarget): Values {
  if (target.mode === 'edit') {
    const { table } = target;
    return {
      gameId: table.gameId,
      tableId: table.tableId,
      name: table.name,
      type: table.type,
      enabled: table.enabled,
      icon: undefined,
    };
  }
  return {
    gameId: target.mode === 'adopt' ? target.gameId : '',
    tableId: target.mode === 'adopt' ? target.tableId : '',
    name: '',
    type: '',
    enabled: true,
    icon: undefined,
  };
}

/** The field a refusal of the gateway concerns, by its message key or its `field` parameter. */
function fieldOf(err: unknown): Field {
  if (!isApiError(err)) return 'form';
  if (err.key === 'tables.idExists' || err.key === 'tables.idCharacters') return 'tableId';
  if (err.key === 'tables.gameNameExists') return 'name';
  if (err.key?.startsWith('tables.icon')) return 'icon';
  const field = err.params?.field;
  return field === 'gameId' || field === 'tableId' || field === 'name' || field === 'icon' || field === 'type'
    ? field
    : 'form';
}

/** Creates, adopts or edits a game table: game, table id, name, icon (with preview), game type, enabled. */
export function TableDialog({ target, onClose, portalContainer }: TableDialogProps) {
  const { t } = useTranslation('tables');
  const title =
    target?.mode === 'edit'
      ? t('dialog.editTitle', { tableId: target.table.tableId })
      : target?.mode === 'adopt'
        ? t('dialog.adoptTitle', { tableId: target.tableId })
        : t('dialog.createTitle');
  return (
    <Dialog
      isOpen={target !== undefined}
      onClose={onClose}
      title={title}
      icon={target?.mode === 'edit' ? 'edit' : 'add'}
      canOutsideClickClose={false}
      portalContainer={portalContainer}
      style={{ width: 560, maxWidth: 'calc(100vw - 16px)' }}
    >
      {target && (
        <TableForm
          key={
            target.mode === 'edit'
              ? `edit-${target.table.id}`
              : `${target.mode}-${'tableId' in target ? target.tableId : ''}`
          }
          target={target}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function TableForm({ target, onClose }: { target: TableDialogTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation('tables');
  const lang = languageOf(i18n.language);
  const ids = useId();
  const [values, setValues] = useState<Values>(() => initial(target));
  const [errors, setErrors] = useState<Errors>({});
  const [fileName, setFileName] = useState<string>();
  const [create, createState] = useTableCreateMutation();
  const [update, updateState] = useTableUpdateMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const editing = target.mode === 'edit' ? target.table : undefined;
  const reading = useRef(0);
  useEffect(() => () => void (reading.current += 1), []);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  const refuse = (next: Errors) => {
    setErrors(next);
    const first = (['gameId', 'tableId', 'name', 'icon', 'type'] as const).find((f) => next[f]);
    if (first) requestAnimationFrame(() => document.getElementById(`${ids}-${first}`)?.focus());
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    const turn = ++reading.current;
    setFileName(file.name);
    const read = await readIconFile(file);
    if (turn !== reading.current) return;
    if (read.ok) {
      set('icon', read);
      return;
    }
    setValues((v) => ({ ...v, icon: undefined }));
    setErrors((e) => ({
      ...e,
      icon:
        read.reason === 'tooLarge'
          ? t('dialog.iconTooLarge', { size: kilobytes(read.size) })
          : read.reason === 'type'
            ? t('dialog.iconType')
            : t('dialog.iconRead'),
    }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const next: Errors = {};
    const tableId = values.tableId.trim();
    const name = values.name.trim();
    if (values.gameId === '') next.gameId = t('dialog.required.gameId');
    if (!tableId) next.tableId = t('dialog.required.tableId');
    else if (!TABLE_ID_PATTERN.test(tableId)) next.tableId = t('dialog.tableIdChars');
    if (!name) next.name = t('dialog.required.name');
    if (!values.icon && !editing) next.icon = errors.icon ?? t('dialog.required.icon');
    if (values.type === '') next.type = t('dialog.required.type');
    if (Object.keys(next).length > 0 || values.gameId === '' || values.type === '') {
      refuse(next);
      return;
    }
    const body = {
      gameId: values.gameId,
      tableId,
      name,
      type: values.type as MachineType,
      enabled: values.enabled,
    };
    try {
      if (editing) {
        await update({
          id: editing.id,
          ...body,
          ...(values.icon ? { icon: values.icon.base64 } : {}),
        }).unwrap();
        void showSuccess(t('toast.updated', { tableId }));
      } else if (values.icon) {
        await create({ ...body, icon: values.icon.base64 }).unwrap();
        void showSuccess(t('toast.created', { tableId }));
      }
      onClose();
    } catch (err) {
      refuse({ [fieldOf(err)]: errorMessageOf(err) });
    }
  };

  const group = (field: Exclude<Field, 'form'>, label: string, child: React.ReactNode, helper?: string) => (
    <FormGroup
      label={label}
      labelFor={`${ids}-${field}`}
      labelInfo={t('required')}
      intent={errors[field] ? Intent.DANGER : Intent.NONE}
      helperText={
        errors[field] ? (
          <span id={`${ids}-${field}-error`} role="alert">
            {errors[field]}
          </span>
        ) : (
          helper
        )
      }
    >
      {child}
    </FormGroup>
  );
  const invalid = (field: Field) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${field}-error` } : {};
  const preview =
    values.icon?.previewUrl ?? (editing ? tableIconUrl(editing.id, editing.iconVersion) : undefined);

  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        {errors.form && (
          <Callout intent={Intent.DANGER} icon="error" role="alert" style={{ marginBottom: 12 }}>
            {errors.form}
          </Callout>
        )}
        {group(
          'gameId',
          t('fields.game'),
          <HTMLSelect
            id={`${ids}-gameId`}
            fill
            value={values.gameId === '' ? '' : String(values.gameId)}
            onChange={(e) => set('gameId', e.currentTarget.value === '' ? '' : Number(e.currentTarget.value))}
            disabled={saving}
            {...invalid('gameId')}
          >
            <option value="">{t('dialog.chooseGame')}</option>
            {GAME_IDS.map((g) => (
              <option key={g} value={g}>
                {enumLabelText('game', g, lang)}
              </option>
            ))}
          </HTMLSelect>,
        )}
        {group(
          'tableId',
          t('fields.tableId'),
          <InputGroup
            id={`${ids}-tableId`}
            value={values.tableId}
            maxLength={64}
            onValueChange={(v) => set('tableId', v)}
            disabled={saving}
            translate="no"
            {...invalid('tableId')}
          />,
          t('dialog.tableIdHelp', { example: 'BAC-01' }),
        )}
        {group(
          'name',
          t('fields.name'),
          <InputGroup
            id={`${ids}-name`}
            value={values.name}
            maxLength={64}
            onValueChange={(v) => set('name', v)}
            disabled={saving}
            {...invalid('name')}
          />,
        )}
        {group(
          'icon',
          t('fields.icon'),
          <div className="dms-table-icon-field">
            <div className="dms-table-icon-field__preview" aria-live="polite">
              {preview ? (
                <img
                  src={preview}
                  alt={values.icon ? t('dialog.iconPreview') : t('dialog.iconCurrent')}
                  data-testid="table-icon-preview"
                />
              ) : null}
            </div>
            <FileInput
              fill
              disabled={saving}
              text={fileName ?? t('dialog.iconChoose')}
              buttonText={t('dialog.browse')}
              hasSelection={fileName !== undefined}
              inputProps={{
                id: `${ids}-icon`,
                accept: 'image/png,image/jpeg,image/webp,image/gif',
                ...invalid('icon'),
              }}
              onInputChange={(e) => void chooseFile(e.currentTarget.files?.[0])}
            />
          </div>,
          t('dialog.iconHint'),
        )}
        {group(
          'type',
          t('fields.type'),
          <HTMLSelect
            id={`${ids}-type`}
            fill
            value={values.type === '' ? '' : String(values.type)}
            onChange={(e) => set('type', e.currentTarget.value === '' ? '' : Number(e.currentTarget.value))}
            disabled={saving}
            {...invalid('type')}
          >
            <option value="">{t('dialog.chooseType')}</option>
            {MACHINE_TYPES.map((m) => (
              <option key={m} value={m}>
                {enumLabelText('machineType', m, lang)}
              </option>
            ))}
          </HTMLSelect>,
        )}
        <Switch
          label={t('fields.enabled')}
          checked={values.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
          disabled={saving}
          style={{ marginBottom: 0 }}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common:cancel')} onClick={onClose} disabled={saving} />
            <Button type="submit" intent={Intent.PRIMARY} text={t('common:save')} loading={saving} />
          </>
        }
      />
    </form>
  );
}
