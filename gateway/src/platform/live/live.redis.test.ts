import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import type { Socket } from 'socket.io-client';
import { PERM } from '@dms/shared/permissions/codes';
import { permRoom } from '@dms/shared/contracts/live/rooms';
import { API_BASE } from '@dms/shared/contracts/http/paths';
import { createApp, type App } from '../../app';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../testing/testing.app';
import { connectLive, nextEvent } from '../../testing/testing.live';

const redisUrl = process.env.REDIS_URL;

// Two gateways in one process share one store and one Redis stream, as two processes behind a load
// balancer share PostgreSQL and Redis.
describe.skipIf(!redisUrl)('scale-out with the Redis streams adapter', () => {
  const stream = `dms:test:${randomBytes(6).toString('hex')}`;
  let a: TestApp;
  let b: App;
  let bUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    a = await startTestApp({ env: { REDIS_URL: redisUrl }, redisStreamName: stream });
    b = await createApp(a.config, { store: a.app.store, now: a.clock.now, redisStreamName: stream });
    bUrl = (await b.listen()).url;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await b?.close();
    await a?.close();
    if (redisUrl) {
      const client = createClient({ url: redisUrl });
      await client.connect();
      await client.del(stream);
      await client.close();
    }
  });

  it('delivers an event emitted to a room on instance A to a client connected to instance B', async () => {
    const socket = await connectLive(bUrl, a.adminToken);
    sockets.push(socket);
    const got = nextEvent<{ n: number }>(socket, 'probe');
    a.app.io.to(permRoom(PERM.BACCARAT_MONITOR)).emit('probe', { n: 42 });
    expect(await got).toEqual({ n: 42 });
  });

  it('disconnects, from instance A, the socket on instance B of a session that logs out there', async () => {
    const token = await a.login('admin', ADMIN_PASSWORD);
    const socket = await connectLive(bUrl, token);
    sockets.push(socket);
    const gone = nextEvent<string>(socket, 'disconnect');
    expect((await a.call('POST', '/user/logout', { token })).body.code).toBe(0);
    expect(await gone).toBe('io server disconnect');
  });

  it('counts login attempts of one address and account on both instances together (DMS_LOGIN_RATE in all)', async () => {
    const username = `nobody-${randomBytes(4).toString('hex')}`;
    const attempt = async (url: string) => {
      const res = await fetch(`${url}${API_BASE}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'wrong-password' }),
      });
      return { status: res.status, code: ((await res.json()) as { code: number }).code };
    };
    const limit = a.config.loginRatePerMinute;
    const answers = [];
    for (let i = 0; i < limit; i++) answers.push(await attempt(i % 2 === 0 ? a.url : bUrl));
    expect(answers.filter((r) => r.status === 429)).toEqual([]);
    // Each instance has seen about half the limit: only a shared count refuses the next attempt.
    expect(await attempt(bUrl)).toEqual({ status: 429, code: -1 });
    expect(await attempt(a.url)).toEqual({ status: 429, code: -1 });
  });

  it('counts failed attempts of one address across account names on both instances together (DMS_LOGIN_IP_RATE)', async () => {
    const pairStream = `${stream}:ip`;
    const c = await startTestApp({
      env: { REDIS_URL: redisUrl, DMS_LOGIN_IP_RATE: '4' },
      redisStreamName: pairStream,
    });
    const d = await createApp(c.config, {
      store: c.app.store,
      now: c.clock.now,
      redisStreamName: pairStream,
    });
    const dUrl = (await d.listen()).url;
    try {
      const attempt = async (url: string, i: number) =>
        (
          await fetch(`${url}${API_BASE}/user/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: `sprayed-${i}`, password: 'wrong-password' }),
          })
        ).status;
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push(await attempt(i % 2 === 0 ? c.url : dUrl, i));
      expect(statuses).toEqual([401, 401, 401, 401]);
      expect(await attempt(dUrl, 4)).toBe(429);
      expect(await attempt(c.url, 5)).toBe(429);
    } finally {
      await d.close();
      await c.close();
      const client = createClient({ url: redisUrl });
      await client.connect();
      await client.del(pairStream);
      await client.close();
    }
  });
});
