import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { signIngest, verifyIngestSignature } from './ingest.signature';

const secret = 'a-shared-secret-of-some-length';
const body = Buffer.from('{"events":[]}');
const now = 1_700_000_000_000;

describe('ingest signatures', () => {
  it('signs HMAC-SHA256 over "timestamp.body" as sha256=<hex>', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body.toString()}`).digest('hex');
    expect(signIngest(secret, now, body)).toBe(`sha256=${expected}`);
  });

  it('accepts a good signature with a fresh timestamp', () => {
    expect(
      verifyIngestSignature({
        secret,
        signature: signIngest(secret, now, body),
        timestamp: String(now),
        body,
        now,
      }),
    ).toEqual({ ok: true });
  });

  it('accepts the hex digest in capitals', () => {
    const signature = signIngest(secret, now, body)
      .replace(/[a-f]/g, (c) => c.toUpperCase())
      .replace('SHA256', 'sha256');
    expect(verifyIngestSignature({ secret, signature, timestamp: String(now), body, now }).ok).toBe(true);
  });

  it('refuses a missing signature or timestamp', () => {
    expect(
      verifyIngestSignature({ secret, signature: undefined, timestamp: String(now), body, now }),
    ).toEqual({ ok: false, reason: 'invalid signature' });
    expect(
      verifyIngestSignature({
        secret,
        signature: signIngest(secret, now, body),
        timestamp: undefined,
        body,
        now,
      }),
    ).toEqual({
      ok: false,
      reason: 'invalid signature',
    });
  });

  it('refuses a signature made with another secret, over another body or another timestamp', () => {
    const check = (signature: string) =>
      verifyIngestSignature({ secret, signature, timestamp: String(now), body, now });
    expect(check(signIngest('another-secret-entirely', now, body)).ok).toBe(false);
    expect(check(signIngest(secret, now, Buffer.from('{"events":[1]}'))).ok).toBe(false);
    expect(check(signIngest(secret, now + 1, body)).ok).toBe(false);
    expect(check('sha256=abc').ok).toBe(false);
    expect(check('md5=' + 'a'.repeat(64)).ok).toBe(false);
  });

  it('refuses a well-signed request older or newer than five minutes as stale', () => {
    const old = now - 5 * 60_000 - 1;
    expect(
      verifyIngestSignature({
        secret,
        signature: signIngest(secret, old, body),
        timestamp: String(old),
        body,
        now,
      }),
    ).toEqual({
      ok: false,
      reason: 'stale timestamp',
    });
    const ahead = now + 5 * 60_000 + 1;
    expect(
      verifyIngestSignature({
        secret,
        signature: signIngest(secret, ahead, body),
        timestamp: String(ahead),
        body,
        now,
      }).ok,
    ).toBe(false);
    const edge = now - 5 * 60_000;
    expect(
      verifyIngestSignature({
        secret,
        signature: signIngest(secret, edge, body),
        timestamp: String(edge),
        body,
        now,
      }).ok,
    ).toBe(true);
  });
});
