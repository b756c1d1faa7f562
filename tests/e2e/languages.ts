import { ENUM_LABELS } from '../../shared/src/domain/labels';
import { productTexts, type Lang } from '../../client/src/locales/productTexts';
import type { Page } from './harness';

/** The four interface languages. */
export const LANGUAGES: readonly Lang[] = ['zh', 'en', 'es', 'ja'];

/**
 * One screen of the language sweep: where it is, what shows that it has drawn, and optionally what to
 * open on it (a dialog, a tab) so that those texts are read too. Add a screen with one line.
 */
export interface LanguageScreen {
  name: string;
  path: string;
  /** A CSS selector that appears once the screen shows its content (not a skeleton). */
  ready: string;
  /** Opens what the screen shows on demand, after `ready`; it must leave it open. */
  open?: (page: Page) => Promise<void>;
  /** A screen of a visitor (the login page): read without signing in. */
  signedOut?: boolean;
}

/** A string of the page that does not belong on it in the language it was shown in. */
export interface LanguageFinding {
  screen: string;
  language: Lang;
  kind: 'other language' | 'script' | 'raw value';
  text: string;
  detail: string;
}

/**
 * The texts of a page a user reads: text nodes, and the placeholder, title and aria-label attributes,
 * outside data — elements marked `translate="no"` (accounts, ids, names the user typed) and unknown
 * platform values (`data-enum-unknown`), which are shown as they came. Hidden panels are skipped.
 */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const skip = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) {
        if (e.getAttribute('translate') === 'no' || e.hasAttribute('data-enum-unknown')) return true;
        if (['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(e.tagName)) return true;
        if (e.getAttribute('aria-hidden') === 'true' && e.tagName !== 'BODY') return true;
      }
      return false;
    };
    const visible = (el: Element): boolean => {
      const style = window.getComputedStyle(el);
      return style.display !== 'none' && style.visibility !== 'hidden';
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (text && parent && !skip(parent) && visible(parent) && parent.getClientRects().length > 0)
        out.push(text);
    }
    for (const el of document.body.querySelectorAll('[placeholder], [title], [aria-label]')) {
      if (skip(el)) continue;
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    out.push(document.title);
    return out;
  });
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The texts of other languages that a page in `lng` must not show: each one not also a text of `lng`. */
function foreignTexts(lng: Lang): Map<string, Lang> {
  const own = new Set(productTexts(lng).map((t) => t.text.trim()));
  const out = new Map<string, Lang>();
  for (const other of LANGUAGES) {
    if (other === lng) continue;
    for (const { text } of productTexts(other)) {
      const t = text.trim();
      // Texts with parameters are compared by their words elsewhere; one or two letters say nothing.
      if (t.length < 3 || t.includes('{{') || own.has(t) || !/\p{L}/u.test(t)) continue;
      out.set(t, other);
    }
  }
  return out;
}

/** Raw enumeration values that a page must never show as text (a label stands for each). */
const RAW_VALUES: ReadonlySet<string> = new Set(
  Object.values(ENUM_LABELS).flatMap((values) => Object.keys(values).filter((v) => /[a-z]/.test(v))),
);

/**
 * Reads the page in `lng` and reports what does not belong: a text of another language (a locale or label
 * text of that language, not shared with this one), a script that is not this language's (Chinese or
 * Japanese characters in English or Spanish, kana in Chinese), and raw enumeration values
 * (`deposit_bonus`, `player_b`) shown as text.
 */
export async function findForeignStrings(page: Page, screen: string, lng: Lang): Promise<LanguageFinding[]> {
  const foreign = foreignTexts(lng);
  const own = new Set(productTexts(lng).map((t) => t.text.trim()));
  const findings: LanguageFinding[] = [];
  for (const text of await pageTexts(page)) {
    const other = foreign.get(text);
    if (other && !own.has(text))
      findings.push({ screen, language: lng, kind: 'other language', text, detail: other });
    if ((lng === 'en' || lng === 'es') && CJK.test(text))
      findings.push({
        screen,
        language: lng,
        kind: 'script',
        text,
        detail: 'Chinese or Japanese characters',
      });
    if (lng === 'zh' && KANA.test(text))
      findings.push({ screen, language: lng, kind: 'script', text, detail: 'kana' });
    if (RAW_VALUES.has(text))
      findings.push({ screen, language: lng, kind: 'raw value', text, detail: 'enumeration' });
  }
  return findings;
}

/**
 * Shows each screen in each language (the `language` cookie, as the language switch sets it) and collects
 * what {@link findForeignStrings} finds. `pageIn` returns a page of a fresh context in a language, signed
 * in unless the screen is a visitor's; the sweep closes the context.
 */
export async function sweepLanguages(
  screens: readonly LanguageScreen[],
  baseUrl: string,
  pageIn: (lng: Lang, signedOut: boolean) => Promise<Page>,
  timeout = 30_000,
): Promise<LanguageFinding[]> {
  const findings: LanguageFinding[] = [];
  for (const lng of LANGUAGES) {
    for (const screen of screens) {
      const page = await pageIn(lng, screen.signedOut ?? false);
      await page.goto(`${baseUrl}${screen.path}`);
      await page.locator(screen.ready).first().waitFor({ timeout });
      await screen.open?.(page);
      // Lazily loaded texts (a namespace, a date-picker locale) settle before the page is read.
      await page.waitForLoadState('networkidle');
      findings.push(...(await findForeignStrings(page, screen.name, lng)));
      await page.context().close();
    }
  }
  return findings;
}
