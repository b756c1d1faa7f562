import { useRef, useState } from 'react';
import { Button, Callout, Classes, ControlGroup, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Props of {@link GeneratedPassword}. */
export interface GeneratedPasswordProps {
  account: string;
  password: string;
}

/**
 * The password the gateway generated for a new account, shown once with a copy button and a warning
 * that it will not be shown again.
 */
export function GeneratedPassword({ account, password }: GeneratedPasswordProps) {
  const { t } = useTranslation('permission');
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied('yes');
    } catch {
      // Without clipboard access (plain HTTP, denied permission) the text is selected for a manual copy.
      input.current?.select();
      setCopied('no');
    }
  };

  return (
    <Callout intent={Intent.WARNING} icon="key" title={t('staff.generated.title')} role="status">
      <p>{t('staff.generated.description', { account })}</p>
      <FormGroup
        label={t('staff.generated.label')}
        labelFor="staff-generated-password"
        style={{ marginBottom: 8 }}
      >
        <ControlGroup fill>
          <InputGroup
            id="staff-generated-password"
            inputRef={input}
            readOnly
            value={password}
            inputClassName={Classes.MONOSPACE_TEXT}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="generated-password"
          />
          <Button
            icon={copied === 'yes' ? 'tick' : 'duplicate'}
            intent={copied === 'yes' ? Intent.SUCCESS : Intent.NONE}
            text={copied === 'yes' ? t('staff.generated.copied') : t('staff.generated.copy')}
            onClick={() => void copy()}
            style={{ flexGrow: 0 }}
          />
        </ControlGroup>
      </FormGroup>
      {copied === 'no' && <p>{t('staff.generated.copyManually')}</p>}
      <strong>{t('staff.generated.warning')}</strong>
    </Callout>
  );
}
