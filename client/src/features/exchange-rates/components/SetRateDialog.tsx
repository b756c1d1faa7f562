import { useId, useState, type FormEvent } from 'react';
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
import { useTranslation } from 'react-i18next';
import { RATE_BASE } from '@dms/shared/contracts/http/rates';
import { DateRangeField } from '@/components/filters/DateRangeField';
import { validateRange } from '@/components/filters/filterModel';
import { filterMessageText } from '@/components/filters/showFilterMessage';
import { errorMessageOf, isApiError } from '@/lib/api/baseQuery';
import { showSuccess } from '@/lib/notify/toaster';
import { useRateSetMutation } from '../api/ratesApi';

/** Props of {@link SetRateDialog}. */
export interface SetRateDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The currencies a rate can be set for (not the base). */
  currencies: readonly string[];
  /** The day range the dialog opens with. */
  initialRange: { start: string; end: string };
  portalContainer?: HTMLElement;
}

/** A rate typed by a user: a decimal with a point or a comma, greater than 0; else undefined. */
export function parseRate(text: string): number | undefined {
  const n = Number(text.trim().replace(',', '.'));
  return /^\d+([.,]\d+)?$/.test(text.trim()) && Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * Sets one rate of a currency for every day of a range: currency, date range and the rate (units of the
 * currency per USD). Checks what it can before sending; a refusal of the gateway is shown beside the
 * field it is about.
 */
export function SetRateDialog({
  isOpen,
  onClose,
  currencies,
  initialRange,
  portalContainer,
}: SetRateDialogProps) {
  const { t } = useTranslation('rates');
  const id = useId();
  const [currency, setCurrency] = useState('');
  const [start, setStart] = useState<string | null>(initialRange.start);
  const [end, setEnd] = useState<string | null>(initialRange.end);
  const [rateText, setRateText] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'currency' | 'dates' | 'rate' | 'form', string>>>({});
  const [save, { isLoading }] = useRateSetMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!currency) next.currency = t('dialog.chooseCurrency');
    const range = validateRange(start, end);
    if (range) next.dates = filterMessageText(range);
    const rate = parseRate(rateText);
    if (rate === undefined) next.rate = t('errors:validation.rate', { field: t('dialog.rate') });
    setErrors(next);
    if (Object.keys(next).length > 0 || rate === undefined || !start || !end) return;
    try {
      const done = await save({ currency, startDay: start, endDay: end, rate }).unwrap();
      void showSuccess(t('toast.set', done));
      setRateText('');
      onClose();
    } catch (err) {
      const key = isApiError(err) ? err.key : undefined;
      const field =
        key === 'validation.rate'
          ? 'rate'
          : key?.startsWith('validation.date') || key === 'validation.rangeTooLong'
            ? 'dates'
            : 'form';
      setErrors({ [field]: errorMessageOf(err) });
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('dialog.title')}
      icon="exchange"
      canOutsideClickClose={false}
      portalContainer={portalContainer}
      style={{ width: 560, maxWidth: 'calc(100vw - 16px)' }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          <FormGroup
            label={t('dialog.currency')}
            labelFor={`${id}-c`}
            intent={errors.currency ? Intent.DANGER : Intent.NONE}
            helperText={errors.currency}
          >
            <HTMLSelect
              id={`${id}-c`}
              value={currency}
              onChange={(e) => setCurrency(e.currentTarget.value)}
              options={[
                { value: '', label: t('dialog.chooseCurrency') },
                ...currencies.filter((c) => c !== RATE_BASE).map((c) => ({ value: c, label: c })),
              ]}
              fill
            />
          </FormGroup>
          <FormGroup
            label={t('dialog.dates')}
            intent={errors.dates ? Intent.DANGER : Intent.NONE}
            helperText={errors.dates}
          >
            <DateRangeField
              label={t('dialog.dates')}
              startDate={start}
              endDate={end}
              allowFuture
              onChange={(s, e2) => {
                setStart(s);
                setEnd(e2);
              }}
            />
          </FormGroup>
          <FormGroup
            label={t('dialog.rate')}
            labelFor={`${id}-r`}
            intent={errors.rate ? Intent.DANGER : Intent.NONE}
            helperText={errors.rate ?? t('dialog.rateHint', { currency: currency || '…' })}
          >
            <InputGroup
              id={`${id}-r`}
              inputMode="decimal"
              leftElement={<span className="dms-rates__prefix">1 {RATE_BASE} =</span>}
              rightElement={<span className="dms-rates__suffix">{currency}</span>}
              placeholder={t('dialog.ratePlaceholder')}
              value={rateText}
              intent={errors.rate ? Intent.DANGER : Intent.NONE}
              onValueChange={setRateText}
            />
          </FormGroup>
          {errors.form && (
            <p className="dms-rates__form-error" role="alert">
              {errors.form}
            </p>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('dialog.cancel')} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text={t('dialog.save')} loading={isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
