import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { PERM } from '@dms/shared/permissions/codes';
import { LIVE_COMMANDS, SEQ_EVENTS, type LiveResumed } from '@dms/shared/contracts/live/events';
import type { Ack } from '@dms/shared/contracts/live/session';
import { createApp, type App } from '../../app';
import { createStaff, startTestApp, type TestApp } from '../../testing/testing.app';
import { connectLive } from '../../testing/testing.live';
import { FakeRiskStore } from '../../testing/testing.replay';

let t: TestApp;
const store = new FakeRiskStore();
const open: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp({ app: { liveReplay: store } });
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

/** The seqs of findings and alerts a socket receives, in order. */
function seqsOf(socket: Socket): number[] {
  const seqs: number[] = [];
  socket.onAny((name: string, payload: { seq?: number }) => {
    if ((SEQ_EVENTS as readonly string[]).includes(name) && payload.seq !== undefined) seqs.push(payload.seq);
  });
  return seqs;
}

async function resume(socket: Socket, after: number): Promise<LiveResumed> {
  const ack = (await socket.emitWithAck(LIVE_COMMANDS.resume, { v: 1, after })) as Ack<LiveResumed>;
  if ('error' in ack) throw new Error(ack.error.msg);
  return ack.data;
}

/** Resolves once every socket answered a ping (what was sent before it has arrived). */
async function settled(sockets: Socket[]): Promise<void> {
  const got = sockets.map((s) => new Promise<void>((resolve) => s.once('marker', () => resolve())));
  t.app.io.emit('marker');
  await Promise.all(got);
}

const storeAndPublish = (app: Pick<App, 'publisher'>, provider = 1001) =>
  FakeRiskStore.publish(app.publisher, store.storeAlert(provider));

describe('live:resume', () => {
  it('replays exactly what a dropped connection missed, then the live stream: no gap, no duplicate', async () => {
    const staff = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR, PERM.RISK_DATA], providers: [1001] });
    const first = await connectLive(t.url, staff.token);
    open.push(first);
    const before = seqsOf(first);
    const base = (await resume(first, await store.head())).upTo;
    for (let i = 0; i < 3; i++) storeAndPublish(t.app);
    await settled([first]);
    expect(before).toEqual([base + 1, base + 2, base + 3]);
    first.close();

    // While away: two alerts of its provider, one of another provider, one player of its provider (8000).
    storeAndPublish(t.app);
    storeAndPublish(t.app, 1002);
    FakeRiskStore.publish(t.app.publisher, store.storePlayer(1001));
    storeAndPublish(t.app);

    const again = await connectLive(t.url, staff.token);
    open.push(again);
    const after = seqsOf(again);
    const done = await resume(again, base + 3);
    storeAndPublish(t.app);
    await settled([again]);
    expect(after).toEqual([base + 4, base + 6, base + 7, base + 8]);
    expect(done).toEqual({ replayed: 3, upTo: base + 7 });
  });

  it('sends a change once when it is stored during the replay and published after it', async () => {
    const staff = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1001] });
    const socket = await connectLive(t.url, staff.token);
    open.push(socket);
    const seqs = seqsOf(socket);
    const base = await store.head();
    storeAndPublish(t.app);
    // Stored before the resume reads the store (so replayed), published live only after the replay.
    let late: ReturnType<FakeRiskStore['storeAlert']> | undefined;
    store.hooks.beforeRead = () => {
      late = store.storeAlert(1001);
    };
    const done = await resume(socket, base);
    if (late) FakeRiskStore.publish(t.app.publisher, late);
    // Stored and published after the replay: it follows, once.
    storeAndPublish(t.app);
    await settled([socket]);
    expect(seqs).toEqual([base + 1, base + 2, base + 3]);
    expect(done.upTo).toBe(base + 2);
  });

  it('holds live changes published while the replay runs and sends them after it, once', async () => {
    const staff = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1001] });
    const socket = await connectLive(t.url, staff.token);
    open.push(socket);
    const seqs = seqsOf(socket);
    const base = await store.head();
    const missed = store.storeAlert(1001, 'player');
    store.hooks.beforeRead = () => {
      // Published during the read: already in the store (replayed), and the next one only live.
      FakeRiskStore.publish(t.app.publisher, missed);
      FakeRiskStore.publish(t.app.publisher, store.storeAlert(1001, 'player'));
    };
    await resume(socket, base);
    await settled([socket]);
    expect(seqs).toEqual([base + 1, base + 2]);
  });

  it('replays nothing of screens or providers outside the socket’s access', async () => {
    const staff = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1002] });
    const base = await store.head();
    store.storeAlert(1001);
    store.storePlayer(1002);
    const mine = store.storeAlert(1002);
    const socket = await connectLive(t.url, staff.token);
    open.push(socket);
    const seqs = seqsOf(socket);
    expect(await resume(socket, base)).toEqual({ replayed: 1, upTo: base + 3 });
    await settled([socket]);
    expect(seqs).toEqual([mine.payload.seq]);
  });

  it('answers a second resume sent while the first runs with request.tooMany', async () => {
    const staff = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1001] });
    const socket = await connectLive(t.url, staff.token);
    open.push(socket);
    let release: () => void = () => undefined;
    store.hooks.hold = new Promise<void>((resolve) => (release = resolve));
    const first = socket.emitWithAck(LIVE_COMMANDS.resume, { v: 1, after: 0 }) as Promise<Ack<LiveResumed>>;
    const second = (await socket.emitWithAck(LIVE_COMMANDS.resume, { v: 1, after: 0 })) as Ack<LiveResumed>;
    expect('error' in second && second.error.key).toBe('request.tooMany');
    store.hooks.hold = undefined;
    release();
    expect('data' in (await first)).toBe(true);
  });

  it('replays after a gateway restart what was raised while it was down', async () => {
    const staff = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1001] });
    let gateway = await createApp(t.config, { store: t.app.store, now: t.clock.now, liveReplay: store });
    let url = (await gateway.listen()).url;
    const socket = await connectLive(url, staff.token);
    const seqs = seqsOf(socket);
    const base = (await resume(socket, await store.head())).upTo;
    storeAndPublish(gateway);
    await new Promise<void>((resolve) => {
      socket.once('disconnect', () => resolve());
      void gateway.close();
    });
    // Raised while no gateway runs: stored by the risk engine, pushed to nobody.
    store.storeAlert(1001);
    store.storeAlert(1001);
    gateway = await createApp(t.config, { store: t.app.store, now: t.clock.now, liveReplay: store });
    url = (await gateway.listen()).url;
    try {
      const back = await connectLive(url, staff.token);
      const later = seqsOf(back);
      const last = seqs[seqs.length - 1] ?? base;
      expect(await resume(back, last)).toEqual({ replayed: 2, upTo: base + 3 });
      storeAndPublish(gateway);
      const marker = new Promise<void>((resolve) => back.once('marker', () => resolve()));
      gateway.io.emit('marker');
      await marker;
      expect([...seqs, ...later]).toEqual([base + 1, base + 2, base + 3, base + 4]);
      socket.close();
      back.close();
    } finally {
      await gateway.close();
    }
  });
});
