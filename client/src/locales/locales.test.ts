import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERR } from '@dms/shared/errors/codes';
import { MESSAGES, placeholdersOf } from '@dms/shared/errors/messages';
import { endpoints, type EndpointDef } from '@dms/shared/contracts/http/endpoints';

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

  it('has a text for every message key the gateway can send, using only the parameters the key carries', () => {
    for (const [key, template] of Object.entries(MESSAGES)) {
      const allowed = new Set(placeholdersOf(template));
      for (const lng of LANGUAGES) {
        const text = lookup(lng, 'errors', key);
        expect(typeof text, `${lng} errors:${key}`).toBe('string');
        for (const name of placeholdersOf(String(text)))
          expect(allowed.has(name), `${lng} errors:${key} uses {{${name}}}`).toBe(true);
      }
    }
  });

  it('has a label for every field of every request the gateway validates', () => {
    const fields = new Set<string>();
    for (const def of Object.values(endpoints) as EndpointDef[]) {
      for (const schema of [def.query, def.body]) {
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
          properties?: Record<string, unknown>;
        };
        for (const name of Object.keys(json.properties ?? {})) fields.add(name);
      }
    }
    expect(fields.size).toBeGreaterThan(10);
    for (const name of fields) {
      for (const lng of LANGUAGES)
        expect(lookup(lng, 'errors', `field.${name}`), `${lng} errors:field.${name}`).toBeTruthy();
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
