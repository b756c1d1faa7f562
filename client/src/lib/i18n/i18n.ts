import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_TAGS, type Language } from './languages';

/** The one i18next instance of the client. */
export const i18n = i18next;

type NamespaceModule = { default: ResourceKey };

/**
 * Every `locales/<lng>/<ns>.json` file, loaded lazily: only the active language's files are fetched, and a
 * namespace file added by any feature is picked up without registering it here.
 */
const localeFiles = import.meta.glob<NamespaceModule>('../../locales/*/*.json');

const FILE_PATTERN = /\/locales\/([^/]+)\/([^/]+)\.json$/;

function filesOf(language: string): Map<string, () => Promise<NamespaceModule>> {
  const out = new Map<string, () => Promise<NamespaceModule>>();
  for (const [file, load] of Object.entries(localeFiles)) {
    const match = FILE_PATTERN.exec(file);
    if (match && match[1] === language && match[2]) out.set(match[2], load);
  }
  return out;
}

/** The namespaces that exist for a language. */
export function namespacesOf(language: string): string[] {
  return [...filesOf(language).keys()].sort();
}

const globBackend: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init() {},
  read(language: string, namespace: string) {
    const load = filesOf(language).get(namespace);
    if (!load) return Promise.resolve({}) as never;
    return load().then((m) => m.default) as never;
  },
} as BackendModule;

/**
 * Namespaces loaded before the first render (the shell, login, errors and route titles). Any other
 * namespace file (a screen's own, such as `permission`) loads when a component first asks for it with
 * `useTranslation('<ns>')`, which suspends that screen until it has arrived.
 */
export const CORE_NAMESPACES = ['common', 'route', 'login', 'errors'] as const;

/** Starts i18next in `language` with its core namespaces loaded. */
export async function initI18n(language: Language): Promise<void> {
  await i18n
    .use(globBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Every language file carries every key (a unit test checks it), so no second language is fetched.
      fallbackLng: false,
      ns: CORE_NAMESPACES.filter((ns) => filesOf(language).has(ns)),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  document.documentElement.lang = LANGUAGE_TAGS[language];
}

/**
 * The text of a message key of the gateway (`errors:<key>`) with its parameters, or undefined when this
 * client has no text for the key. A `field` parameter (a path such as `username` or `events.3.amount`) is
 * shown by its label, `errors:field.<last name in the path>`, where it has one.
 */
export function messageOfKey(
  key: string,
  params?: Readonly<Record<string, string | number>>,
): string | undefined {
  const full = `errors:${key}`;
  // A key that names a subtree (`validation`) is not a message.
  if (!i18n.exists(full) || typeof i18n.t(full, { returnObjects: true }) !== 'string') return undefined;
  const values: Record<string, string | number> = { ...params };
  if (typeof values.field === 'string') values.field = fieldLabel(values.field);
  const text = i18n.t(full, values);
  // A sentence that starts with a field label ("account is required") starts with a capital.
  if (i18n.language !== 'en' && i18n.language !== 'es') return text;
  return text.charAt(0).toLocaleUpperCase(i18n.language) + text.slice(1);
}

/** The label of a request field for messages: `errors:field.<name>` of its last named part, else the path. */
export function fieldLabel(path: string): string {
  const name = path
    .split('.')
    .reverse()
    .find((part) => part !== '' && !/^\d+$/.test(part));
  if (name && i18n.exists(`errors:field.${name}`)) return i18n.t(`errors:field.${name}`);
  return path;
}

/** A translated message for an envelope code, or undefined when the catalogue has none for it. */
export function messageOfCode(code: number): string | undefined {
  const key = `errors:code.${code}`;
  return i18n.exists(key) ? i18n.t(key) : undefined;
}
