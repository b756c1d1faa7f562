/**
 * Benchmark of detection beside ingest (issue 9: "detection keeps up with 5,000 bets/s on this 2-core machine
 * beside ingest", its baseline the pipeline without detection in the same run).
 *
 *   npx tsx scripts/bench-detect.ts [--events 400000]   (or: npm run bench -- detect)
 *
 * The built-in simulator's events (seed `bench-detect`, 6,000 players, its colluders and look-alikes) are
 * written through the pipeline's writer in batches of 5,000 into a fresh SQLite store:
 *   - baseline: the pipeline alone (bets/s and events/s);
 *   - with detection: the same events into another fresh store, the risk runner with the real detector and
 *     the real store sink (findings, evidence, alerts, checkpoint) catching up after every batch, as it does
 *     after every commit in the gateway — one process, so the two share the CPU as they do in production.
 * Also the detector alone over the runner's inputs (bets/s), and the detector's state at the end (accounts,
 * pairs, rings, JSON bytes), which its expiry bounds. Prints a summary on stderr and one JSON line on stdout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Subject } from 'rxjs';
import type { PlatformEvent } from '../shared/src/contracts/events/platform';
import { DEFAULT_RISK_SETTINGS } from '../shared/src/contracts/http/riskSettings';
import { openStore, type Store } from '../gateway/src/platform/db/db.store';
import { EventBatchWriter } from '../gateway/src/engine/batch.service';
import { DayCutter } from '../gateway/src/engine/events.mapper';
import { EventsRepository } from '../gateway/src/engine/events.repository';
import { RiskRunner } from '../gateway/src/engine/risk/riskRunner.service';
import { createRiskDetector } from '../gateway/src/engine/risk/risk.detector';
import type { RiskFinding } from '../gateway/src/engine/risk/riskFinding';
import { RiskStoreSink } from '../gateway/src/modules/risk/risk.sink';
import { buildWorld } from '../gateway/src/feed/sim.world';
import { simulateDay } from '../gateway/src/feed/sim.day';

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2026, 0, 1) / DAY_MS;
const { values: args } = parseArgs({ options: { events: { type: 'string', default: '400000' } } });
const TARGET = Number(args.events);
const log = (msg: string) => process.stderr.write(`${msg}\n`);
const r2 = (n: number) => Math.round(n * 100) / 100;

function generate(): PlatformEvent[] {
  const world = buildWorld({
    seed: 'bench-detect',
    players: 6000,
    providers: [1001, 1002, 1003, 1004, 1005, 1006],
    currencies: ['CNY', 'USD', 'INR', 'THB', 'VND', 'PHP'],
    historyFrom: FIRST_DAY * DAY_MS,
    historyTo: (FIRST_DAY + 60) * DAY_MS,
  });
  const events: PlatformEvent[] = [];
  for (let day = FIRST_DAY; events.length < TARGET; day++) events.push(...simulateDay(world, day));
  events.length = TARGET;
  return events;
}

async function fresh<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'dms-bench-detect-'));
  const { store } = await openStore({ dataDir: dir, seed: { now: Date.now, adminPasswordHash: async () => 'b' } });
  try {
    return await work(store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function run(events: readonly PlatformEvent[], detect: boolean) {
  return fresh(async (store) => {
    const writer = new EventBatchWriter(EventsRepository.of(store), new DayCutter('Asia/Shanghai'));
    let outputs = 0;
    const runner = detect
      ? new RiskRunner<RiskFinding, unknown>({
          store,
          committed$: new Subject<void>(),
          sink: new RiskStoreSink(() => undefined),
          createDetector: (snapshot) => createRiskDetector(DEFAULT_RISK_SETTINGS, snapshot),
        })
      : undefined;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (let i = 0; i < events.length; i += 5000) {
      await writer.write(events.slice(i, i + 5000));
      if (runner) await runner.catchUp();
    }
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    if (runner) {
      outputs = runner.status().outputs;
      await runner.stop();
    }
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000, outputs };
  });
}

async function main() {
  const loadAtStart = loadavg().map(r2);
  const events = generate();
  const bets = events.filter((e) => e.type === 'bet.placed').length;
  log(`bench detect: ${events.length} events, ${bets} bets (built-in simulator, 6,000 players)`);
  const base = await run(events, false);
  log(`  pipeline alone: ${Math.round(bets / (base.ms / 1000))} bets/s (${r2(base.ms / 1000)} s)`);
  const withDetection = await run(events, true);
  log(
    `  pipeline + detection: ${Math.round(bets / (withDetection.ms / 1000))} bets/s (${r2(withDetection.ms / 1000)} s, ${withDetection.outputs} findings)`,
  );
  // The detector alone, over the same inputs as the runner reads them.
  const { inputs } = await fresh(async (store) => {
    const writer = new EventBatchWriter(EventsRepository.of(store), new DayCutter('Asia/Shanghai'));
    for (let i = 0; i < events.length; i += 5000) await writer.write(events.slice(i, i + 5000));
    const { RiskInputRepository } = await import('../gateway/src/engine/risk/riskInput.repository');
    const { START_POSITION } = await import('../gateway/src/engine/risk/riskPosition');
    const reader = RiskInputRepository.of(store);
    const all = [];
    let after = START_POSITION;
    for (let chunk = await reader.read(after, 2000); chunk.length > 0; chunk = await reader.read(after, 2000)) {
      for (const p of chunk) all.push(p.input);
      after = chunk[chunk.length - 1]?.position ?? after;
    }
    return { inputs: all };
  });
  const detector = createRiskDetector(DEFAULT_RISK_SETTINGS);
  const t0 = performance.now();
  for (const input of inputs) detector.process(input);
  const aloneMs = performance.now() - t0;
  // As stored: the detector keeps its largest records in maps, written to JSON as objects.
  const stateJson = JSON.stringify(detector.snapshot());
  const state = JSON.parse(stateJson) as { accounts: object; pairs: object; rings: object };
  const stateBytes = stateJson.length;
  log(
    `  detector alone: ${Math.round(bets / (aloneMs / 1000))} bets/s; state at the end: ${Object.keys(state.accounts).length} accounts, ${Object.keys(state.pairs).length} pairs, ${Object.keys(state.rings).length} ring candidates, ${Math.round(stateBytes / 1024)} KiB`,
  );
  console.log(
    JSON.stringify({
      bench: 'detect',
      events: events.length,
      bets,
      pipelineAlone: { betsPerSec: Math.round(bets / (base.ms / 1000)), seconds: r2(base.ms / 1000), cpuSeconds: r2(base.cpuMs / 1000) },
      pipelineWithDetection: {
        betsPerSec: Math.round(bets / (withDetection.ms / 1000)),
        seconds: r2(withDetection.ms / 1000),
        cpuSeconds: r2(withDetection.cpuMs / 1000),
        findings: withDetection.outputs,
      },
      detectorAlone: { betsPerSec: Math.round(bets / (aloneMs / 1000)) },
      budgetBetsPerSec: 5000,
      state: {
        accounts: Object.keys(state.accounts).length,
        pairs: Object.keys(state.pairs).length,
        rings: Object.keys(state.rings).length,
        kib: Math.round(stateBytes / 1024),
      },
      loadAverage: { start: loadAtStart, end: loadavg().map(r2) },
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
