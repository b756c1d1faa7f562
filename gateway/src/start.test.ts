import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config/config';
import { banner, start } from './start';

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

describe('start', () => {
  it('stops before listening with a message naming each bad variable', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await start({ PORT: 'abc', DMS_FEED: 'nope' })).toBeUndefined();
    expect(process.exitCode).toBe(1);
    const msg = String(error.mock.calls[0]?.[0]);
    expect(msg).toContain('PORT: must be a whole number');
    expect(msg).toContain('DMS_FEED: must be one of sim, ingest, poll, off');
  });
});

describe('banner', () => {
  const config = loadConfig({ DMS_DATA_DIR: '/srv/data' }, '/srv');

  it('shows the URL and, on first start, the generated admin credentials', () => {
    const text = banner(
      'http://localhost:8080',
      config,
      { adminAccount: 'admin', generatedPassword: 'Secret123' },
      true,
    );
    expect(text).toContain('URL:       http://localhost:8080');
    expect(text).toContain('Account:   admin');
    expect(text).toContain('Password:  Secret123');
    expect(text).toContain('SQLite /srv/data/dms.sqlite');
  });

  it('never prints a password given by DMS_ADMIN_PASSWORD, nor credentials after the first start', () => {
    const given = banner(
      'http://localhost:8080',
      { ...config, adminPassword: 'from-env-1' },
      { adminAccount: 'admin' },
      true,
    );
    expect(given).not.toContain('from-env-1');
    expect(given).toContain('DMS_ADMIN_PASSWORD');
    const later = banner('http://localhost:8080', config, undefined, true);
    expect(later).not.toContain('Password');
  });

  it('is printed exactly as the README shows it', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const shown = /\n```\n(─+\n Data Management System[\s\S]*?─+)\n```/.exec(readme)?.[1];
    const password = /Password: {2}(\S+)/.exec(shown ?? '')?.[1] ?? '';
    const fresh = loadConfig({}, '/srv/dms');
    expect(shown).toBe(
      banner('http://localhost:8080', fresh, { adminAccount: 'admin', generatedPassword: password }, true),
    );
  });
});
