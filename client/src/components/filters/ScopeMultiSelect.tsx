import '@blueprintjs/select/lib/css/blueprint-select.css';
import './filters.css';
import { Button, Intent, MenuDivider, MenuItem, Spinner } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/** One choice of a {@link ScopeMultiSelect}. */
export interface ScopeChoice<K extends string | number> {
  key: K;
  label: string;
  /** Muted text on the right of the menu item (an id or a code). */
  hint?: string;
}

/** The "all" entry: selecting it selects every choice (or clears them when all are selected). */
const ALL = '__all__' as const;
type Item<K extends string | number> = ScopeChoice<K> | { key: typeof ALL; label: string; hint?: string };

/** Props of {@link ScopeMultiSelect}. */
export interface ScopeMultiSelectProps<K extends string | number> {
  id?: string;
  choices: readonly ScopeChoice<K>[];
  selected: readonly K[];
  onChange: (keys: K[]) => void;
  /** Label of the "all" entry and of the single tag shown when everything is chosen. */
  allLabel: string;
  placeholder?: string;
  /** Accessible name of the field and of its list. */
  label: string;
  loading?: boolean;
  disabled?: boolean;
}

const predicate: ItemPredicate<Item<string | number>> = (query, item) => {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (item.key === ALL) return false;
  return `${item.label} ${item.hint ?? ''} ${String(item.key)}`.toLowerCase().includes(q);
};

/**
 * A searchable multi-select of the account's providers or currencies with an "all" entry on top. When
 * everything is chosen it shows one "All (n)" tag instead of a tag per choice, so the bar stays one line.
 */
export function ScopeMultiSelect<K extends string | number>({
  id,
  choices,
  selected,
  onChange,
  allLabel,
  placeholder,
  label,
  loading = false,
  disabled = false,
}: ScopeMultiSelectProps<K>) {
  const { t } = useTranslation('statistics');
  const selectedSet = new Set<K>(selected);
  const everything = choices.length > 1 && choices.every((c) => selectedSet.has(c.key));
  const byKey = new Map(choices.map((c) => [c.key, c] as const));
  const allItem: Item<K> = { key: ALL, label: allLabel };
  const items: Item<K>[] = choices.length > 1 ? [allItem, ...choices] : [...choices];
  const tags: Item<K>[] = everything
    ? [{ key: ALL, label: t('filter.allCount', { label: allLabel, count: choices.length }) }]
    : selected.map((k) => byKey.get(k) ?? { key: k, label: String(k) });

  const toggle = (item: Item<K>) => {
    if (item.key === ALL) {
      onChange(everything ? [] : choices.map((c) => c.key));
      return;
    }
    const key = item.key as K;
    onChange(selectedSet.has(key) ? selected.filter((k) => k !== key) : [...selected, key]);
  };

  const renderItem: ItemRenderer<Item<K>> = (item, { handleClick, handleFocus, modifiers, ref, index }) => {
    if (!modifiers.matchesPredicate) return null;
    const isAll = item.key === ALL;
    const node = (
      <MenuItem
        key={String(item.key)}
        ref={ref}
        roleStructure="listoption"
        selected={isAll ? everything : selectedSet.has(item.key as K)}
        active={modifiers.active}
        disabled={modifiers.disabled}
        text={isAll ? <strong>{item.label}</strong> : item.label}
        label={item.hint}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    );
    if (!isAll || index !== 0) return node;
    return (
      <Fragment key={String(item.key)}>
        {node}
        <MenuDivider />
      </Fragment>
    );
  };

  return (
    <MultiSelect<Item<K>>
      fill
      className="dms-filter__select"
      items={items}
      selectedItems={tags}
      itemsEqual="key"
      itemRenderer={renderItem as ItemRenderer<Item<K>>}
      itemPredicate={predicate as ItemPredicate<Item<K>>}
      tagRenderer={(item) => item.label}
      onItemSelect={toggle}
      onRemove={(item) => {
        if (item.key === ALL) onChange([]);
        else toggle(item);
      }}
      resetOnSelect
      disabled={disabled}
      placeholder={placeholder}
      noResults={<MenuItem disabled roleStructure="listoption" text={t('filter.noResults')} />}
      menuProps={{ 'aria-label': label }}
      popoverProps={{ minimal: true, placement: 'bottom-start' }}
      popoverTargetProps={{ 'aria-label': label } as React.HTMLAttributes<HTMLElement>}
      tagInputProps={{
        intent: Intent.NONE,
        tagProps: { minimal: true },
        inputProps: { id, 'aria-label': label },
        rightElement: loading ? (
          <Spinner size={16} style={{ margin: 7 }} />
        ) : selected.length > 0 ? (
          <Button
            variant="minimal"
            size="small"
            icon="cross"
            style={{ margin: 3 }}
            aria-label={t('filter.clearField', { field: label })}
            disabled={disabled}
            onClick={(e) => {
              // A click in the tag input would focus it and open the list; this button acts alone.
              e.stopPropagation();
              onChange([]);
            }}
          />
        ) : undefined,
      }}
    />
  );
}
