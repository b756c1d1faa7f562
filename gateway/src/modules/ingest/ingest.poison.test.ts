import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@dms/shared/contracts/http/paths';
import type { IngestResult } from '@dms/shared/contracts/events/platform';
import type { Envelope } from '@dms/shared/contracts/envelope';
import { startTestApp, type TestApp } from '../../testing/testing.app';
import { ev } from '../../engine/events.fixtures';
import { countRows } from '../../engine/events.testing';
import { INGEST_PATH } from './ingest.routes';
import { signIngest } from './ingest.signature';

// A poison event (text PostgreSQL cannot store) is refused by validation, by its index, like any bad
// event: it never reaches a write transaction, so the good events of its batch and of other senders
// writing at the same time are stored, on SQLite and on PostgreSQL alike.

const secret = 'poison-test-ingest-secret';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { DMS_INGEST_SECRET: secret, DMS_FEED: 'ingest' } });
});
afterAll(async () => {
  await t?.close();
});

async function send(events: unknown[]): Promise<{ status: number; body: Envelope<IngestResult> }> {
  const body = JSON.stringify({ events });
  const timestamp = Date.now();
  const res = await fetch(`${t.url}${API_BASE}${INGEST_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-dms-timestamp': String(timestamp),
      'x-dms-signature': signIngest(secret, timestamp, body),
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as Envelope<IngestResult> };
}

const now = Date.now();

describe('a poison event in an ingest batch', () => {
  it('is refused by its index while its batch and other senders in the same window are stored', async () => {
    const poisoned = [
      ev.login({ id: 'poison-a-1', ts: now - 3000, account: 'alice' }),
      ev.login({ id: 'poison-a-2', ts: now - 2000, account: 'p\u0000' }),
      ev.transfer({ id: 'poison-a-3', ts: now - 1000, account: 'alice' }),
      ev.bonus({ id: 'poison-a-4', ts: now - 900, kind: 'rebate\u202e' }),
    ];
    const others = [
      [ev.login({ id: 'poison-b-1', ts: now - 500, playerId: 2, account: 'bob' })],
      [ev.transfer({ id: 'poison-c-1', ts: now - 400, playerId: 3, account: 'carol' })],
    ];
    // Sent together, so that the pipeline writes them within one window.
    const [a, b, c] = await Promise.all([send(poisoned), ...others.map(send)]);
    expect(a?.status).toBe(200);
    expect(a?.body.data).toEqual({
      accepted: 2,
      duplicates: 0,
      refused: [
        { index: 1, id: 'poison-a-2', reason: 'account: must not contain control characters' },
        { index: 3, id: 'poison-a-4', reason: 'kind: must not contain bidirectional control characters' },
      ],
    });
    expect(b?.body).toMatchObject({ code: 0, data: { accepted: 1, refused: [] } });
    expect(c?.body).toMatchObject({ code: 0, data: { accepted: 1, refused: [] } });
    expect(await countRows(t.app.store, 'login_record')).toBe(2);
    expect(await countRows(t.app.store, 'transfer_record')).toBe(2);
    expect(await countRows(t.app.store, 'bonus_record')).toBe(0);
  });

  it('keeps being refused on a retry while the good events read as duplicates', async () => {
    const retry = await send([
      ev.login({ id: 'poison-a-1', ts: now - 3000, account: 'alice' }),
      ev.login({ id: 'poison-a-2', ts: now - 2000, account: 'p\u0000' }),
    ]);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({ accepted: 0, duplicates: 1, refused: [{ index: 1 }] });
  });
});
