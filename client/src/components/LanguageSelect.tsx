import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, LANGUAGES, isLanguage, switchLanguage } from '@/lib/i18n/languages';

/**
 * A light language switch (a native select) for the login page, where the popover code of `LangSelect`
 * would weigh on the first download.
 */
export function LanguageSelect({ reload, className }: { reload?: () => void; className?: string }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'zh';
  return (
    <HTMLSelect
      className={className}
      minimal
      aria-label={t('common:language')}
      value={current}
      options={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_LABELS[lng] }))}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next) && next !== current) switchLanguage(next, reload);
      }}
    />
  );
}
