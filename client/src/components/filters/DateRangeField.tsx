import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import './filters.css';
import { DateRangeInput, type DateRange, type DateRangeShortcut } from '@blueprintjs/datetime';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_SHORTCUTS } from '@dms/shared/format/dateShortcuts';
import { dateFnsLocaleLoader, useDateFnsLocale } from '@/lib/i18n/dateLocale';
import { dateToDay, dayToDate, shortcutRange, shortcutRanges } from './filterModel';

/** Props of {@link DateRangeField}. */
export interface DateRangeFieldProps {
  /** Business days `YYYY-MM-DD`, or null while not chosen. */
  startDate: string | null;
  endDate: string | null;
  onChange: (startDate: string | null, endDate: string | null) => void;
  /** Accessible name prefix of the two inputs ("Range A"). */
  label?: string;
  disabled?: boolean;
  /** Lets the test clock or a page fix "now"; the current time by default. */
  now?: number;
  /** Days after today may be chosen (up to a year ahead): rates set in advance. */
  allowFuture?: boolean;
}

/** The first day of the week in every calendar: Monday, as the "This week" and "Last week" shortcuts. */
export const WEEK_STARTS_ON = 1;

const FORMAT = 'yyyy-MM-dd';

/**
 * A start–end day picker with the spec's shortcuts (Today … This year), computed in the business zone.
 * Days are whole business days `YYYY-MM-DD`; weeks start on Monday in every language. A start typed after
 * the end is kept: both dates stay readable in their inputs (in the error intent) and the spec's message
 * ("Start date is less than end date !") is shown beside the field, in the interface language.
 */
export function DateRangeField({
  startDate,
  endDate,
  onChange,
  label,
  disabled = false,
  now,
  allowFuture = false,
}: DateRangeFieldProps) {
  const { t } = useTranslation('statistics');
  const locale = useDateFnsLocale();
  const today = shortcutRange('today', now).end;
  const shortcuts = useMemo<DateRangeShortcut[]>(() => {
    const ranges = new Map(shortcutRanges(now).map((s) => [s.key, s.range]));
    return DATE_SHORTCUTS.map(({ key, labelKey }) => {
      const range = ranges.get(key);
      return {
        label: t(labelKey),
        dateRange: [dayToDate(range?.start ?? null), dayToDate(range?.end ?? null)],
      };
    });
  }, [t, now]);
  const value: DateRange = [dayToDate(startDate), dayToDate(endDate)];
  const change = (range: DateRange) => onChange(dateToDay(range[0]), dateToDay(range[1]));
  const maxDate = useMemo(() => {
    const max = dayToDate(today);
    if (max && allowFuture) max.setFullYear(max.getFullYear() + 1);
    return max ?? undefined;
  }, [today, allowFuture]);
  const minDate = useMemo(() => {
    const min = dayToDate(today);
    if (min) min.setFullYear(min.getFullYear() - 5, 0, 1);
    return min ?? undefined;
  }, [today]);
  const prefix = label ? `${label} · ` : '';
  const reversed = Boolean(startDate && endDate && startDate > endDate);
  const errorId = useId();

  return (
    <div className="dms-filter__dates-field">
      <DateRangeInput
        className="dms-filter__dates"
        value={value}
        onChange={change}
        onError={(range) => {
          // Blueprint refuses a typed start after the end; keep it so the search can say what is wrong.
          const [start, end] = range;
          if (start && end && !Number.isNaN(start.getTime()) && !Number.isNaN(end.getTime())) change(range);
        }}
        shortcuts={shortcuts}
        allowSingleDayRange
        contiguousCalendarMonths={false}
        singleMonthOnly={typeof window !== 'undefined' && window.innerWidth < 640}
        dateFnsFormat={FORMAT}
        locale={locale}
        dateFnsLocaleLoader={dateFnsLocaleLoader}
        minDate={minDate}
        maxDate={maxDate}
        disabled={disabled}
        highlightCurrentDay
        // Blueprint writes this in place of an end before the start; the end itself stays readable there, and
        // the message goes beside the field.
        overlappingDatesMessage={endDate ?? ''}
        dayPickerProps={{ weekStartsOn: WEEK_STARTS_ON }}
        invalidDateMessage={t('filter.invalidDate')}
        outOfRangeMessage={t('filter.outOfRange')}
        popoverProps={{ placement: 'bottom-start', popoverClassName: 'dms-filter__picker' }}
        startInputProps={{
          'aria-label': `${prefix}${t('filter.startDate')}`,
          placeholder: t('filter.startDate'),
          'aria-invalid': reversed || undefined,
          'aria-describedby': reversed ? errorId : undefined,
        }}
        endInputProps={{
          'aria-label': `${prefix}${t('filter.endDate')}`,
          placeholder: t('filter.endDate'),
          'aria-invalid': reversed || undefined,
          'aria-describedby': reversed ? errorId : undefined,
        }}
      />
      {reversed && (
        <div id={errorId} className="dms-filter__error" role="alert">
          {t('errors:validation.dateOrder')}
        </div>
      )}
    </div>
  );
}
