import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
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
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  DISPLAY_CODE_ALPHABET,
  DISPLAY_CODE_LENGTH,
  DISPLAY_PERMISSION_CODES,
  formatPairingCode,
  normalizePairingCode,
} from '@dms/shared/contracts/http/display';
import type { Provider } from '@dms/shared/contracts/http/user';
import { relativeTime } from '@dms/shared/format/relativeTime';
import { ScopeMultiSelect } from '@/components/filters/ScopeMultiSelect';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { languageOf } from '@/lib/i18n/languages';
import { showSuccess } from '@/lib/notify/toaster';
import {
  useDisplayApproveMutation,
  useDisplayPendingQuery,
  useDisplayRoleOptionsQuery,
} from '../api/displayAdminApi';

const isCode = (code: string) =>
  code.length === DISPLAY_CODE_LENGTH && [...code].every((c) => DISPLAY_CODE_ALPHABET.includes(c));

/** Props of {@link ApproveDialog}. */
export interface ApproveDialogProps {
  isOpen: boolean;
  /** A code to start from (scanned from the wall's QR code). */
  initialCode: string;
  providers: readonly Provider[];
  portal: HTMLElement | undefined;
  onClose: () => void;
}

/**
 * Approves the code a wall screen shows: the pending request it belongs to (when and from where it was
 * asked), a name, a role (only roles holding a monitor code are offered) and the providers it may watch.
 */
export function ApproveDialog({ isOpen, initialCode, providers, portal, onClose }: ApproveDialogProps) {
  const { t } = useTranslation('wall');
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('console.pairTitle')}
      icon="desktop"
      canOutsideClickClose={false}
      portalContainer={portal}
      style={{ width: 640, maxWidth: 'calc(100vw - 16px)' }}
    >
      <ApproveForm key={initialCode} initialCode={initialCode} providers={providers} onClose={onClose} />
    </Dialog>
  );
}

function ApproveForm({ initialCode, providers, onClose }: Omit<ApproveDialogProps, 'isOpen' | 'portal'>) {
  const { t, i18n } = useTranslation(['wall', 'route']);
  const id = useId();
  const [codeInput, setCodeInput] = useState(
    initialCode ? formatPairingCode(normalizePairingCode(initialCode)) : '',
  );
  const code = normalizePairingCode(codeInput);
  const valid = isCode(code);
  const pending = useDisplayPendingQuery(code, { skip: !valid });
  const roles = useDisplayRoleOptionsQuery();
  const monitorRoles = useMemo(
    () =>
      (roles.data ?? []).filter((r) =>
        r.permission.split(',').some((c) => DISPLAY_PERMISSION_CODES.includes(c.trim())),
      ),
    [roles.data],
  );
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState(0);
  const [chosen, setChosen] = useState<number[]>([]);
  const [approve, approving] = useDisplayApproveMutation();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (chosen.length === 0 && providers.length > 0) setChosen(providers.map((p) => p.id));
  }, [providers, chosen.length]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await approve({ code, name: name.trim(), roleId, providers: chosen }).unwrap();
      void showSuccess(t('console.approved', { name: name.trim() }));
      onClose();
    } catch (err) {
      setError(errorMessageOf(err));
    }
  };
  const ready = valid && pending.isSuccess && name.trim() !== '' && roleId > 0 && chosen.length > 0;

  return (
    <form onSubmit={(e) => void submit(e)}>
      <DialogBody>
        <FormGroup label={t('console.code')} labelFor={`${id}-code`}>
          <InputGroup
            id={`${id}-code`}
            large
            autoFocus={!initialCode}
            placeholder={formatPairingCode('ABCD2345')}
            value={codeInput}
            onValueChange={setCodeInput}
            maxLength={16}
            style={{ fontFamily: 'monospace', letterSpacing: '0.1em', textTransform: 'uppercase' }}
          />
        </FormGroup>
        {valid && pending.isSuccess && (
          <Callout
            intent={Intent.PRIMARY}
            icon="desktop"
            style={{ marginBottom: 12 }}
            data-testid="wall-pending"
          >
            <strong translate="no">{pending.data.label || '—'}</strong>
            <div className="bp6-text-muted">
              {t('console.pendingInfo', {
                age: relativeTime(pending.data.createdAt, Date.now(), languageOf(i18n.language)),
                ip: pending.data.ip,
              })}
            </div>
          </Callout>
        )}
        {valid && pending.isError && (
          <Callout intent={Intent.WARNING} style={{ marginBottom: 12 }} role="alert">
            {errorMessageOf(pending.error)}
          </Callout>
        )}
        {!valid && codeInput.trim() !== '' && (
          <p className="bp6-text-muted" style={{ marginTop: -6 }}>
            {t('console.lookUpFailed')}
          </p>
        )}
        <FormGroup label={t('console.name')} labelFor={`${id}-name`}>
          <InputGroup
            id={`${id}-name`}
            placeholder={t('console.namePlaceholder')}
            value={name}
            onValueChange={setName}
            maxLength={64}
          />
        </FormGroup>
        <FormGroup label={t('console.role')} labelFor={`${id}-role`} helperText={t('console.roleHint')}>
          <HTMLSelect
            id={`${id}-role`}
            fill
            value={roleId}
            onChange={(e) => setRoleId(Number(e.currentTarget.value))}
            options={[
              { value: 0, label: t('console.rolePlaceholder'), disabled: true },
              ...monitorRoles.map((r) => ({ value: r.id, label: r.name })),
            ]}
          />
        </FormGroup>
        <FormGroup label={t('console.providers')} labelFor={`${id}-providers`}>
          <ScopeMultiSelect
            id={`${id}-providers`}
            label={t('console.providers')}
            allLabel={t('console.allProviders')}
            choices={providers.map((p) => ({ key: p.id, label: p.name, hint: String(p.id) }))}
            selected={chosen}
            onChange={setChosen}
          />
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
              icon="tick"
              text={t('console.approve')}
              loading={approving.isLoading}
              disabled={!ready}
            />
          </>
        }
      />
    </form>
  );
}
