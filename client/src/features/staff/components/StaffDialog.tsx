import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Switch,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { StaffRow } from '@dms/shared/contracts/http/staff';
import { useCurrenciesQuery, useProvidersQuery } from '@/lib/api/baseDataApi';
import { showSuccess } from '@/lib/notify/toaster';
import { useStaffCreateMutation, useStaffRoleOptionsQuery, useStaffUpdateMutation } from '../api/staffApi';
import { errorMessageOf, isApiError } from '@/lib/api/baseQuery';
import { CheckMultiSelect, type Choice } from './CheckMultiSelect';
import { GeneratedPassword } from './GeneratedPassword';
import {
  STAFF_CODE_FIELD,
  initialStaffValues,
  validateStaffCreate,
  validateStaffUpdate,
  type StaffFormErrors,
  type StaffFormValues,
} from './staffFormModel';
import { seedText } from '@/lib/i18n/seedText';

/** Props of {@link StaffDialog}. */
export interface StaffDialogProps {
  isOpen: boolean;
  /** The account to edit; a new account is created when absent. */
  staff?: StaffRow;
  onClose: () => void;
  /**
   * Where the dialog is rendered; the page passes its own element so that a page hidden by the tags
   * bar's keep-alive hides its open dialog too (and shows it again, as it was, on return).
   */
  portalContainer?: HTMLElement;
}

/**
 * The dialog that creates an account or edits one: account name, nickname, password, role, providers
 * and currencies. A password the gateway generates is shown once, in the dialog, after creation.
 */
export function StaffDialog({ isOpen, staff, onClose, portalContainer }: StaffDialogProps) {
  const { t } = useTranslation('permission');
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={staff ? t('staff.dialog.editTitle', { account: staff.account }) : t('staff.dialog.createTitle')}
      icon={staff ? 'edit' : 'new-person'}
      canOutsideClickClose={false}
      portalContainer={portalContainer}
      style={{ width: 720, maxWidth: 'calc(100vw - 16px)' }}
    >
      {/* Keyed by the account, so each opening starts from that account's values. */}
      <StaffForm key={staff?.id ?? 'new'} staff={staff} onClose={onClose} />
    </Dialog>
  );
}

const grid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
  columnGap: 16,
} as const;

const FIELD_ORDER = ['account', 'nickname', 'password', 'roleId', 'providers', 'currencies'] as const;

function fieldError(id: string, message: string | undefined) {
  return message ? (
    <span id={`${id}-error`} role="alert">
      {message}
    </span>
  ) : undefined;
}

