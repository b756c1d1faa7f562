import { Button, ButtonGroup, Intent, MenuItem, Spinner } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';

/** One choice of a {@link CheckMultiSelect}. */
export interface Choice<K extends string | number> {
  key: K;
  label: string;
  /** Muted text on the right of the menu item (a code or an id). */
  hint?: string;
}

/** Props of {@link CheckMultiSelect}. */
export interface CheckMultiSelectProps<K extends string | number> {
  id?: string;
  choices: readonly Choice<K>[];
  selected: readonly K[];
  onChange: (keys: K[]) => void;
  placeholder?: string;
  disabled?: boolean;
  loading?: boolean;
  invalid?: boolean;
  /** Id of the element describing the field (an error message). */
  describedBy?: string;
  /** Accessible name of the list of choices. */
  listLabel: string;
}

const filterChoice: ItemPredicate<Choice<string | number>> = (query, item, _i, exactMatch) => {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const haystack = `${item.label} ${item.hint ?? ''} ${item.key}`.toLowerCase();
  return exactMatch ? item.label.toLowerCase() === q : haystack.includes(q);
};

/**
 * A searchable multi-select of tags with "select all" and "clear" buttons, over a list of keyed choices.
 * Keys not among the choices (e.g. a provider outside the signed-in account's scope) stay selected and
 * show as their key.
 */
export function CheckMultiSelect<K extends string | number>({
  id,
  choices,
  selected,
  onChange,
  placeholder,
  disabled = false,
  loading = false,
  invalid = false,
  describedBy,
  listLabel,
}: CheckMultiSelectProps<K>) {
  const { t } = useTranslation('permission');
  const byKey = new Map(choices.map((c) => [c.key, c] as const));
  const selectedSet = new Set<K>(selected);
  const selectedChoices: Choice<K>[] = selected.map((k) => byKey.get(k) ?? { key: k, label: String(k) });
  const everything = choices.length > 0 && choices.every((c) => selectedSet.has(c.key));

  const toggle = (key: K) => {
    if (selectedSet.has(key)) onChange(selected.filter((k) => k !== key));
    else onChange([...selected, key]);
  };

  const renderItem: ItemRenderer<Choice<K>> = (item, { handleClick, handleFocus, modifiers, ref }) => {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem
        key={String(item.key)}
        ref={ref}
        roleStructure="listoption"
        selected={selectedSet.has(item.key)}
        active={modifiers.active}
        disabled={modifiers.disabled}
        text={item.label}
        label={item.hint}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    );
  };

  return (
    <MultiSelect<Choice<K>>
      fill
      items={choices as Choice<K>[]}
      selectedItems={selectedChoices}
      itemsEqual="key"
      itemRenderer={renderItem}
      itemPredicate={filterChoice as ItemPredicate<Choice<K>>}
      tagRenderer={(c) => c.label}
      onItemSelect={(c) => toggle(c.key)}
      onRemove={(c) => toggle(c.key)}
      resetOnSelect
      disabled={disabled}
      placeholder={placeholder}
      noResults={<MenuItem disabled roleStructure="listoption" text={t('common.noResults')} />}
      menuProps={{ 'aria-label': listLabel }}
      popoverProps={{ minimal: true, matchTargetWidth: true, placement: 'bottom-start' }}
      tagInputProps={{
        intent: invalid ? Intent.DANGER : Intent.NONE,
        tagProps: { minimal: true },
        inputProps: {
          id,
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy,
        },
        rightElement: loading ? (
          <Spinner size={16} style={{ margin: 7 }} />
        ) : (
          <ButtonGroup variant="minimal" size="small" style={{ margin: 3 }}>
            <Button
              text={t('common.selectAll')}
              disabled={disabled || everything || choices.length === 0}
              onClick={(e) => {
                // A click inside the tag input would focus it and open the list; these buttons act alone.
                e.stopPropagation();
                onChange([...selected, ...choices.map((c) => c.key).filter((k) => !selectedSet.has(k))]);
              }}
            />
            <Button
              icon="cross"
              aria-label={t('common.clearSelection')}
              disabled={disabled || selected.length === 0}
              onClick={(e) => {
                e.stopPropagation();
                onChange([]);
              }}
            />
          </ButtonGroup>
        ),
      }}
    />
  );
}
