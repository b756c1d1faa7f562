import { describe, expect, it } from 'vitest';
import { loginUrl, safeRedirect } from './redirect';

const ORIGIN = 'http://console.local';

describe('safeRedirect', () => {
  it.each([
    ['/riskdata/riskdata', '/riskdata/riskdata'],
    ['/permission/role?page=2#top', '/permission/role?page=2#top'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeRedirect(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    null,
    '',
    'riskdata',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/login',
    '/login?redirect=/x',
    '/auth-redirect',
  ])('refuses %s', (raw) => {
    expect(safeRedirect(raw, ORIGIN)).toBeUndefined();
  });
});

describe('loginUrl', () => {
  it('comes back to the current path', () => {
    expect(loginUrl('/riskdata/riskdata?x=1')).toBe('/login?redirect=%2Friskdata%2Friskdata%3Fx%3D1');
    expect(loginUrl('/')).toBe('/login');
  });
});
