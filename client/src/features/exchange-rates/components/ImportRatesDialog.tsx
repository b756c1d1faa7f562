import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RATES_CSV_HEADER } from '@dms/shared/contracts/http/rates';
import { errorMessageOf, isApiError } from '@/lib/api/baseQuery';
import { messageOfKey } from '@/lib/i18n/i18n';
import { showSuccess } from '@/lib/notify/toaster';
import { useRateImportMutation } from '../api/ratesApi';

/** Props of {@link ImportRatesDialog}. */
export interface ImportRatesDialogProps {
  isOpen: boolean;
  onClose: () => void;
  portalContainer?: HTMLElement;
}

interface LineError {
  line: number;
  key: string;
  params: Record<string, string | number>;
}

function lineErrorsOf(err: unknown): LineError[] {
  if (!isApiError(err) || typeof err.data !== 'object' || err.data === null) return [];
  const errors = (err.data as { errors?: unknown }).errors;
  return Array.isArray(errors) ? (errors as LineError[]) : [];
}

/** A CSV template of the import's format: the header line and one example line. */
export function ratesTemplate(day: string): string {
  return `${RATES_CSV_HEADER}\n${day},CNY,7.1234\n`;
}

/**
 * Imports a CSV file of rates (`day,currency,rate` per line). The file is read in the browser and sent as
 * text; the gateway checks every line and refuses the whole file when one is wrong, and the refused lines
 * are listed here, each with its number and reason in the interface language.
 */
export function ImportRatesDialog({ isOpen, onClose, portalContainer }: ImportRatesDialogProps) {
  const { t } = useTranslation('rates');
  const [file, setFile] = useState<{ name: string; text: string }>();
  const [refusal, setRefusal] = useState<{ message: string; lines: LineError[]; count: number }>();
  const [importRates, { isLoading }] = useRateImportMutation();

  const close = () => {
    setFile(undefined);
    setRefusal(undefined);
    onClose();
  };

  const submit = async () => {
    if (!file) return;
    try {
      const done = await importRates({ csv: file.text }).unwrap();
      void showSuccess(t('toast.imported', done));
      close();
    } catch (err) {
      const lines = lineErrorsOf(err);
      const count =
        isApiError(err) && typeof err.params?.count === 'number' ? err.params.count : lines.length;
      setRefusal({ message: errorMessageOf(err), lines, count });
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('importDialog.title')}
      icon="import"
      canOutsideClickClose={false}
      portalContainer={portalContainer}
      style={{ width: 620, maxWidth: 'calc(100vw - 16px)' }}
    >
      <DialogBody>
        <p>{t('importDialog.help')}</p>
        <FileInput
          fill
          text={file ? t('importDialog.file', { name: file.name }) : t('importDialog.choose')}
          buttonText="…"
          inputProps={{ accept: '.csv,text/csv,text/plain', 'aria-label': t('importDialog.choose') }}
          onInputChange={(e) => {
            const chosen = e.currentTarget.files?.[0];
            setRefusal(undefined);
            if (!chosen) return;
            void chosen.text().then((text) => setFile({ name: chosen.name, text }));
          }}
        />
        {refusal && (
          <Callout intent={Intent.DANGER} icon="error" className="dms-rates__refusal" role="alert">
            <p>
              {t('importDialog.refused')} {refusal.message}
            </p>
            {refusal.lines.length > 0 && (
              <ul>
                {refusal.lines.map((l) => (
                  <li key={`${l.line}-${l.key}`}>{messageOfKey(l.key, l.params) ?? `#${l.line}`}</li>
                ))}
              </ul>
            )}
            {refusal.count > refusal.lines.length && (
              <p>{t('importDialog.more', { count: refusal.count - refusal.lines.length })}</p>
            )}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('importDialog.cancel')} onClick={close} />
            <Button
              intent={Intent.PRIMARY}
              icon="import"
              text={t('importDialog.submit')}
              disabled={!file}
              loading={isLoading}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
}
