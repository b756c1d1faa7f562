import type { ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enumResources } from '@dms/shared/domain/labels';
import { i18n } from '@/lib/i18n/i18n';

const english = import.meta.glob<{ default: ResourceKey }>('../locales/en/*.json', { eager: true });

/** The English resources, namespace by namespace (every `locales/en/<ns>.json`). */
export function englishResources(): Record<string, ResourceKey> {
  const out: Record<string, ResourceKey> = {};
  for (const [file, module] of Object.entries(english)) {
    const ns = /\/([^/]+)\.json$/.exec(file)?.[1];
    if (ns) out[ns] = module.default;
  }
  return out;
}

/** Starts the app's i18next instance synchronously in English, once per test file. */
export function initTestI18n(): void {
  if (i18n.isInitialized) {
    if (i18n.language !== 'en') void i18n.changeLanguage('en');
    return;
  }
  const resources = { ...englishResources(), enum: enumResources('en') };
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: Object.keys(resources),
    defaultNS: 'common',
    resources: { en: resources },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
}
