import './login.css';
import { Button, FormGroup, Icon, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitle } from '@/lib/i18n/pageTitle';
import { LanguageSelect } from '@/components/LanguageSelect';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { PASSWORD_MIN_LENGTH, VERSION_LABEL } from '@/config/app';
import { login } from '@/lib/session/sessionThunks';
import { useLibDispatch } from '@/lib/store/hooks';

type Field = 'username' | 'password';

function validate(username: string, password: string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (username.trim().length === 0) errors.username = 'login:accountWrong';
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = 'login:passwordMin';
  return errors;
}

/**
 * The login page (spec sections 2, 5): account trimmed before sending, "Account wrong" and "Password at
 * least 6 digits", password show/hide, caps-lock hint, Enter submits, language switch. A successful login
 * leaves through the guard, which honours `?redirect=`.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useLibDispatch();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const errors = validate(username, password);
  const visibleError = (field: Field) => (touched[field] && errors[field] ? t(errors[field]) : undefined);

  useEffect(() => {
    document.title = pageTitle(t('route:login'), t);
    usernameRef.current?.focus();
  }, [t]);

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (typeof event.getModifierState === 'function') setCapsLock(event.getModifierState('CapsLock'));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ username: true, password: true });
    if (errors.username) return usernameRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();
    setSubmitting(true);
    try {
      await dispatch(login({ username, password })).unwrap();
    } catch {
      // The base query has shown why ("Login fail", "Can not find this account", …).
      setSubmitting(false);
      passwordRef.current?.select();
    }
  };

  const userError = visibleError('username');
  const passwordError = visibleError('password');

  return (
    <div className="dms-login">
      <aside className="dms-login__brand" aria-hidden="true">
        <div className="dms-login__brand-inner">
          <div className="dms-login__brand-mark">
            <Logo size={44} />
            <span>{t('common:appTitle')}</span>
          </div>
          <h2 className="dms-login__brand-title">{t('login:subtitle')}</h2>
          <ul className="dms-login__features">
            <li>{t('login:features.monitor')}</li>
            <li>{t('login:features.stats')}</li>
            <li>{t('login:features.admin')}</li>
          </ul>
        </div>
        <div className="dms-login__brand-foot">{VERSION_LABEL}</div>
      </aside>

      <main className="dms-login__panel">
        <div className="dms-login__toolbar">
          <ThemeToggle />
          <LanguageSelect />
        </div>

        <form className="dms-login__form" onSubmit={onSubmit} noValidate aria-labelledby="dms-login-title">
          <div className="dms-login__mobile-mark">
            <Logo size={36} />
            <span>{t('common:appTitle')}</span>
          </div>
          <h1 id="dms-login-title" className="dms-login__title">
            {t('login:welcome')}
          </h1>
          <p className="dms-login__hint">{t('login:hint')}</p>

          <FormGroup
            label={t('login:username')}
            labelFor="dms-login-username"
            helperText={userError}
            intent={userError ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="dms-login-username"
              inputRef={usernameRef}
              name="username"
              size="large"
              leftIcon="user"
              autoComplete="username"
              placeholder={t('login:usernamePlaceholder')}
              value={username}
              intent={userError ? Intent.DANGER : Intent.NONE}
              onValueChange={setUsername}
              onBlur={() => setTouched((s) => ({ ...s, username: true }))}
              aria-invalid={userError ? true : undefined}
            />
          </FormGroup>

          <FormGroup
            label={t('login:password')}
            labelFor="dms-login-password"
            helperText={passwordError}
            intent={passwordError ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="dms-login-password"
              inputRef={passwordRef}
              name="password"
              size="large"
              leftIcon="lock"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              placeholder={t('login:passwordPlaceholder')}
              value={password}
              intent={passwordError ? Intent.DANGER : Intent.NONE}
              onValueChange={setPassword}
              onKeyUp={onKey}
              onKeyDown={onKey}
              onBlur={() => {
                setCapsLock(false);
                setTouched((s) => ({ ...s, password: true }));
              }}
              aria-invalid={passwordError ? true : undefined}
              rightElement={
                <Button
                  variant="minimal"
                  icon={showPassword ? 'eye-off' : 'eye-open'}
                  aria-label={showPassword ? t('login:hidePassword') : t('login:showPassword')}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                />
              }
            />
          </FormGroup>
          {capsLock && (
            <p className="dms-login__caps" role="status">
              <Icon icon="warning-sign" size={12} />
              {t('login:capsLock')}
            </p>
          )}

          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            loading={submitting}
            text={t('login:submit')}
            className="dms-login__submit"
          />
        </form>

        <footer className="dms-login__footer">
          {t('common:appTitle')} · {VERSION_LABEL}
        </footer>
      </main>
    </div>
  );
}
