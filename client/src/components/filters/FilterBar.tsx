import './filters.css';
import { Button, FormGroup, Intent } from '@blueprintjs/core';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatsFilter } from '@dms/shared/contracts/http/stats';
import { DateRangeField } from './DateRangeField';
import { validateFilter, type FilterDraft } from './filterModel';
import { ScopeMultiSelect } from './ScopeMultiSelect';
import { showFilterMessage } from './showFilterMessage';
import { useScopeOptions } from './useScopeOptions';
import { currencyName } from '@/lib/i18n/currencyName';

/** Props of {@link FilterBar}. */
export interface FilterBarProps {
  value: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  /** Called with the checked filter; a draft that fails the spec's checks shows its message instead. */
  onSearch: (filter: StatsFilter) => void;
  /** Shows the Download button; called with the checked filter. */
  onDownload?: (filter: StatsFilter) => void;
  searching?: boolean;
  downloading?: boolean;
  /** More fields, placed after the date range (the game-record search boxes). */
  children?: ReactNode;
  /** Accessible name of the search form. */
  label?: string;
  /** Lets a test fix "now" for the shortcuts. */
  now?: number;
}

/**
 * The search bar of the statistics screens: providers (with "all"), currencies (with "all"), a day range
 * with the spec's shortcuts, and Search and Download buttons. A missing provider, currency or date, or a
 * start after the end, is refused with the spec's message as a 5-second error toast.
 */
export function FilterBar({
  value,
  onChange,
  onSearch,
  onDownload,
  searching = false,
  downloading = false,
  children,
  label,
  now,
}: FilterBarProps) {
  const { t } = useTranslation('statistics');
  const scope = useScopeOptions();
  const id = useId();

  const run = (then: (filter: StatsFilter) => void) => {
    const check = validateFilter(value);
    if (check.ok) then(check.filter);
    else showFilterMessage(check.message);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(onSearch);
  };

  return (
    <form
      className="dms-filter"
      role="search"
      aria-label={label ?? t('filter.label')}
      onSubmit={submit}
      noValidate
    >
      <FormGroup
        className="dms-filter__field dms-filter__field--provider"
        label={t('filter.provider')}
        labelFor={`${id}-p`}
      >
        <ScopeMultiSelect<number>
          id={`${id}-p`}
          label={t('filter.provider')}
          allLabel={t('filter.allProviders')}
          placeholder={t('filter.providerPlaceholder')}
          choices={scope.providers.map((p) => ({ key: p.id, label: p.name, hint: `#${p.id}` }))}
          selected={value.providerIds}
          loading={scope.loading}
          onChange={(providerIds) => onChange({ ...value, providerIds })}
        />
      </FormGroup>
      <FormGroup
        className="dms-filter__field dms-filter__field--currency"
        label={t('filter.currency')}
        labelFor={`${id}-c`}
      >
        <ScopeMultiSelect<string>
          id={`${id}-c`}
          label={t('filter.currency')}
          allLabel={t('filter.allCurrencies')}
          placeholder={t('filter.currencyPlaceholder')}
          choices={scope.currencies.map((c) => ({
            key: c.code,
            label: c.code,
            hint: currencyName(c.code, c.name),
          }))}
          selected={value.currencies}
          loading={scope.loading}
          onChange={(currencies) => onChange({ ...value, currencies })}
        />
      </FormGroup>
      <FormGroup className="dms-filter__field dms-filter__field--dates" label={t('filter.date')}>
        <DateRangeField
          startDate={value.startDate}
          endDate={value.endDate}
          now={now}
          onChange={(startDate, endDate) => onChange({ ...value, startDate, endDate })}
        />
      </FormGroup>
      {children}
      <div className="dms-filter__actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="search"
          text={t('filter.search')}
          loading={searching}
        />
        {onDownload && (
          <Button
            icon="download"
            text={t('filter.download')}
            loading={downloading}
            onClick={() => run(onDownload)}
          />
        )}
      </div>
    </form>
  );
}
