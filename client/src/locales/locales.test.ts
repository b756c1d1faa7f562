import { describe, expect, it } from 'vitest';
import { ERR } from '@dms/shared/errors/codes';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json', { eager: true });
const LANGUAGES = ['zh', 'en', 'es', 'ja'];
/** Namespaces of the shell; `permission` belongs to the role and staff screens. */
const SHELL_NAMESPACES = ['common', 'route', 'login', 'errors'];

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function resource(lng: string, ns: string): Record<string, unknown> {
  const file = files[`./${lng}/${ns}.json`];
  if (!file) throw new Error(`missing locales/${lng}/${ns}.json`);
  return file.default;
}

function lookup(lng: string, ns: string, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], resource(lng, ns));
}

describe('locales', () => {
  it.each(SHELL_NAMESPACES)('every language has every key of %s', (ns) => {
    const english = keys(resource('en', ns)).sort();
    for (const lng of LANGUAGES) expect(keys(resource(lng, ns)).sort()).toEqual(english);
  });

  it('has no empty text', () => {
    for (const lng of LANGUAGES) {
      for (const ns of SHELL_NAMESPACES) {
        for (const key of keys(resource(lng, ns)))
          expect(lookup(lng, ns, key), `${lng}/${ns}:${key}`).not.toBe('');
      }
    }
  });

  it('has a message for every code of the spec catalogue', () => {
    for (const code of Object.values(ERR)) {
      for (const lng of LANGUAGES)
        expect(lookup(lng, 'errors', `code.${code}`), `${lng} ${code}`).toBeTruthy();
    }
  });

  it.each([
    ['login', 'accountWrong', 'Account wrong'],
    ['login', 'passwordMin', 'Password at least 6 digits'],
    ['errors', 'code.-4', 'Login fail'],
    ['errors', 'code.-3', 'Can not find this account'],
    ['errors', 'code.-2', 'This account is not operated for a long time, please login again'],
    ['errors', 'requestFail', 'Request fail'],
    ['errors', 'hasError', 'Has Error'],
    ['errors', 'info.roles', 'getInfo: roles must be a non-null array!'],
    ['errors', 'info.baseData', 'getInfo: base data must be a non-null array!'],
    ['errors', 'validation.providerRequired', 'Do not choose providerId !'],
    ['errors', 'validation.currencyRequired', 'Do not choose currency !'],
    ['errors', 'validation.dateRequired', 'Do not choose date !'],
    ['errors', 'validation.dateOrder', 'Start date is less than end date !'],
    ['errors', 'validation.noDataToDownload', 'Not have data to downoad'],
    ['errors', 'validation.idExists', 'ID already exists'],
    ['errors', 'validation.gameIdExists', 'Game ID have already exist'],
    ['errors', 'validation.accountProviderDuplicate', 'Account and Provide Duplicate!'],
    ['errors', 'fullscreenUnsupported', 'you browser can not work'],
    ['common', 'navbar.logoutConfirm', 'Do you want log out?'],
    ['common', 'switchLanguageSuccess', 'Switch Language Success'],
    ['common', 'profile.passwordMin', 'Password at least 6 characters'],
    ['common', 'profile.inconsistent', 'Two passwords are inconsistent'],
    ['common', 'version', 'Ver 1.4'],
    ['route', 'homepage', 'Home Page'],
  ])('English %s:%s is the spec text verbatim', (ns, key, text) => {
    expect(lookup('en', ns, key)).toBe(text);
  });
});
