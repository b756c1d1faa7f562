import { Button, Menu, MenuItem, Popover, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, LANGUAGES, isLanguage, switchLanguage } from '@/lib/i18n/languages';

interface LangSelectProps {
  /** Shows the current language's name beside the icon. */
  showLabel?: boolean;
  className?: string;
  /** Called instead of reloading the page (tests). */
  reload?: () => void;
}

/** The language switch: saves the choice in the `language` cookie and reloads the page. */
export function LangSelect({ showLabel = false, className, reload }: LangSelectProps) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'zh';
  const menu = (
    <Menu aria-label={t('common:language')}>
      {LANGUAGES.map((lng) => (
        <MenuItem
          key={lng}
          text={LANGUAGE_LABELS[lng]}
          roleStructure="listoption"
          selected={lng === current}
          disabled={lng === current}
          onClick={() => switchLanguage(lng, reload)}
        />
      ))}
    </Menu>
  );
  return (
    <Popover content={menu} placement="bottom-end" minimal={false}>
      <Tooltip content={t('common:language')} placement="bottom" disabled={showLabel}>
        <Button
          className={className}
          variant="minimal"
          icon="translate"
          text={showLabel ? LANGUAGE_LABELS[current] : undefined}
          endIcon={showLabel ? 'caret-down' : undefined}
          aria-label={t('common:language')}
        />
      </Tooltip>
    </Popover>
  );
}