function StaffForm({ staff, onClose }: Omit<StaffDialogProps, 'isOpen' | 'portalContainer'>) {
  const { t } = useTranslation('permission');
  const ids = useId();
  const [values, setValues] = useState<StaffFormValues>(() => initialStaffValues(staff));
  const [errors, setErrors] = useState<StaffFormErrors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [created, setCreated] = useState<{ account: string; password: string }>();

  const roles = useStaffRoleOptionsQuery();
  const providers = useProvidersQuery();
  const currencies = useCurrenciesQuery();
  const [create, createState] = useStaffCreateMutation();
  const [update, updateState] = useStaffUpdateMutation();
  const saving = createState.isLoading || updateState.isLoading;

  const providerChoices = useMemo<Choice<number>[]>(
    () => (providers.data ?? []).map((p) => ({ key: p.id, label: p.name, hint: String(p.id) })),
    [providers.data],
  );
  const currencyChoices = useMemo<Choice<string>[]>(
    () => (currencies.data ?? []).map((c) => ({ key: c.code, label: c.code, hint: c.name })),
    [currencies.data],
  );
  const roleChoices = useMemo(() => {
    const list = (roles.data ?? []).map((r) => ({ value: r.id, label: seedText(r.name) }));
    // An account may hold a role the signed-in account cannot assign; it is still shown as it is.
    if (staff && staff.roleId > 0 && !list.some((r) => r.value === staff.roleId)) {
      list.unshift({ value: staff.roleId, label: seedText(staff.roleName) });
    }
    return list;
  }, [roles.data, staff]);

  const set = <K extends keyof StaffFormValues>(key: K, value: StaffFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key === 'changePassword' ? 'password' : key]: undefined, form: undefined }));
  };

  // Shows the errors and moves the focus to the first field refused, for keyboard and screen-reader users.
  const refuse = (next: StaffFormErrors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((f) => next[f]);
    if (first) requestAnimationFrame(() => document.getElementById(`${ids}-${first}`)?.focus());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    try {
      if (staff) {
        const checked = validateStaffUpdate(staff.id, values, t);
        if (!checked.ok) return refuse(checked.errors);
        await update(checked.body).unwrap();
        void showSuccess(t('staff.toast.updated', { account: staff.account }));
        onClose();
        return;
      }
      const checked = validateStaffCreate(values, t);
      if (!checked.ok) return refuse(checked.errors);
      const result = await create(checked.body).unwrap();
      void showSuccess(t('staff.toast.created', { account: String(checked.body.account) }));
      if (result.password) setCreated({ account: String(checked.body.account), password: result.password });
      else onClose();
    } catch (err) {
      // The base query has already shown the toast; the message also goes on the field it concerns.
      const field = isApiError(err) ? STAFF_CODE_FIELD[err.code] : undefined;
      refuse({ [field ?? 'form']: errorMessageOf(err) });
    }
  };

  if (created) {
    return (
      <>
        <DialogBody>
          <GeneratedPassword account={created.account} password={created.password} />
        </DialogBody>
        <DialogFooter
          actions={<Button intent={Intent.PRIMARY} text={t('common.done')} onClick={onClose} autoFocus />}
        />
      </>
    );
  }

  const id = (name: string) => `${ids}-${name}`;
  const intentOf = (field: keyof StaffFormErrors) => (errors[field] ? Intent.DANGER : Intent.NONE);
  const describedBy = (field: keyof StaffFormErrors) => (errors[field] ? `${id(field)}-error` : undefined);
  const optionsFailed = roles.isError || providers.isError || currencies.isError;

  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        {errors.form && (
          <Callout intent={Intent.DANGER} icon="error" role="alert" style={{ marginBottom: 12 }}>
            {errors.form}
          </Callout>
        )}
        {optionsFailed && (
          <Callout intent={Intent.WARNING} icon="warning-sign" style={{ marginBottom: 12 }}>
            {t('staff.dialog.optionsFailed')}{' '}
            <Button
              size="small"
              variant="minimal"
              icon="refresh"
              text={t('common.retry')}
              onClick={() => {
                if (roles.isError) void roles.refetch();
                if (providers.isError) void providers.refetch();
                if (currencies.isError) void currencies.refetch();
              }}
            />
          </Callout>
        )}
        <div style={grid}>
          <FormGroup
            label={t('staff.fields.account')}
            labelFor={id('account')}
            labelInfo={staff ? undefined : t('common.required')}
            helperText={
              fieldError(id('account'), errors.account) ?? (staff ? t('staff.hints.accountFixed') : undefined)
            }
            intent={intentOf('account')}
          >
            <InputGroup
              id={id('account')}
              value={values.account}
              disabled={!!staff || saving}
              autoFocus={!staff}
              autoComplete="off"
              maxLength={32}
              intent={intentOf('account')}
              placeholder={t('staff.placeholders.account')}
              aria-invalid={errors.account ? true : undefined}
              aria-describedby={describedBy('account')}
              onValueChange={(v) => set('account', v)}
            />
          </FormGroup>
          <FormGroup
            label={t('staff.fields.nickname')}
            labelFor={id('nickname')}
            helperText={fieldError(id('nickname'), errors.nickname)}
            intent={intentOf('nickname')}
          >
            <InputGroup
              id={id('nickname')}
              value={values.nickname}
              disabled={saving}
              autoFocus={!!staff}
              maxLength={64}
              intent={intentOf('nickname')}
              placeholder={t('staff.placeholders.nickname')}
              aria-describedby={describedBy('nickname')}
              onValueChange={(v) => set('nickname', v)}
            />
          </FormGroup>
          <FormGroup
            label={t('staff.fields.password')}
            labelFor={id('password')}
            labelInfo={staff ? undefined : t('common.optional')}
            helperText={
              fieldError(id('password'), errors.password) ??
              (staff
                ? values.changePassword
                  ? t('staff.hints.newPassword')
                  : undefined
                : t('staff.hints.generate'))
            }
            intent={intentOf('password')}
          >
            {staff && (
              <Switch
                checked={values.changePassword}
                label={t('staff.fields.setNewPassword')}
                disabled={saving}
                onChange={(e) => set('changePassword', e.currentTarget.checked)}
              />
            )}
            {(!staff || values.changePassword) && (
              <InputGroup
                id={id('password')}
                type={showPassword ? 'text' : 'password'}
                value={values.password}
                disabled={saving}
                autoComplete="new-password"
                maxLength={128}
                intent={intentOf('password')}
                placeholder={staff ? t('staff.placeholders.newPassword') : t('staff.placeholders.password')}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={describedBy('password')}
                onValueChange={(v) => set('password', v)}
                rightElement={
                  <Button
                    variant="minimal"
                    icon={showPassword ? 'eye-off' : 'eye-open'}
                    aria-label={showPassword ? t('staff.hidePassword') : t('staff.showPassword')}
                    aria-pressed={showPassword}
                    onClick={() => setShowPassword((s) => !s)}
                  />
                }
              />
            )}
          </FormGroup>
          <FormGroup
            label={t('staff.fields.role')}
            labelFor={id('roleId')}
            labelInfo={t('common.required')}
            helperText={fieldError(id('roleId'), errors.roleId)}
            intent={intentOf('roleId')}
          >
            <HTMLSelect
              id={id('roleId')}
              fill
              value={values.roleId || ''}
              disabled={saving || roles.isLoading}
              aria-invalid={errors.roleId ? true : undefined}
              aria-describedby={describedBy('roleId')}
              onChange={(e) => set('roleId', Number(e.currentTarget.value) || 0)}
              options={[{ value: '', label: t('staff.placeholders.role') }, ...roleChoices]}
            />
          </FormGroup>
        </div>
        <FormGroup
          label={t('staff.fields.providers')}
          labelFor={id('providers')}
          labelInfo={t('common.required')}
          helperText={fieldError(id('providers'), errors.providers)}
          intent={intentOf('providers')}
        >
          <CheckMultiSelect<number>
            id={id('providers')}
            choices={providerChoices}
            selected={values.providers}
            onChange={(keys) => set('providers', keys)}
            loading={providers.isLoading}
            disabled={saving}
            invalid={!!errors.providers}
            describedBy={describedBy('providers')}
            placeholder={t('staff.placeholders.providers')}
            listLabel={t('staff.fields.providers')}
          />
        </FormGroup>
        <FormGroup
          label={t('staff.fields.currencies')}
          labelFor={id('currencies')}
          labelInfo={t('common.required')}
          helperText={fieldError(id('currencies'), errors.currencies)}
          intent={intentOf('currencies')}
          style={{ marginBottom: 0 }}
        >
          <CheckMultiSelect<string>
            id={id('currencies')}
            choices={currencyChoices}
            selected={values.currencies}
            onChange={(keys) => set('currencies', keys)}
            loading={currencies.isLoading}
            disabled={saving}
            invalid={!!errors.currencies}
            describedBy={describedBy('currencies')}
            placeholder={t('staff.placeholders.currencies')}
            listLabel={t('staff.fields.currencies')}
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
