import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import type { CrossbetGroupRow, RiskPage } from '@dms/shared/contracts/http/risk';
import { DEFAULT_RISK_SETTINGS } from '@dms/shared/contracts/http/riskSettings';
import { LIVE_EVENTS, type AlertChanged } from '@dms/shared/contracts/live/events';
import { RiskLevel } from '@dms/shared/domain/enums';
import { startTestApp, type TestApp } from '../../testing/testing.app';
import { tempDir } from '../../testing/testing.store';
import { connectLive } from '../../testing/testing.live';
import { T0 } from '../../engine/events.fixtures';
import { round, until } from './risk.fixture';
import { workerYoungGenerationMb } from './riskWorker.host';

let t: TestApp;
let socket: Socket;
const alerts: AlertChanged[] = [];
const groups = async (account?: string) =>
  (
    await t.call<RiskPage<CrossbetGroupRow>>('GET', '/risk/crossbet/groups', {
      token: t.adminToken,
      query: { account },
    })
  ).body.data;

beforeAll(async () => {
  t = await startTestApp({
    app: {
      riskThread: 'worker',
      riskWorkerDetector: {
        url: pathToFileURL(join(import.meta.dirname, 'risk.fixture.ts')).href,
        name: 'testDetector',
      },
      // No polls: only the gateway's wakes move the runner (one in flight at a time).
      // The lease of a worker that failed has lapsed when the next one starts (after 1 s).
      // A snapshot after every input, in pieces of 40 characters, read back at the restart below.
      riskRunner: { pollMs: 600_000, renewMs: 100, leaseMs: 500, snapshotEvery: 1, snapshotPieceChars: 40 },
    },
  });
  t.app.engine.start();
  socket = await connectLive(t.url, t.adminToken);
  socket.on(LIVE_EVENTS.alertRaised, (a: AlertChanged) => alerts.push(a));
}, 60_000);

afterAll(async () => {
  socket?.close();
  await t?.close();
});

describe('the risk engine on its worker thread', () => {
  it('stores what its detector found with the checkpoint and pushes the alerts live from the gateway', async () => {
    expect(
      (await t.app.engine.submit([...round(1, 'alice', 'bob'), ...round(2, 'carol', 'dave')])).refused,
    ).toEqual([]);
    const page = await until(async () => {
      const data = await groups();
      return data.total >= 2 ? data : undefined;
    }, 'two groups');
    expect(page.items.map((g) => g.members.map((m) => m.account).join('+')).sort()).toEqual([
      'alice+bob',
      'carol+dave',
    ]);
    await until(async () => (alerts.length >= 2 ? true : undefined), 'two live alerts');
    expect(alerts.map((a) => a.alert.kind)).toEqual(['crossbet', 'crossbet']);
    expect(new Set(alerts.map((a) => a.seq)).size).toBe(2);
  });

  it('applies new Risk Settings to the detector on the worker at once', async () => {
    const saved = await t.call('POST', '/risk/settings', {
      token: t.adminToken,
      body: { ...DEFAULT_RISK_SETTINGS, minSharedRounds: 2 },
    });
    expect(saved.status).toBe(200);
    await t.app.engine.submit(round(3, 'erin', 'frank'));
    const g = await until(async () => (await groups('erin')).items[0], 'the erin group');
    expect(g.level).toBe(RiskLevel.High);
  });

  it('starts a worker that failed again, which goes on from the stored checkpoint: nothing lost, nothing twice', async () => {
    const marker = join(tempDir('dms-risk-worker-'), 'crashed');
    const before = alerts.length;
    // The worker ends while it processes round 4 (before its findings are stored); round 5 comes meanwhile.
    await t.app.engine.submit(round(4, 'gina', 'hank', 1001, 0, T0, { crashMarker: marker }));
    await until(async () => (existsSync(marker) ? true : undefined), 'the worker to fail');
    await t.app.engine.submit(round(5, 'ivan', 'judy'));
    const page = await until(
      async () => {
        const data = await groups();
        return data.total >= 5 ? data : undefined;
      },
      'five groups',
      400,
    );
    expect(page.items.map((g) => g.members[0]?.account).sort()).toEqual([
      'alice',
      'carol',
      'erin',
      'gina',
      'ivan',
    ]);
    await until(async () => (alerts.length >= before + 2 ? true : undefined), 'the alerts of rounds 4 and 5');
    const seqs = alerts.map((a) => a.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(alerts.length).toBe(before + 2);
    // The restarted worker's snapshots are in pieces.
    const snapshot = await until(async () => {
      const { rows } = await sql<{ state: string; inputs: number }>`
        select state, inputs from risk_snapshot where partition = 'all'`.execute(t.app.store.db);
      return rows[0] && Number(rows[0].inputs) >= 4 ? rows[0] : undefined;
    }, 'a snapshot after round 4');
    const [, generation, count] = /^#stored-in-pieces (\w+) (\d+)$/.exec(snapshot.state) ?? [];
    expect(Number(count)).toBeGreaterThan(1);
    const { rows: pieces } = await sql<{ text: string }>`
      select text from risk_snapshot_piece where generation = ${generation} order by n`.execute(
      t.app.store.db,
    );
    expect(pieces).toHaveLength(Number(count));
    expect(pieces.map((p) => p.text).join('')).toContain('gina');
  });
});

describe("the worker's young generation", () => {
  it("is three of the gateway's semi-spaces, from its flags or NODE_OPTIONS, else V8's default", () => {
    expect(workerYoungGenerationMb(['--max-semi-space-size=64'])).toBe(192);
    expect(workerYoungGenerationMb(['--max_semi_space_size=16', '--enable-source-maps'])).toBe(48);
    expect(workerYoungGenerationMb(['--enable-source-maps'])).toBeUndefined();
    expect(workerYoungGenerationMb([])).toBeUndefined();
  });
});
