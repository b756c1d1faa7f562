import { sql } from 'kysely';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { API_BASE } from '@dms/shared/contracts/http/paths';
import { INGEST_MAX_EVENTS, type IngestResult } from '@dms/shared/contracts/events/platform';
import type { Envelope } from '@dms/shared/contracts/envelope';
import type { TestStore } from '../../testing/testing.store';
import { EventBatchWriter } from '../../engine/batch.service';
import { DayCutter } from '../../engine/events.mapper';
import { EventsRepository } from '../../engine/events.repository';
import { EventPipeline } from '../../engine/pipeline.service';
import { ev } from '../../engine/events.fixtures';
import { countRows, openEventsTestStore } from '../../engine/events.testing';
import { readRollups } from '../../engine/rollup.repository';
import { INGEST_PATH, ingestRouter } from './ingest.routes';
import { signIngest } from './ingest.signature';

const secret = 'ingest-secret-for-tests-only';
let test: TestStore;
let pipeline: EventPipeline;
let server: Server;
let url: string;

beforeAll(async () => {
  test = await openEventsTestStore();
  pipeline = new EventPipeline(
    new EventBatchWriter(EventsRepository.of(test.store), new DayCutter('Asia/Shanghai')),
    {
      now: Date.now,
    },
  );
  pipeline.start();
  const app = express();
  app.use(
    API_BASE,
    ingestRouter({ secret, ratePerMinute: 1000, submit: (events) => pipeline.submit(events) }),
  );
  // A small limit on a second mount, to see the rate limiter answer.
  app.use(
    '/limited',
    ingestRouter({ secret, ratePerMinute: 2, submit: (events) => pipeline.submit(events) }),
  );
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await pipeline.stop();
  await test.dispose();
});

interface PostOptions {
  signature?: string | null;
  timestamp?: number;
  path?: string;
}

async function post(
  body: string | object,
  o: PostOptions = {},
): Promise<{ status: number; body: Envelope<IngestResult> }> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = o.timestamp ?? Date.now();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-dms-timestamp': String(timestamp),
  };
  const signature = o.signature === undefined ? signIngest(secret, timestamp, text) : o.signature;
  if (signature !== null) headers['x-dms-signature'] = signature;
  const res = await fetch(`${url}${o.path ?? API_BASE}${INGEST_PATH}`, {
    method: 'POST',
    headers,
    body: text,
  });
  return { status: res.status, body: (await res.json()) as Envelope<IngestResult> };
}

const now = Date.now();
const batch = () => [
  ev.login({ id: 'ing-login-1', ts: now - 1000 }),
  ev.round({ roundId: 'ing-r1', id: 'ing-rs-1', ts: now - 900 }),
  ev.bet({ transactionId: 'ing-tx-1', roundId: 'ing-r1', ts: now - 800 }),
  ev.settled({
    id: 'ing-st-1',
    roundId: 'ing-r1',
    ts: now - 500,
    payouts: [{ transactionId: 'ing-tx-1', playerId: 1, payout: 0 }],
  }),
];

describe('POST /ingest/events', () => {
  it('stores a signed batch without a user token and answers after commit', async () => {
    const res = await post({ events: batch() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, msg: 'success', data: { accepted: 4, duplicates: 0, refused: [] } });
    expect(await countRows(test.store, 'bet_record')).toBe(1);
    const round = await sql<{
      settlement_id: string | null;
    }>`select settlement_id from game_round where id = 'ing-r1'`.execute(test.store.db);
    expect(round.rows).toEqual([{ settlement_id: 'ing-st-1' }]);
  });

  it('changes nothing when the same batch is sent again: all duplicates, roll-ups unchanged', async () => {
    const before = await readRollups(test.store.db);
    const res = await post({ events: batch() });
    expect(res.body.data).toEqual({ accepted: 0, duplicates: 4, refused: [] });
    expect(await readRollups(test.store.db)).toEqual(before);
  });

  it('refuses bad events with index and reason and keeps the good ones of the batch', async () => {
    const res = await post({
      events: [
        ev.login({ id: 'ing-login-2', ts: now }),
        { ...ev.login({ id: 'ing-login-3' }), ip: 'nowhere' },
        { type: 'bet.placed', id: 'half-a-bet' },
        ev.transfer({ id: 'ing-tr-1', ts: now, amount: 1e14 }),
        ev.transfer({ id: 'ing-tr-2', ts: now }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.accepted).toBe(2);
    expect(res.body.data.refused).toEqual([
      { index: 1, id: 'ing-login-3', reason: 'ip: not an IP address' },
      { index: 2, id: 'half-a-bet', reason: expect.any(String) },
      { index: 3, id: 'ing-tr-1', reason: expect.stringMatching(/^amount: /) },
    ]);
    expect(await countRows(test.store, 'transfer_record')).toBe(1);
  });

  it('answers 401 "invalid signature" to a missing or wrong signature, and stores nothing', async () => {
    const missing = await post({ events: [ev.login({ id: 'ing-unsigned', ts: now })] }, { signature: null });
    expect(missing).toEqual({
      status: 401,
      body: { code: -1, msg: 'invalid signature', data: null, key: 'ingest.invalidSignature' },
    });
    const wrong = await post(
      { events: [ev.login({ id: 'ing-unsigned', ts: now })] },
      { signature: signIngest('some-other-secret!!', now, 'x') },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.msg).toBe('invalid signature');
    const text = JSON.stringify({ events: [ev.login({ id: 'ing-unsigned', ts: now })] });
    const tampered = await post(text.replace('ing-unsigned', 'ing-tampered'), {
      signature: signIngest(secret, now, text),
      timestamp: now,
    });
    expect(tampered.status).toBe(401);
    expect(await countRows(test.store, 'login_record')).toBe(2);
  });

  it('answers 401 "stale timestamp" to a correctly signed request older than five minutes', async () => {
    const res = await post(
      { events: [ev.login({ id: 'ing-old', ts: now })] },
      { timestamp: Date.now() - 6 * 60_000 },
    );
    expect(res).toEqual({
      status: 401,
      body: { code: -1, msg: 'stale timestamp', data: null, key: 'ingest.staleTimestamp' },
    });
  });

  it(`answers 413 to a batch of more than ${INGEST_MAX_EVENTS} events and to a body over 5 MB`, async () => {
    const many = Array.from({ length: INGEST_MAX_EVENTS + 1 }, (_, i) =>
      ev.login({ id: `ing-many-${i}`, ts: now }),
    );
    const tooMany = await post({ events: many });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.code).toBe(-1);
    const huge = await post(JSON.stringify({ events: [], pad: 'x'.repeat(5 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe(-1);
  });

  it('answers 400 to signed bodies that are not a batch', async () => {
    expect((await post('{not json')).status).toBe(400);
    expect((await post({ events: [] })).status).toBe(400);
    expect((await post({ nope: 1 })).body).toMatchObject({
      code: -1,
      msg: 'events: expected an array of events',
    });
  });

  it('limits the request rate per client with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await post({ events: [ev.login({ id: `ing-rate-${i}`, ts: now })] }, { path: '/limited' })).status,
      );
    expect(statuses).toEqual([200, 200, 429]);
  });
});
