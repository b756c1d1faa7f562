import './risk.css';
import {
  Button,
  Callout,
  Card,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NumericInput,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TelegramGroupRow } from '@dms/shared/contracts/http/risk';
import { riskSettingsSchema, type RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import { formatDate } from '@dms/shared/format/date';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { ConfirmDeleteAlert } from '@/components/ConfirmDeleteAlert';
import { showError, showSuccess } from '@/lib/notify/toaster';
import {
  useRiskSettingsQuery,
  useRiskSettingsSaveMutation,
  useTelegramCreateMutation,
  useTelegramDeleteMutation,
  useTelegramListQuery,
  useTelegramTestMutation,
  useTelegramUpdateMutation,
} from './api/riskApi';
import { BacktestDialog } from './components/BacktestDialog';

/** The thresholds in the order the form shows them, with the step of their input. */
const FIELDS: { key: keyof RiskSettings; step: number; minor?: number }[] = [
  { key: 'amountTolerancePct', step: 1 },
  { key: 'fdr', step: 0.001, minor: 0.001 },
  { key: 'minSharedRounds', step: 1 },
  { key: 'windowRounds', step: 100 },
  { key: 'windowHours', step: 1 },
  { key: 'ringMinSize', step: 1 },
  { key: 'ringMaxSize', step: 1 },
  { key: 'levelMiddle', step: 0.5 },
  { key: 'levelHigh', step: 0.5 },
  { key: 'bonusTurnoverMultiple', step: 0.5 },
  { key: 'transferPlayRatio', step: 0.05, minor: 0.01 },
  { key: 'minMovedAmount', step: 100 },
  { key: 'providerMarginSigma', step: 0.5 },
  { key: 'providerVolumeFactor', step: 0.5 },
];

/**
 * Risk Setting (route /risksetting, code 10000): every threshold of the risk engine with its meaning in
 * words, checked as typed and applied by the gateway at once (no restart); the Telegram groups that
 * receive alerts, with a test send.
 */
export function RiskSettingPage() {
  const { t } = useTranslation('risk');
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  const current = useRiskSettingsQuery();
  const [save, saving] = useRiskSettingsSaveMutation();
  const [draft, setDraft] = useState<RiskSettings>();
  const [serverError, setServerError] = useState<string>();
  const [backtest, setBacktest] = useState<RiskSettings>();
  useEffect(() => {
    if (current.data && !draft) setDraft(current.data.settings);
  }, [current.data, draft]);
  const parsed = draft ? riskSettingsSchema.safeParse(draft) : undefined;
  const fieldErrors = new Map<string, string>();
  if (parsed && !parsed.success)
    for (const issue of parsed.error.issues) fieldErrors.set(String(issue.path[0]), t('settings.invalid'));
  const saved = current.data?.settings;
  const changed =
    draft !== undefined && saved !== undefined && FIELDS.some((f) => draft[f.key] !== saved[f.key]);

  return (
    <div className="dms-page dms-risk" ref={setPortal}>
      <Card className="dms-risk__card">
        <div className="dms-risk__head">
          <div>
            <h2 className={Classes.HEADING}>{t('settings.title')}</h2>
            <p className={Classes.TEXT_MUTED}>{t('settings.subtitle')}</p>
            {current.data?.updatedAt && (
              <p className={Classes.TEXT_MUTED}>
                {t('settings.updated', {
                  by: current.data.updatedBy ?? '',
                  at: formatDate(current.data.updatedAt),
                })}
              </p>
            )}
          </div>
        </div>
        {draft && (
          <form
            noValidate
            onSubmit={async (e) => {
              e.preventDefault();
              if (!parsed?.success) return;
              try {
                setServerError(undefined);
                await save(parsed.data).unwrap();
                void showSuccess(t('settings.saved'));
              } catch (err) {
                setServerError(errorMessageOf(err));
              }
            }}
          >
            <div className="dms-risk__settings">
              {FIELDS.map((f) => (
                <FormGroup
                  key={f.key}
                  label={t(`settings.field.${f.key}`)}
                  labelFor={`dms-risk-${f.key}`}
                  helperText={fieldErrors.get(f.key) ?? t(`settings.help.${f.key}`)}
                  intent={fieldErrors.has(f.key) ? Intent.DANGER : Intent.NONE}
                >
                  <NumericInput
                    id={`dms-risk-${f.key}`}
                    fill
                    value={draft[f.key]}
                    stepSize={f.step}
                    minorStepSize={f.minor ?? null}
                    intent={fieldErrors.has(f.key) ? Intent.DANGER : Intent.NONE}
                    onValueChange={(n) =>
                      setDraft({ ...draft, [f.key]: Number.isFinite(n) ? n : Number.NaN })
                    }
                  />
                </FormGroup>
              ))}
            </div>
            {serverError && (
              <Callout intent={Intent.DANGER} role="alert">
                {serverError}
              </Callout>
            )}
            <div className="dms-risk__filter">
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon="floppy-disk"
                text={t('save')}
                disabled={!changed || !parsed?.success}
                loading={saving.isLoading}
              />
              <Button
                icon="lab-test"
                text={t('backtest.run')}
                title={t('backtest.hint')}
                disabled={!parsed?.success}
                onClick={() => parsed?.success && setBacktest({ ...parsed.data })}
              />
              <Button
                icon="reset"
                text={t('settings.revert')}
                disabled={!changed}
                onClick={() => current.data && setDraft(current.data.settings)}
              />
            </div>
          </form>
        )}
      </Card>
      <BacktestDialog
        proposed={backtest}
        onClose={() => setBacktest(undefined)}
        portalContainer={portal ?? undefined}
      />
      <TelegramGroups portal={portal} />
    </div>
  );
}

function TelegramGroups({ portal }: { portal: HTMLElement | null }) {
  const { t } = useTranslation('risk');
  const list = useTelegramListQuery();
  const [editing, setEditing] = useState<TelegramGroupRow | 'new'>();
  const [toDelete, setToDelete] = useState<TelegramGroupRow>();
  const [remove, removing] = useTelegramDeleteMutation();
  const [test, testing] = useTelegramTestMutation();
  const rows = list.data ?? [];
  return (
    <Card className="dms-risk__card">
      <div className="dms-risk__head">
        <div>
          <h3 className={Classes.HEADING}>{t('telegram.title')}</h3>
          <p className={Classes.TEXT_MUTED}>{t('telegram.subtitle')}</p>
        </div>
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('telegram.add')}
          onClick={() => setEditing('new')}
        />
      </div>
      {rows.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('telegram.empty')}</p>
      ) : (
        <div className="dms-risk__scroll" role="region" aria-label={t('telegram.title')} tabIndex={0}>
          <HTMLTable compact striped className="dms-risk__table">
            <thead>
              <tr>
                <th scope="col">{t('telegram.providerName')}</th>
                <th scope="col">{t('telegram.companyName')}</th>
                <th scope="col">{t('telegram.groupId')}</th>
                <th scope="col">{t('telegram.language')}</th>
                <th scope="col">{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((g) => (
                <tr key={g.id}>
                  <td>{g.providerName}</td>
                  <td>{g.companyName}</td>
                  <td translate="no">{g.groupId}</td>
                  <td>{t(`telegram.lang.${g.language}`)}</td>
                  <td className="dms-risk__actions-cell">
                    <Button
                      size="small"
                      variant="minimal"
                      icon="send-message"
                      text={t('telegram.test')}
                      loading={testing.isLoading}
                      onClick={async () => {
                        const r = await test({ id: g.id }).unwrap();
                        if (r.ok) void showSuccess(t('telegram.testSent'));
                        else void showError(t('telegram.testFailed', { detail: r.detail }));
                      }}
                    />
                    <Button
                      size="small"
                      variant="minimal"
                      icon="edit"
                      aria-label={t('telegram.edit')}
                      onClick={() => setEditing(g)}
                    />
                    <Button
                      size="small"
                      variant="minimal"
                      intent={Intent.DANGER}
                      icon="trash"
                      aria-label={t('telegram.delete')}
                      onClick={() => setToDelete(g)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {portal && (
        <>
          <TelegramDialog editing={editing} onClose={() => setEditing(undefined)} portal={portal} />
          <ConfirmDeleteAlert
            target={toDelete}
            remove={(group) => remove({ id: group.id }).unwrap()}
            loading={removing.isLoading}
            body={(group) => <p>{t('telegram.deleteConfirm', { group: group?.groupId ?? '' })}</p>}
            successMessage={() => t('telegram.deleted')}
            confirmText={t('telegram.delete')}
            cancelText={t('cancel')}
            onClose={() => setToDelete(undefined)}
            portalContainer={portal}
          />
        </>
      )}
    </Card>
  );
}

function TelegramDialog({
  editing,
  onClose,
  portal,
}: {
  editing: TelegramGroupRow | 'new' | undefined;
  onClose: () => void;
  portal: HTMLElement;
}) {
  const { t } = useTranslation('risk');
  const [form, setForm] = useState({
    providerName: '',
    companyName: '',
    groupId: '',
    language: 'zh' as 'zh' | 'en',
  });
  const [error, setError] = useState<string>();
  const [create, creating] = useTelegramCreateMutation();
  const [update, updating] = useTelegramUpdateMutation();
  useEffect(() => {
    if (!editing) return;
    setForm(
      editing === 'new'
        ? { providerName: '', companyName: '', groupId: '', language: 'zh' }
        : {
            providerName: editing.providerName,
            companyName: editing.companyName,
            groupId: editing.groupId,
            language: editing.language,
          },
    );
    setError(undefined);
  }, [editing]);
  const missing = (['providerName', 'companyName', 'groupId'] as const).filter((k) => !form[k].trim());
  return (
    <Dialog
      isOpen={editing !== undefined}
      onClose={onClose}
      title={editing === 'new' ? t('telegram.add') : t('telegram.edit')}
      icon="chat"
      portalContainer={portal}
    >
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (missing.length > 0) return setError(t('telegram.required'));
          try {
            if (editing === 'new') await create(form).unwrap();
            else if (editing) await update({ id: editing.id, ...form }).unwrap();
            void showSuccess(t('telegram.saved'));
            onClose();
          } catch (err) {
            setError(errorMessageOf(err));
          }
        }}
      >
        <DialogBody>
          {(['providerName', 'companyName', 'groupId'] as const).map((k) => (
            <FormGroup key={k} label={t(`telegram.${k}`)} labelFor={`dms-tg-${k}`} labelInfo="*">
              <InputGroup
                id={`dms-tg-${k}`}
                value={form[k]}
                maxLength={64}
                onChange={(e) => setForm({ ...form, [k]: e.currentTarget.value })}
                {...(k === 'groupId' ? { placeholder: '-1001234567890' } : {})}
              />
            </FormGroup>
          ))}
          <FormGroup label={t('telegram.language')} labelFor="dms-tg-language">
            <HTMLSelect
              id="dms-tg-language"
              value={form.language}
              onChange={(e) => setForm({ ...form, language: e.currentTarget.value === 'en' ? 'en' : 'zh' })}
              options={[
                { value: 'zh', label: t('telegram.lang.zh') },
                { value: 'en', label: t('telegram.lang.en') },
              ]}
            />
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
