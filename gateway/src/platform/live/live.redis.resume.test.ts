import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import type { Socket } from 'socket.io-client';
import { PERM } from '@dms/shared/permissions/codes';
import {
  LIVE_COMMANDS,
  LIVE_EVENTS,
  type AlertChanged,
  type LiveResumed,
} from '@dms/shared/contracts/live/events';
import type { Ack } from '@dms/shared/contracts/live/session';
import { createApp, type App } from '../../app';
import { createStaff, startTestApp, type TestApp } from '../../testing/testing.app';
import { connectLive } from '../../testing/testing.live';
import { FakeRiskStore } from '../../testing/testing.replay';

const redisUrl = process.env.REDIS_URL;

// Two gateways on one store and one Redis stream: a client resumes on B what was raised through A, then
// receives A's next alert live, each once.
describe.skipIf(!redisUrl)('resume across instances with the Redis streams adapter', () => {
  const stream = `dms:test:${randomBytes(6).toString('hex')}`;
  const store = new FakeRiskStore();
  let a: TestApp;
  let b: App;
  let bUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    a = await startTestApp({
      env: { REDIS_URL: redisUrl },
      redisStreamName: stream,
      app: { liveReplay: store },
    });
    b = await createApp(a.config, {
      store: a.app.store,
      now: a.clock.now,
      redisStreamName: stream,
      liveReplay: store,
    });
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

  it('replays on one instance what another raised, then its live alerts, with no gap and no duplicate', async () => {
    const staff = await createStaff(a, { codes: [PERM.BACCARAT_MONITOR], providers: [1001] });
    // Raised through A before the client came back.
    FakeRiskStore.publish(a.app.publisher, store.storeAlert(1001));
    FakeRiskStore.publish(a.app.publisher, store.storeAlert(1001));
    const socket = await connectLive(bUrl, staff.token);
    sockets.push(socket);
    const seqs: number[] = [];
    socket.on(LIVE_EVENTS.alertRaised, (p: AlertChanged) => seqs.push(p.seq));
    // One more raised through A while B's replay reads the store.
    store.hooks.beforeRead = () => FakeRiskStore.publish(a.app.publisher, store.storeAlert(1001));
    const ack = (await socket.emitWithAck(LIVE_COMMANDS.resume, { v: 1, after: 0 })) as Ack<LiveResumed>;
    expect(ack).toEqual({ data: { replayed: 3, upTo: 3 } });
    FakeRiskStore.publish(a.app.publisher, store.storeAlert(1001));
    // Relays from A arrive in order: once the fourth is here, a duplicate of the third would have been too.
    await new Promise<void>((resolve) => {
      const check = () => {
        if (seqs.includes(4)) resolve();
        else socket.once(LIVE_EVENTS.alertRaised, () => setImmediate(check));
      };
      check();
    });
    expect(seqs).toEqual([1, 2, 3, 4]);
  });
});
