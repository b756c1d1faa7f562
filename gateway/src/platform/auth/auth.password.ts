import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes are versioned strings: `scrypt$1$<log2 N>$<r>$<p>$<salt b64url>$<key b64url>`.
 * Verification reads the parameters from the hash, so raising the cost later keeps old hashes valid
 * (and {@link needsRehash} tells when to upgrade one after a successful login).
 */
const PREFIX = 'scrypt';
const VERSION = '1';
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const R = 8;
const P = 1;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Hashes a password with scrypt at cost 2^logN (15 by default: 32 MiB, memory-hard). */
export async function hashPassword(password: string, logN = 15): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, logN, R, P);
  return [PREFIX, VERSION, logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface Parsed {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(hash: string): Parsed | undefined {
  const parts = hash.split('$');
  if (parts.length !== 7 || parts[0] !== PREFIX || parts[1] !== VERSION) return undefined;
  const [logN, r, p] = [Number(parts[2]), Number(parts[3]), Number(parts[4])];
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 22) return undefined;
  return {
    logN,
    r,
    p,
    salt: Buffer.from(parts[5] ?? '', 'base64url'),
    key: Buffer.from(parts[6] ?? '', 'base64url'),
  };
}

/** Whether `password` matches `hash`, compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await derive(password, parsed.salt, parsed.logN, parsed.r, parsed.p);
  return timingSafeEqual(key, parsed.key);
}

/** Whether a (valid) hash was made with other parameters than today's and should be upgraded. */
export function needsRehash(hash: string, logN: number): boolean {
  const parsed = parse(hash);
  return !parsed || parsed.logN !== logN || parsed.r !== R || parsed.p !== P;
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password of `length` characters without look-alikes (no 0/O, 1/l/I). */
export function generatePassword(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}
