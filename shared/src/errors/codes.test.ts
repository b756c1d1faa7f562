import { describe, expect, it } from 'vitest';
import { ERR, ERROR_MESSAGES, RELOGIN_CODES, messageForCode } from './codes';

describe('error catalogue', () => {
  it('holds every code of the spec with its number', () => {
    expect(Object.values(ERR).sort((a, b) => a - b)).toEqual([
      -105, -104, -103, -102, -101, -100, -4, -3, -2, -1, 0, 106, 107, 108, 109, 110, 111, 50008, 50012, 50014,
    ]);
  });

  it('asks for a new login on -2, 50008, 50012 and 50014 only', () => {
    expect([...RELOGIN_CODES].sort((a, b) => a - b)).toEqual([-2, 50008, 50012, 50014]);
  });

  it('has a message for every business code and falls back to the generic one', () => {
    for (const code of Object.values(ERR)) {
      if (code >= 50000) continue;
      expect(ERROR_MESSAGES[code], `code ${code}`).toBeTruthy();
    }
    expect(messageForCode(123456)).toBe('Request fail');
    expect(messageForCode(ERR.ROLE_NAME_EXISTS)).toBe('role name already exists');
  });
});
