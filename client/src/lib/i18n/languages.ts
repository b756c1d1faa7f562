import Cookies from 'js-cookie';
import { LANGUAGE_COOKIE, LANGUAGE_SWITCHED_KEY } from '@/config/app';

/** Interface languages; Chinese is the default (spec section 9). */
export const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

/** Each language written in itself, for the language menus. */
export const LANGUAGE_LABELS: Readonly<Record<Language, string>> = {
  zh: '中文',
  en: 'English',
  es: 'Español',
  ja: '日本語',
};

/** BCP 47 tags for `<html lang>` and `Intl`. */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = {
  zh: 'zh-CN',
  en: 'en',
  es: 'es',
  ja: 'ja',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** An interface language from i18next's current language (the default for anything else). */
export function languageOf(value: string | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The language of the `language` cookie, or the default. */
export function getLanguageCookie(): Language {
  const value = Cookies.get(LANGUAGE_COOKIE);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function setLanguageCookie(language: Language): void {
  Cookies.set(LANGUAGE_COOKIE, language, { expires: 365, sameSite: 'Lax' });
}

/**
 * Switches the interface language as the spec says: the choice is saved in the cookie, the page reloads,
 * and the reloaded page shows "Switch Language Success" in the new language.
 */
export function switchLanguage(
  language: Language,
  reload: () => void = () => window.location.reload(),
): void {
  setLanguageCookie(language);
  try {
    window.sessionStorage.setItem(LANGUAGE_SWITCHED_KEY, language);
  } catch {
    // Storage can be disabled; the switch still happens, only the confirmation toast is lost.
  }
  reload();
}

/** Whether the page was just reloaded by a language switch; clears the flag. */
export function consumeLanguageSwitched(): boolean {
  try {
    const flag = window.sessionStorage.getItem(LANGUAGE_SWITCHED_KEY);
    window.sessionStorage.removeItem(LANGUAGE_SWITCHED_KEY);
    return flag !== null;
  } catch {
    return false;
  }
}
