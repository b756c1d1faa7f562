import '@blueprintjs/select/lib/css/blueprint-select.css';
import { Button, MenuItem, Tooltip } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AppRoute } from '@dms/shared/permissions/routes';
import {
  buildSearchPool,
  createMenuSearcher,
  loadPinyinizer,
  withPinyin,
  type Pinyinizer,
  type SearchEntry,
} from '@/lib/menu/menuSearch';
import { selectSettings } from '@/lib/settings/settingsSlice';

/**
 * Menu search (spec section 2): fuzzy search of the permitted pages' titles in the current language; in
 * Chinese with pinyin search on, full pinyin and initials match too ("jsgl", "juese" → 角色管理). pinyin-pro
 * is downloaded the first time the search opens in that case.
 */
export function HeaderSearch({ table }: { table: readonly AppRoute[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { supportPinyinSearch } = useSelector(selectSettings);
  const [open, setOpen] = useState(false);
  const [pinyinizer, setPinyinizer] = useState<Pinyinizer | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const wantsPinyin = open && supportPinyinSearch && i18n.language === 'zh';

  useEffect(() => {
    if (!wantsPinyin || pinyinizer) return;
    let live = true;
    void loadPinyinizer().then((p) => {
      if (live) setPinyinizer(p);
    });
    return () => {
      live = false;
    };
  }, [wantsPinyin, pinyinizer]);

  const search = useMemo(() => {
    const pool = buildSearchPool(table, (key) => t(`route:${key}`));
    const usePinyin = supportPinyinSearch && i18n.language === 'zh' && pinyinizer;
    return createMenuSearcher(usePinyin ? withPinyin(pool, pinyinizer) : pool);
  }, [table, t, i18n.language, supportPinyinSearch, pinyinizer]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
    return () => window.clearTimeout(closeTimer.current);
  }, [open]);

  return (
    <div className={open ? 'dms-search dms-search--open' : 'dms-search'}>
      <Tooltip content={t('common:navbar.search')} placement="bottom" disabled={open}>
        <Button
          variant="minimal"
          icon="search"
          aria-label={t('common:navbar.search')}
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        />
      </Tooltip>
      {open && (
        <Suggest<SearchEntry>
          className="dms-search__input"
          items={[]}
          itemListPredicate={(query) => search(query)}
          itemRenderer={(item, { handleClick, handleFocus, modifiers }) => (
            <MenuItem
              key={item.path}
              roleStructure="listoption"
              active={modifiers.active}
              text={item.titles.join(' › ')}
              label={item.path}
              onClick={handleClick}
              onFocus={handleFocus}
            />
          )}
          inputValueRenderer={() => ''}
          selectedItem={null}
          onItemSelect={(item) => {
            setOpen(false);
            void navigate(item.path);
          }}
          noResults={<MenuItem disabled roleStructure="listoption" text={t('common:navbar.noResults')} />}
          resetOnSelect
          resetOnClose
          closeOnSelect
          inputProps={{
            inputRef,
            placeholder: t('common:navbar.searchPlaceholder'),
            // Late, so a click on a result (which takes the focus first) still selects it.
            onBlur: () => {
              closeTimer.current = window.setTimeout(() => setOpen(false), 200);
            },
            onFocus: () => window.clearTimeout(closeTimer.current),
            onKeyDown: (event) => {
              if (event.key === 'Escape') setOpen(false);
            },
            'aria-label': t('common:navbar.search'),
          }}
          popoverProps={{ minimal: true, placement: 'bottom-start', popoverClassName: 'dms-search__popover' }}
        />
      )}
    </div>
  );
}
