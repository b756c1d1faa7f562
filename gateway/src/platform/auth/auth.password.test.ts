import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, needsRehash, verifyPassword } from './auth.password';
import { bearerToken, hashToken, newToken } from './auth.token';

describe('password hashing', () => {
  it('hashes with memory-hard scrypt N=2^15 by default, in a versioned string', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$1\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', 10)).not.toBe(await hashPassword('same', 10));
  });

  it('verifies with the parameters stored in the hash and tells when to upgrade', async () => {
    const cheap = await hashPassword('pw-123456', 10);
    expect(await verifyPassword('pw-123456', cheap)).toBe(true);
    expect(needsRehash(cheap, 15)).toBe(true);
    expect(needsRehash(cheap, 10)).toBe(false);
  });

  it('never matches a malformed hash', async () => {
    for (const bad of ['', 'plain', 'scrypt$2$15$8$1$a$b', 'scrypt$1$99$8$1$a$b']) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });

  it('generates passwords without look-alike characters', () => {
    const pw = generatePassword(200);
    expect(pw).toHaveLength(200);
    expect(pw).not.toMatch(/[0O1lI]/);
  });
});

describe('tokens', () => {
  it('are 32 random bytes in base64url and stored as hex SHA-256', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are read from a Bearer authorization header only', () => {
    const token = newToken();
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`bearer ${token}`)).toBe(token);
    expect(bearerToken(token)).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
