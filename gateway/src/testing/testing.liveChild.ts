/**
 * A second gateway process for the two-process Redis test (`live.redis.process.test.ts`):
 * `node --import tsx testing.liveChild.ts <dataDir> <streamName>` with `REDIS_URL` set. It prints
 * `{"ready":true,"url":…}` once it listens, then reads JSON lines on stdin: `{event, payload}` is published
 * as a finding or alert change (as the risk sink does after its commit), answering `{"published":seq}`;
 * `{round: [{event, payload}, …]}` publishes round-stream events to the baccarat monitor's sockets of each
 * payload's first provider, all in one turn (as the feed's flush does), answering `{"published":n}`.
 * Stops on SIGTERM or when stdin closes.
 */
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PERM } from '@dms/shared/permissions/codes';
import type { SeqEventName, ServerEventName } from '@dms/shared/contracts/live/events';
import { loadConfig } from '../config/config';
import { createApp } from '../app';
import { audience, publishChange } from '../platform/live/live.publisher';

async function main(): Promise<void> {
  const [dataDir, stream] = process.argv.slice(2);
  if (!dataDir || !stream || !process.env.REDIS_URL)
    throw new Error('usage: REDIS_URL=… testing.liveChild.ts <dataDir> <stream>');
  const config = {
    ...loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DMS_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DMS_ADMIN_PASSWORD: 'child-secret',
      DMS_FEED: 'off',
      DMS_CLIENT_DIR: join(dataDir, 'no-client'),
      REDIS_URL: process.env.REDIS_URL,
    }),
    scryptLogN: 10,
  };
  const app = await createApp(config, { redisStreamName: stream });
  const { url } = await app.listen();
  process.stdout.write(`${JSON.stringify({ ready: true, url, pid: process.pid })}\n`);
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const order = JSON.parse(line) as
      | { event: SeqEventName; payload: { seq: number } }
      | { round: { event: ServerEventName; payload: { providers: number[] } }[] };
    if ('round' in order) {
      for (const { event, payload } of order.round)
        app.publisher.publish(
          event,
          payload as never,
          audience.scoped(PERM.BACCARAT_MONITOR, payload.providers[0] ?? 'all'),
        );
      process.stdout.write(`${JSON.stringify({ published: order.round.length })}\n`);
      return;
    }
    publishChange(app.publisher, order.event, order.payload as never);
    process.stdout.write(`${JSON.stringify({ published: order.payload.seq })}\n`);
  });
  lines.once('close', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
