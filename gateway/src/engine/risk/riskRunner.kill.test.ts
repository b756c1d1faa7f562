import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openStore, type Store } from '../../platform/db/db.store';
import { tempDir } from '../../testing/testing.store';
import { EventBatchWriter } from '../batch.service';
import { DayCutter } from '../events.mapper';
import { EventsRepository } from '../events.repository';
import { RiskInputRepository } from './riskInput.repository';
import { START_POSITION, comparePositions } from './riskPosition';
import { roundsEvents } from './riskRunner.fixtures';
import { RiskRunnerRepository } from './riskRunner.repository';
import { createTestOutputTable, readTestOutputs } from './riskRunner.testing';

// The gateway's engine with the risk runner runs in a child process on a SQLite file (always SQLite: a
// file that two processes share) while this process writes events into the same file, and the child is
// killed with SIGKILL at random moments, many times. At the end every settled round must have been given
// to the detector exactly once in effect, in commit order, and no output stored twice.
const KILLS = Number(process.env.DMS_KILL_TEST_KILLS ?? 20);
const CHILD = fileURLToPath(new URL('./riskRunner.killChild.ts', import.meta.url));
const dataDir = tempDir('dms-kill-');
let store: Store | undefined;

afterAll(async () => {
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A small deterministic random source (the kill moments), so a failing run can be run again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Child {
  process: ChildProcess;
  exited: Promise<number | null>;
  /** JSON lines the child logged. */
  lines: Record<string, unknown>[];
}

function startChild(): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'info' },
  });
  const lines: Record<string, unknown>[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // Not a log line.
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, exited, lines };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

describe('the risk runner killed with SIGKILL', () => {
  it(`gives every settled round to the detector exactly once in effect and stores no output twice, across ${KILLS} kills`, async () => {
    const opened = await openStore({
      dataDir,
      seed: { now: Date.now, adminPasswordHash: async () => 'not-a-hash' },
    });
    store = opened.store;
    const s = store;
    await createTestOutputTable(s);
    const writer = new EventBatchWriter(EventsRepository.of(s), new DayCutter('Asia/Shanghai'));
    const rand = random(Number(process.env.DMS_KILL_TEST_SEED ?? 7357));

    // Events flow all along: a batch of 8 to 24 rounds every 100 ms, until the kills are done.
    let killing = true;
    let rounds = 0;
    const writing = (async () => {
      while (killing) {
        const n = 8 + Math.floor(rand() * 17);
        await writer.write(roundsEvents(rounds, rounds + n));
        rounds += n;
        await sleep(100);
      }
    })();

    const children: Child[] = [];
    let killedAfterReady = 0;
    for (let k = 0; k < KILLS; k++) {
      const child = startChild();
      children.push(child);
      // Every other kill comes at a random moment from the spawn (often before the child is up: tsx
      // compiles it, the store opens, it waits for the dead one's lease); the others at a random moment
      // once it has taken the lease and works.
      if (k % 2 === 1)
        await until(() => child.lines.some((l) => l.msg === 'risk runner: took the lease'), 60_000);
      await sleep(100 + rand() * 1900);
      if (child.lines.some((l) => l.msg === 'child ready')) killedAfterReady += 1;
      child.process.kill('SIGKILL');
      await child.exited;
    }
    killing = false;
    await writing;

    // A last child runs until it has caught up, and stops gracefully.
    const reader = RiskInputRepository.of(s);
    let last = START_POSITION;
    let inputs = 0;
    for (let chunk = await reader.read(last, 1000); chunk.length > 0; chunk = await reader.read(last, 1000)) {
      last = chunk[chunk.length - 1]?.position ?? last;
      inputs += chunk.length;
    }
    const final = startChild();
    children.push(final);
    const runnerRepo = new RiskRunnerRepository(s);
    // The last killed child may have caught up already: the final one must be running before it is stopped.
    await until(() => final.lines.some((l) => l.msg === 'risk runner: restored the detector'), 120_000);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const checkpoint = await runnerRepo.checkpoint('all', Date.now());
      if (comparePositions(checkpoint.position, last) === 0) break;
      if (Date.now() > deadline)
        throw new Error(`the runner did not catch up: ${JSON.stringify(checkpoint)}`);
      await sleep(100);
    }
    final.process.kill('SIGTERM');
    expect(await final.exited).toBe(0);

    const settled = await sql<{ id: string; seq: number }>`select id, settled_seq as seq from game_round
      where settled_seq is not null order by settled_seq, settled_at, id`.execute(s.db);
    const outputs = await readTestOutputs(s);
    const restores = children.flatMap((c) =>
      c.lines.filter((l) => l.msg === 'risk runner: restored the detector'),
    );
    const replayed = restores.reduce((sum, l) => sum + Number(l.replayed ?? 0), 0);
    const holders = new Set(outputs.map((o) => o.holder));
    console.log(
      `kill test: ${KILLS} kills (${killedAfterReady} after the child was up), ${rounds} rounds in ` +
        `${settled.rows.length} settled, ${inputs} inputs, ${outputs.length} outputs stored by ${holders.size} processes, ` +
        `${restores.length} restores replaying ${replayed} inputs`,
    );

    expect(settled.rows.length).toBe(rounds);
    // No output stored twice, none missing: one per settled round, in commit order …
    expect(outputs.map((o) => o.round_id)).toEqual(settled.rows.map((r) => r.id));
    // … numbered 1..n by the detector: none given to it twice in effect, none skipped, across restores.
    expect(outputs.map((o) => o.n)).toEqual(settled.rows.map((_, i) => i + 1));
    // Every commit that settled a round is in the outputs.
    expect([...new Set(outputs.map((o) => o.seq))]).toEqual([
      ...new Set(settled.rows.map((r) => Number(r.seq))),
    ]);
    expect((await runnerRepo.checkpoint('all', Date.now())).inputs).toBe(inputs);
    // The test did what it says: children were killed while working, and restored from snapshots.
    expect(killedAfterReady).toBeGreaterThanOrEqual(Math.floor(KILLS / 2));
    expect(holders.size).toBeGreaterThan(2);
    expect(restores.some((l) => l.snapshot !== null && Number(l.replayed) > 0)).toBe(true);
  }, 600_000);
});
