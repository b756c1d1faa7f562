import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from 'date-fns';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

/**
 * date-fns locales for Blueprint's date inputs, imported explicitly per language: Blueprint's default
 * loader builds the module path at run time, which Vite cannot bundle.
 */
const LOADERS: Readonly<Record<Language, () => Promise<Locale>>> = {
  zh: () => import('date-fns/locale/zh-CN').then(named('zhCN')),
  en: () => import('date-fns/locale/en-US').then(named('enUS')),
  es: () => import('date-fns/locale/es').then(named('es')),
  ja: () => import('date-fns/locale/ja').then(named('ja')),
};

/**
 * The named export of a locale module. Read by name through `unknown` because the type of these modules
 * depends on the program: Blueprint datetime's nested date-fns 2 declares them ambiently with a default
 * export, while at run time they are date-fns 4 modules with a named one. The locale objects of both
 * versions have the same shape.
 */
function named(name: string): (module: unknown) => Locale {
  return (module) => {
    const locale = (module as Record<string, Locale | undefined>)[name];
    if (!locale) throw new Error(`date-fns locale ${name} is missing`);
    return locale;
  };
}

const cache = new Map<Language, Locale>();

/** Loads the date-fns locale of an interface language. */
export async function loadDateFnsLocale(language: string): Promise<Locale> {
  const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const cached = cache.get(lng);
  if (cached) return cached;
  const locale = await LOADERS[lng]();
  cache.set(lng, locale);
  return locale;
}

/**
 * For Blueprint's `dateFnsLocaleLoader` prop: Blueprint passes a date-fns locale code ("zh-CN"), which is
 * mapped back to the interface language.
 */
export function dateFnsLocaleLoader(code: string): Promise<Locale> {
  const language = code.slice(0, 2).toLowerCase();
  return loadDateFnsLocale(language);
}

/** The date-fns locale of the current interface language; undefined until it has loaded. */
export function useDateFnsLocale(): Locale | undefined {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [loaded, setLoaded] = useState<{ language: Language; locale: Locale } | undefined>(() => {
    const cached = cache.get(language);
    return cached ? { language, locale: cached } : undefined;
  });
  useEffect(() => {
    let live = true;
    void loadDateFnsLocale(language).then((locale) => {
      if (live) setLoaded({ language, locale });
    });
    return () => {
      live = false;
    };
  }, [language]);
  return loaded?.language === language ? loaded.locale : undefined;
}
