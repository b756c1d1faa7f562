import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultClientDir, loadConfig } from './config';

const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/dms');
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems.map((p) => p.variable);
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({}, '/srv/dms');
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/dms/data',
      adminPassword: undefined,
      databaseUrl: undefined,
      redisUrl: undefined,
      feed: 'sim',
      timeZone: 'Asia/Shanghai',
      sessionIdleMs: 120 * 60_000,
      logLevel: 'info',
      loginRatePerMinute: 10,
      trustProxy: false,
      scryptLogN: 15,
    });
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DMS_DATA_DIR: 'var',
        DMS_ADMIN_PASSWORD: 'secret-pass',
        DATABASE_URL: 'postgres://u@db:5432/dms',
        REDIS_URL: 'redis://cache:6379',
        DMS_FEED: 'ingest',
        DMS_TZ: 'Asia/Kolkata',
        DMS_SESSION_IDLE_MINUTES: '15',
        DMS_CLIENT_DIR: 'web',
        LOG_LEVEL: 'debug',
        DMS_LOGIN_RATE: '5',
        DMS_INGEST_SECRET: '0123456789abcdef',
        DMS_TRUST_PROXY: '1',
      },
      '/srv/dms',
    );
    expect(c).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      dataDir: '/srv/dms/var',
      adminPassword: 'secret-pass',
      databaseUrl: 'postgres://u@db:5432/dms',
      redisUrl: 'redis://cache:6379',
      feed: 'ingest',
      timeZone: 'Asia/Kolkata',
      sessionIdleMs: 15 * 60_000,
      clientDir: '/srv/dms/web',
      logLevel: 'debug',
      loginRatePerMinute: 5,
      ingestSecret: '0123456789abcdef',
      trustProxy: 1,
    });
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }, '/x')).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it('names each bad variable in one error', () => {
    expect(
      problems({
        PORT: 'eighty',
        DMS_TZ: 'Mars/Olympus',
        DMS_FEED: 'kafka',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'http://x',
        DMS_SESSION_IDLE_MINUTES: '0',
        LOG_LEVEL: 'loud',
        DMS_LOGIN_RATE: '-3',
        DMS_ADMIN_PASSWORD: '123',
        DMS_INGEST_SECRET: 'short',
      }),
    ).toEqual([
      'PORT',
      'DMS_ADMIN_PASSWORD',
      'DATABASE_URL',
      'REDIS_URL',
      'DMS_FEED',
      'DMS_TZ',
      'DMS_SESSION_IDLE_MINUTES',
      'LOG_LEVEL',
      'DMS_LOGIN_RATE',
      'DMS_INGEST_SECRET',
    ]);
  });

  it('explains the problem, showing the value but never a secret', () => {
    try {
      loadConfig({ PORT: '70000', DMS_TZ: 'Nowhere/City', DMS_ADMIN_PASSWORD: 'abc' }, '/x');
      throw new Error('expected a ConfigError');
    } catch (err) {
      const msg = (err as Error).message;
      expect(msg).toContain('PORT: must be at most 65535 (got "70000")');
      expect(msg).toContain('DMS_TZ: must be an IANA time zone such as Asia/Shanghai (got "Nowhere/City")');
      expect(msg).toContain('DMS_ADMIN_PASSWORD: must be at least 6 characters');
      expect(msg).not.toContain('"abc"');
    }
  });

  it('finds the client build beside the gateway package, whatever the working directory', () => {
    expect(defaultClientDir('/somewhere/else')).toBe(resolve(repoRoot, 'client', 'dist'));
    expect(loadConfig({}, '/tmp').clientDir).toBe(resolve(repoRoot, 'client', 'dist'));
  });
});
