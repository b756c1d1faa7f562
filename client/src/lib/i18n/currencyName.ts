import { i18n } from './i18n';
import { LANGUAGE_TAGS, languageOf } from './languages';

const names = new Map<string, Intl.DisplayNames | null>();

/**
 * A currency's name in the interface language ("CNY" → 人民币, US dollar, dólar estadounidense, 米ドル),
 * from the browser's own data (`Intl.DisplayNames`); the name stored with the currency (English, seeded)
 * when the browser has none.
 */
export function currencyName(code: string, stored?: string): string {
  const tag = LANGUAGE_TAGS[languageOf(i18n.language)];
  let display = names.get(tag);
  if (display === undefined) {
    try {
      display = new Intl.DisplayNames([tag], { type: 'currency', fallback: 'none' });
    } catch {
      display = null;
    }
    names.set(tag, display);
  }
  let name: string | undefined;
  try {
    name = display?.of(code);
  } catch {
    // A code Intl refuses (not three letters) has no name of its own.
  }
  return name && name !== code ? name : (stored ?? code);
}
