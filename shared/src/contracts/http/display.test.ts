import { describe, expect, it } from 'vitest';
import {
  displayApproveBodySchema,
  displayPairingUrl,
  formatPairingCode,
  isDisplayToken,
  normalizePairingCode,
} from './display';

describe('display pairing codes', () => {
  it('reads a code as typed or scanned: case, spaces and the dash ignored', () => {
    expect(normalizePairingCode(' abcd-2345 ')).toBe('ABCD2345');
    expect(formatPairingCode('ABCD2345')).toBe('ABCD-2345');
    expect(displayPairingUrl('https://dms.example', 'ABCD2345')).toBe(
      'https://dms.example/permission/display?code=ABCD-2345',
    );
  });

  it('refuses codes with look-alike letters or the wrong length', () => {
    const body = (code: string) => ({ code, name: 'Wall', roleId: 2, providers: [1001] });
    expect(displayApproveBodySchema.safeParse(body('abcd-2345')).success).toBe(true);
    for (const bad of ['ABCD-234O', 'ABCD-2341', 'ABC-2345', 'ABCD-23456'])
      expect(displayApproveBodySchema.safeParse(body(bad)).success, bad).toBe(false);
  });

  it('tells a display token from a session token by its length', () => {
    expect(isDisplayToken('a'.repeat(48))).toBe(true);
    expect(isDisplayToken('a'.repeat(43))).toBe(false);
  });
});
