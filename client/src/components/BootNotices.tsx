import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { consumeLanguageSwitched } from '@/lib/i18n/languages';
import { showSuccess } from '@/lib/notify/toaster';

/** After a language switch reloaded the page: "Switch Language Success", in the new language. */
export function BootNotices() {
  const { t } = useTranslation();
  useEffect(() => {
    if (consumeLanguageSwitched()) void showSuccess(t('common:switchLanguageSuccess'));
  }, [t]);
  return null;
}
