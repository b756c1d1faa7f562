/**
 * A process running the gateway's engine with the risk runner on a SQLite file, for the kill test
 * (`riskRunner.kill.test.ts`): `node --import tsx riskRunner.killChild.ts <dataDir>`. The detector and
 * sink are the test doubles of `riskRunner.testing.ts`. Logs JSON lines on stdout; stops gracefully on
 * SIGTERM (the test kills it with SIGKILL the other times).
 */
import { openStore } from '../../platform/db/db.store';
import { createLogger } from '../../platform/logger/logger';
import { loadEngineConfig } from '../engine.config';
import { createEngine } from '../engine.start';
import {
  CountingDetector,
  TableSink,
  createTestOutputTable,
  type CountOutput,
  type CountSnapshot,
} from './riskRunner.testing';

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: riskRunner.killChild.ts <dataDir>');
  const { store } = await openStore({
    dataDir,
    seed: { now: Date.now, adminPasswordHash: async () => 'not-a-hash' },
  });
  await createTestOutputTable(store);
  const holder = `child-${process.pid}`;
  const engine = createEngine<CountOutput, CountSnapshot>({
    store,
    config: loadEngineConfig({}),
    logger: createLogger('info'),
    risk: {
      createDetector: (snapshot) => new CountingDetector(snapshot),
      sink: new TableSink(holder),
      holder,
      tuning: {
        leaseMs: Number(process.env.KILL_LEASE_MS ?? 1000),
        renewMs: 200,
        pollMs: 50,
        chunkSize: 40,
        snapshotEvery: 150,
        snapshotMs: 1000,
        // Killed while a snapshot's pieces are written too: a restart reads only whole, committed ones.
        snapshotPieceChars: 40,
      },
    },
  });
  engine.start();
  process.stdout.write(`${JSON.stringify({ msg: 'child ready', pid: process.pid })}\n`);
  process.once('SIGTERM', () => {
    void engine
      .stop()
      .then(() => store.close())
      .then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
