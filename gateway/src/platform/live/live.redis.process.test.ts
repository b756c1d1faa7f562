import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import type { Socket } from 'socket.io-client';
import { PERM } from '@dms/shared/permissions/codes';
import {
  LIVE_EVENTS,
  LIVE_PACK,
  type AlertChanged,
  type BetsPlaced,
  type RoundStarted,
} from '@dms/shared/contracts/live/events';
import { createStaff, startTestApp, type TestApp } from '../../testing/testing.app';
import { tempDir } from '../../testing/testing.store';
import { connectLive, nextEvent } from '../../testing/testing.live';

const redisUrl = process.env.REDIS_URL;
const CHILD = fileURLToPath(new URL('../../testing/testing.liveChild.ts', import.meta.url));

const bets = (provider: number, roundId: string, id: string): BetsPlaced => ({
  v: 1,
  providers: [provider],
  roundId,
  gameId: 1,
  tableId: 'T1',
  bets: [{ id, provider, currency: 'CNY', account: 'alice', betType: 'banker', amount: 100, ts: 1 }],
});
const started = (provider: number, roundId: string): RoundStarted => ({
  v: 1,
  providers: [provider],
  roundId,
  gameId: 1,
  tableId: 'T1',
  shoeId: 'S1',
  startedAt: 1,
});

const alert = (seq: number, provider: number): AlertChanged => ({
  v: 1,
  seq,
  providers: [provider],
  alert: {
    id: seq,
    kind: 'crossbet',
    level: 3,
    state: 'open',
    subject: `ring-${seq}`,
    raisedAt: 1_763_800_000_000,
  },
});

// Two gateway processes sharing one Redis stream: this test's and a child's. An alert published by the
// child (where the risk engine would run) reaches the sockets of this process, by their screens and providers.
describe.skipIf(!redisUrl)('scale-out across two processes with the Redis streams adapter', () => {
  const stream = `dms:test:${randomBytes(6).toString('hex')}`;
  let t: TestApp;
  let child: ChildProcess;
  const answers: Record<string, unknown>[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp({ env: { REDIS_URL: redisUrl }, redisStreamName: stream });
    child = spawn(process.execPath, ['--import', 'tsx', CHILD, tempDir(), stream], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, REDIS_URL: redisUrl },
    });
    let buffer = '';
    const ready = new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
      child.stdout?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        const parts = buffer.split('\n');
        buffer = parts.pop() ?? '';
        for (const line of parts) {
          const answer = JSON.parse(line) as Record<string, unknown>;
          answers.push(answer);
          if (answer.ready) resolve();
        }
      });
    });
    await ready;
  }, 60_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    if (redisUrl) {
      const client = createClient({ url: redisUrl });
      await client.connect();
      await client.del(stream);
      await client.close();
    }
  });

  const publishInChild = (payload: AlertChanged) =>
    child.stdin?.write(`${JSON.stringify({ event: LIVE_EVENTS.alertRaised, payload })}\n`);

  it('delivers an alert raised in the other process to the permitted sockets here, and to no other', async () => {
    const p1 = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1001] });
    const p2 = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1002] });
    const a = await connectLive(t.url, p1.token);
    const b = await connectLive(t.url, p2.token);
    sockets.push(a, b);
    const toA: AlertChanged[] = [];
    const toB: AlertChanged[] = [];
    a.on(LIVE_EVENTS.alertRaised, (p: AlertChanged) => toA.push(p));
    b.on(LIVE_EVENTS.alertRaised, (p: AlertChanged) => toB.push(p));
    const firstOnA = nextEvent<AlertChanged>(a, LIVE_EVENTS.alertRaised);
    const firstOnB = nextEvent<AlertChanged>(b, LIVE_EVENTS.alertRaised);
    publishInChild(alert(1, 1001));
    publishInChild(alert(2, 1002));
    expect(await firstOnA).toEqual(alert(1, 1001));
    expect(await firstOnB).toEqual(alert(2, 1002));
    // The child relays in order: once B has the second, A's share of both has arrived.
    expect(toA.map((p) => p.seq)).toEqual([1]);
    expect(toB.map((p) => p.seq)).toEqual([2]);
  });

  it("delivers the other process's round streams of one turn as one live:pack, in order, to its provider's sockets only", async () => {
    const p1 = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1001] });
    const p2 = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1002] });
    // Not unpacked: the messages as they come over the wire.
    const [a, b] = [
      await connectLive(t.url, p1.token, undefined, false),
      await connectLive(t.url, p2.token, undefined, false),
    ];
    sockets.push(a, b);
    const toA: unknown[][] = [];
    const toB: unknown[][] = [];
    a.onAny((event: string, payload: unknown) => toA.push([event, payload]));
    b.onAny((event: string, payload: unknown) => toB.push([event, payload]));
    const firstOnA = nextEvent(a, LIVE_PACK);
    const firstOnB = nextEvent(b, LIVE_EVENTS.betsPlaced);
    const turn = [
      { event: LIVE_EVENTS.betsPlaced, payload: bets(1001, 'R1', 'b1') },
      { event: LIVE_EVENTS.roundStarted, payload: started(1001, 'R2') },
      { event: LIVE_EVENTS.betsPlaced, payload: bets(1001, 'R1', 'b2') },
    ];
    child.stdin?.write(`${JSON.stringify({ round: turn })}\n`);
    // The next turn: provider 1002's one event, sent as itself.
    child.stdin?.write(
      `${JSON.stringify({ round: [{ event: LIVE_EVENTS.betsPlaced, payload: bets(1002, 'R9', 'b9') }] })}\n`,
    );
    expect(await firstOnA).toEqual(turn.map(({ event, payload }) => [event, payload]));
    expect(await firstOnB).toEqual(bets(1002, 'R9', 'b9'));
    // The child sent 1002's turn after 1001's: A's share had arrived, and B had nothing of it.
    expect(toA).toEqual([[LIVE_PACK, turn.map(({ event, payload }) => [event, payload])]]);
    expect(toB).toEqual([[LIVE_EVENTS.betsPlaced, bets(1002, 'R9', 'b9')]]);
  });
});
