import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEED_PROGRESSED,
  feedProgressedSchema,
  type FeedProgressed,
  type FeedStatus,
} from '@dms/shared/contracts/live/feed';
import type { IngestResult } from '@dms/shared/contracts/events/platform';
import { PERM } from '@dms/shared/permissions/codes';
import { createStaff, startTestApp, type TestApp } from '../../testing/testing.app';
import { connectLive } from '../../testing/testing.live';
import { ev } from '../../engine/events.fixtures';
import { signIngest } from '../ingest/ingest.signature';

const secret = 'feed-routes-test-secret';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { DMS_INGEST_SECRET: secret } });
});
afterAll(async () => {
  await t.close();
});

async function ingest(events: unknown[]) {
  const body = JSON.stringify({ events });
  const ts = Date.now();
  const res = await fetch(`${t.url}/api/ingest/events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-dms-timestamp': String(ts),
      'x-dms-signature': signIngest(secret, ts, body),
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as { code: number; data: IngestResult } };
}

describe('GET /feed/status', () => {
  it('answers any signed-in account, whatever its permissions', async () => {
    const staff = await createStaff(t, { codes: [PERM.RISK_DATA] });
    const res = await t.call<FeedStatus>('GET', '/feed/status', { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      source: 'off',
      state: 'off',
      ingest: true,
      historyFrom: null,
      historyTo: null,
    });
  });

  it('refuses a caller without a token with -2', async () => {
    const res = await t.call('GET', '/feed/status');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(-2);
  });

  it('counts the events the signed ingest stored, and pushes feed:progressed to signed-in sockets', async () => {
    const socket = await connectLive(t.url, t.adminToken);
    try {
      const pushed: FeedProgressed[] = [];
      socket.on(FEED_PROGRESSED, (p: FeedProgressed) => pushed.push(p));
      const now = Date.now();
      const res = await ingest([
        ev.login({ id: 'fs-login-1', ts: now - 2000 }),
        ev.login({ id: 'fs-login-2', ts: now - 1000 }),
      ]);
      expect(res.body).toMatchObject({ code: 0, data: { accepted: 2, duplicates: 0, refused: [] } });
      const status = await t.call<FeedStatus>('GET', '/feed/status', { token: t.adminToken });
      expect(status.body.data.eventsTotal).toBe(2);
      expect(status.body.data.lastEventAt).toBe(now - 1000);
      await expect.poll(() => pushed.find((p) => p.status.eventsTotal === 2), { timeout: 5000 }).toBeTruthy();
      for (const p of pushed) expect(feedProgressedSchema.safeParse(p).success).toBe(true);
      const seqs = pushed.map((p) => p.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    } finally {
      socket.close();
    }
  });

  it('needs no user token on the ingest endpoint, only the signature', async () => {
    const res = await ingest([ev.login({ id: 'fs-login-3', ts: Date.now() })]);
    expect(res.status).toBe(200);
    const unsigned = await fetch(`${t.url}/api/ingest/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: [ev.login({ id: 'fs-login-4', ts: Date.now() })] }),
    });
    expect(unsigned.status).toBe(401);
  });

  it("shows an account only its own providers' event counts, by REST and live; the super account all", async () => {
    const scoped = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1005], currencies: ['CNY'] });
    const socket = await connectLive(t.url, scoped.token);
    const admin = await connectLive(t.url, t.adminToken);
    try {
      const pushed: FeedProgressed[] = [];
      const pushedAdmin: FeedProgressed[] = [];
      socket.on(FEED_PROGRESSED, (p: FeedProgressed) => pushed.push(p));
      admin.on(FEED_PROGRESSED, (p: FeedProgressed) => pushedAdmin.push(p));
      const now = Date.now();
      const before = (await t.call<FeedStatus>('GET', '/feed/status', { token: t.adminToken })).body.data;
      const res = await ingest([
        ev.login({ id: 'fs-scope-1', ts: now - 3000, provider: 1001 }),
        ev.login({ id: 'fs-scope-2', ts: now - 2000, provider: 1002 }),
        ev.login({ id: 'fs-scope-3', ts: now - 1500, provider: 1005 }),
      ]);
      expect(res.body.data.accepted).toBe(3);
      const mine = (await t.call<FeedStatus>('GET', '/feed/status', { token: scoped.token })).body.data;
      expect(mine).toMatchObject({ eventsTotal: 1, lastEventAt: now - 1500 });
      const all = (await t.call<FeedStatus>('GET', '/feed/status', { token: t.adminToken })).body.data;
      expect(all.eventsTotal).toBe(before.eventsTotal + 3);
      await expect
        .poll(() => pushedAdmin.find((p) => p.status.eventsTotal === all.eventsTotal), { timeout: 5000 })
        .toBeTruthy();
      await expect.poll(() => pushed.at(-1)?.status.eventsTotal, { timeout: 5000 }).toBe(1);
      for (const p of pushed) expect(p.status.eventsTotal).toBeLessThanOrEqual(1);
    } finally {
      socket.close();
      admin.close();
    }
  });
});
