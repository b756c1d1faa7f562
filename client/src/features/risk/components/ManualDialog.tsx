import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManualRiskRow } from '@dms/shared/contracts/http/risk';
import { RiskLevel } from '@dms/shared/domain/enums';
import { enumLabelText } from '@dms/shared/domain/labels';
import { languageOf } from '@/lib/i18n/languages';
import { useScopeOptions } from '@/components/filters/useScopeOptions';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { showSuccess } from '@/lib/notify/toaster';
import { useManualRiskCreateMutation, useManualRiskUpdateMutation } from '../api/riskApi';

const LEVELS = [RiskLevel.Abnormal, RiskLevel.Middle, RiskLevel.High] as const;

/** Adds or edits an entry of the manual risk list; the server's refusal shows in the dialog. */
export function ManualDialog({
  isOpen,
  editing,
  onClose,
  portalContainer,
}: {
  isOpen: boolean;
  editing: ManualRiskRow | undefined;
  onClose: () => void;
  portalContainer?: HTMLElement | undefined;
}) {
  const { t, i18n } = useTranslation('risk');
  const scope = useScopeOptions();
  const [account, setAccount] = useState('');
  const [provider, setProvider] = useState(0);
  const [riskType, setRiskType] = useState<number>(RiskLevel.Abnormal);
  const [error, setError] = useState<string>();
  const [create, creating] = useManualRiskCreateMutation();
  const [update, updating] = useManualRiskUpdateMutation();
  useEffect(() => {
    if (!isOpen) return;
    setAccount(editing?.account ?? '');
    setProvider(editing?.provider ?? scope.providers[0]?.id ?? 0);
    setRiskType(editing?.riskType ?? RiskLevel.Abnormal);
    setError(undefined);
  }, [isOpen, editing, scope.providers]);
  const submit = async () => {
    if (!account.trim()) return setError(t('manual.accountRequired'));
    try {
      const body = { account: account.trim(), provider, riskType: riskType as RiskLevel };
      if (editing) await update({ id: editing.id, ...body }).unwrap();
      else await create(body).unwrap();
      void showSuccess(t('manual.saved'));
      onClose();
    } catch (err) {
      setError(errorMessageOf(err));
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={editing ? t('manual.edit') : t('manual.add')}
      icon="person"
      {...(portalContainer ? { portalContainer } : {})}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <DialogBody>
          <FormGroup label={t('col.account')} labelFor="dms-manual-account" labelInfo="*">
            <InputGroup
              id="dms-manual-account"
              value={account}
              maxLength={64}
              onChange={(e) => setAccount(e.currentTarget.value)}
            />
          </FormGroup>
          <FormGroup label={t('col.provider')} labelFor="dms-manual-provider" labelInfo="*">
            <HTMLSelect
              id="dms-manual-provider"
              value={provider}
              onChange={(e) => setProvider(Number(e.currentTarget.value))}
              options={scope.providers.map((p) => ({ value: p.id, label: p.name }))}
            />
          </FormGroup>
          <FormGroup label={t('col.riskType')} labelFor="dms-manual-type" labelInfo="*">
            <HTMLSelect
              id="dms-manual-type"
              value={riskType}
              onChange={(e) => setRiskType(Number(e.currentTarget.value))}
            >
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {enumLabelText('riskLevel', l, languageOf(i18n.language))}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {error && (
            <p className="dms-risk__error" role="alert">
              {error}
            </p>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('cancel')} onClick={onClose} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                text={t('save')}
                loading={creating.isLoading || updating.isLoading}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
