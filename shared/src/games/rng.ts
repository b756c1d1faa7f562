/**
 * A seedable pseudo-random generator for simulations and tests: sfc32 (Chris Doty-Humphrey's Small Fast
 * Chaotic generator, 128-bit state, passes PractRand), seeded through the cyrb128 string hash.
 * Not for security: real game outcomes belong to the platform, this only replays and simulates them.
 */

/** A seed: any string, or a number (hashed through its decimal text, so `7` and `'7'` agree). */
export type Seed = string | number;

const TWO_POW_32 = 4294967296;

/** cyrb128: hashes a string into four 32-bit words, enough to fill the sfc32 state. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A seeded generator. Two generators made from the same seed give the same sequence. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: Seed) {
    [this.a, this.b, this.c, this.d] = cyrb128(String(seed));
    // Discard the first outputs: they still resemble the seed hash.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** The next 32-bit unsigned integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float uniform in [0, 1), with 32 bits of randomness. */
  next(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /**
   * An integer uniform in [0, n), without modulo bias (rejection sampling). `n` must be an integer from 1
   * to 2^32.
   */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) {
      throw new RangeError(`int(n) needs an integer n from 1 to 2^32, got ${n}`);
    }
    // The largest multiple of n not above 2^32; values at or past it would favour small results.
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    let x = this.nextUint32();
    while (x >= limit) x = this.nextUint32();
    return x % n;
  }

  /** Shuffles `items` in place (Fisher–Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const item = items[i] as T;
      items[i] = items[j] as T;
      items[j] = item;
    }
    return items;
  }
}

/** A generator seeded with `seed`. */
export function createRng(seed: Seed): Rng {
  return new Rng(seed);
}
