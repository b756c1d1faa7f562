import { createHmac, timingSafeEqual } from 'node:crypto';
import { INGEST_MAX_AGE_MS } from '@dms/shared/contracts/events/platform';

/**
 * Signatures of ingest requests: `x-dms-signature: sha256=<hex>` is HMAC-SHA256 with the shared secret
 * over `${timestamp}.${body}`, where `x-dms-timestamp` is the sender's clock in epoch ms. A request
 * older (or further in the future) than five minutes is refused, so a captured request cannot be
 * replayed later; within the window a replay changes nothing because events are idempotent by id.
 */

/** The signature header value of `body` sent at `timestamp`. */
export function signIngest(secret: string, timestamp: number | string, body: string | Buffer): string {
  const mac = createHmac('sha256', secret);
  mac.update(`${timestamp}.`);
  mac.update(body);
  return `sha256=${mac.digest('hex')}`;
}

/** Why a request is refused, or that it is not. */
export type SignatureCheck = { ok: true } | { ok: false; reason: 'invalid signature' | 'stale timestamp' };

export interface SignatureInput {
  secret: string;
  signature: string | undefined;
  timestamp: string | undefined;
  body: Buffer;
  now: number;
  maxAgeMs?: number;
}

/** Checks a request's signature and timestamp in constant time (for the MAC comparison). */
export function verifyIngestSignature(input: SignatureInput): SignatureCheck {
  const { signature, timestamp } = input;
  if (!signature || !timestamp || !/^\d{1,16}$/.test(timestamp))
    return { ok: false, reason: 'invalid signature' };
  const match = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
  if (!match) return { ok: false, reason: 'invalid signature' };
  const expected = createHmac('sha256', input.secret).update(`${timestamp}.`).update(input.body).digest();
  const given = Buffer.from((match[1] as string).toLowerCase(), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid signature' };
  // Checked after the MAC, so that an unsigned request learns nothing about the clock.
  const age = input.now - Number(timestamp);
  if (Math.abs(age) > (input.maxAgeMs ?? INGEST_MAX_AGE_MS)) return { ok: false, reason: 'stale timestamp' };
  return { ok: true };
}
