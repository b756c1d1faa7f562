import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import './filters.css';
import { DateRangeInput, type DateRange, type DateRangeShortcut } from '@blueprintjs/datetime';
import { useMemo } from 'react';
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
}

const FORMAT = 'yyyy-MM-dd';

/**
 * A start–end day picker with the spec's shortcuts (Today … This year), computed in the business zone.
 * Days are whole business days `YYYY-MM-DD`. A start typed after the end is kept (and flagged), so the
 * search can answer with the spec's "Start date is less than end date !".
 */
export function DateRangeField({
  startDate,
  endDate,
  onChange,
  label,
  disabled = false,
  now,
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
  const maxDate = dayToDate(today) ?? undefined;
  const minDate = useMemo(() => {
    const min = dayToDate(today);
    if (min) min.setFullYear(min.getFullYear() - 5, 0, 1);
    return min ?? undefined;
  }, [today]);
  const prefix = label ? `${label} · ` : '';

  return (
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
      overlappingDatesMessage={t('errors:validation.dateOrder')}
      invalidDateMessage={t('filter.invalidDate')}
      outOfRangeMessage={t('filter.outOfRange')}
      popoverProps={{ placement: 'bottom-start', popoverClassName: 'dms-filter__picker' }}
      startInputProps={{
        'aria-label': `${prefix}${t('filter.startDate')}`,
        placeholder: t('filter.startDate'),
      }}
      endInputProps={{ 'aria-label': `${prefix}${t('filter.endDate')}`, placeholder: t('filter.endDate') }}
    />
  );
}
