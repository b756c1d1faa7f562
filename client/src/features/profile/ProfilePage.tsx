import './profile.css';
import { Button, FormGroup, InputGroup, Intent, Section, SectionCard, Tag } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/Avatar';
import { PASSWORD_MIN_LENGTH } from '@/config/app';
import { CurrencyTags, ProviderTags } from '@/components/page/ScopeTags';
import { apiErrorMessage, isApiError } from '@/lib/api/baseQuery';
import { showSuccess } from '@/lib/notify/toaster';
import { useEditPasswordMutation } from '@/lib/session/sessionApi';
import { selectCurrencies, selectProviderIds, selectUserInfo } from '@/lib/session/sessionSlice';
import { seedText } from '@/lib/i18n/seedText';

type Field = 'oldPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<Field, string>;

const EMPTY: Values = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** The form's rules (spec section 5): old required, new at least 6 characters, confirm equal to new. */
export function validatePasswordChange(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.oldPassword) errors.oldPassword = 'common:profile.oldRequired';
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = 'common:profile.passwordMin';
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'common:profile.inconsistent';
  return errors;
}

function PasswordField({
  field,
  label,
  value,
  error,
  autoComplete,
  onChange,
  onBlur,
}: {
  field: Field;
  label: string;
  value: string;
  error: string | undefined;
  autoComplete: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation();
  const id = `dms-profile-${field}`;
  return (
    <FormGroup label={label} labelFor={id} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
      <InputGroup
        id={id}
        name={field}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        value={value}
        intent={error ? Intent.DANGER : Intent.NONE}
        onValueChange={onChange}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        rightElement={
          <Button
            variant="minimal"
            size="small"
            icon={visible ? 'eye-off' : 'eye-open'}
            aria-label={visible ? t('login:hidePassword') : t('login:showPassword')}
            onClick={() => setVisible((v) => !v)}
          />
        }
      />
    </FormGroup>
  );
}

/** The password change of the profile page; on success the session continues. */
function ChangePasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  /** A refusal of the gateway about one field (the old password), shown beside it until it is edited. */
  const [serverError, setServerError] = useState<{ field: Field; message: string } | undefined>();
  const [editPassword, { isLoading }] = useEditPasswordMutation();
  const errors = validatePasswordChange(values);
  const shown = (field: Field) => {
    if (touched[field] && errors[field]) return t(errors[field]);
    return serverError?.field === field ? serverError.message : undefined;
  };
  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (serverError?.field === field) setServerError(undefined);
  };
  const touch = (field: Field) => () => setTouched((s) => ({ ...s, [field]: true }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ oldPassword: true, newPassword: true, confirmPassword: true });
    if (Object.keys(errors).length > 0) return;
    try {
      await editPassword(values).unwrap();
      setValues(EMPTY);
      setTouched({});
      void showSuccess(t('common:profile.success'));
    } catch (error) {
      // The base query has shown the refusal as the 5-second error message; the old password's is also
      // kept beside its field, where it is corrected.
      if (isApiError(error) && error.key === 'auth.oldPasswordWrong')
        setServerError({ field: 'oldPassword', message: apiErrorMessage(error) });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="dms-profile__form">
      <PasswordField
        field="oldPassword"
        label={t('common:profile.oldPassword')}
        value={values.oldPassword}
        error={shown('oldPassword')}
        autoComplete="current-password"
        onChange={set('oldPassword')}
        onBlur={touch('oldPassword')}
      />
      <PasswordField
        field="newPassword"
        label={t('common:profile.newPassword')}
        value={values.newPassword}
        error={shown('newPassword')}
        autoComplete="new-password"
        onChange={set('newPassword')}
        onBlur={touch('newPassword')}
      />
      <PasswordField
        field="confirmPassword"
        label={t('common:profile.confirmPassword')}
        value={values.confirmPassword}
        error={shown('confirmPassword')}
        autoComplete="new-password"
        onChange={set('confirmPassword')}
        onBlur={touch('confirmPassword')}
      />
      <p className="dms-muted dms-profile__note">{t('common:profile.sessionNote')}</p>
      <Button
        type="submit"
        intent="primary"
        icon="key"
        loading={isLoading}
        text={t('common:profile.submit')}
      />
    </form>
  );
}

/** /profile/index: the account card and the password change. */
export function ProfilePage() {
  const { t } = useTranslation();
  const info = useSelector(selectUserInfo);
  const currencies = useSelector(selectCurrencies);
  const providerIds = useSelector(selectProviderIds);
  if (!info) return null;
  const name = seedText(info.nickname) || info.user;
  return (
    <div className="dms-page dms-profile">
      <Section className="dms-card dms-profile__about" icon="id-number" title={t('common:profile.about')}>
        <SectionCard className="dms-profile__identity">
          <Avatar src={info.avatar} name={name} size={88} />
          <h2 className="dms-profile__name">{name}</h2>
          <p className="dms-muted">@{info.user}</p>
          <div className="dms-profile__role">
            <Tag intent="primary" minimal round icon="shield">
              {seedText(info.role.name)}
            </Tag>
            {info.isSuper && (
              <Tag intent="warning" round icon="crown">
                {t('common:home.superAccount')}
              </Tag>
            )}
          </div>
          {info.introduction && <p className="dms-profile__intro">{seedText(info.introduction)}</p>}
        </SectionCard>
        <SectionCard>
          <h4 className="dms-field-label">
            {t('common:home.providers')} <span className="dms-count">{providerIds.length}</span>
          </h4>
          <ProviderTags providers={info.providers} ids={providerIds} />
        </SectionCard>
        <SectionCard>
          <h4 className="dms-field-label">
            {t('common:home.currencies')} <span className="dms-count">{currencies.length}</span>
          </h4>
          <CurrencyTags currencies={currencies} />
        </SectionCard>
      </Section>

      <Section
        className="dms-card dms-profile__password"
        icon="key"
        title={t('common:profile.changePassword')}
      >
        <SectionCard>
          <ChangePasswordForm />
        </SectionCard>
      </Section>
    </div>
  );
}
