import { describe, expect, it } from 'vitest';
import { BACKTEST_KEEP_MS } from '@dms/shared/contracts/http/riskBacktest';
import { DEFAULT_RISK_SETTINGS } from '@dms/shared/contracts/http/riskSettings';
import type { AuthContext } from '../../platform/auth/auth.context';
import type { AuditService } from '../audit/audit.service';
import type { RiskInput } from '../../engine/risk/detector.port';
import { round } from '../../engine/risk/risk.detector.crafted';
import { createRiskDetector } from '../../engine/risk/risk.detector';
import type { RiskPosition } from '../../engine/risk/riskPosition';
import { RiskBacktestService, type BacktestLimits, type BacktestSource } from './riskBacktest.service';

/** `n` crafted rounds, read one page at a time; `gate` holds every read until it is opened. */
function source(n: number, gate?: Promise<void>): BacktestSource {
  const inputs: RiskInput[] = Array.from({ length: n }, (_, i) =>
    round(
      i + 1,
      'BAC-1',
      [
        { account: 'a', betType: 'banker', amount: 1000 },
        { account: 'b', betType: 'player', amount: 1000 },
      ],
      'banker',
      Date.now() - 3_600_000 + i * 30_000,
    ),
  );
  return {
    window: () =>
      Promise.resolve({ rounds: n, start: { seq: 0, ts: -1, id: '', kind: 0 }, endSeq: n, tables: [] }),
    async read(after: RiskPosition, limit: number) {
      if (gate) await gate;
      const chunk = inputs.filter((i) => i.type === 'round' && i.round.seq > after.seq).slice(0, limit);
      const last = chunk[chunk.length - 1];
      return {
        inputs: chunk,
        last:
          last?.type === 'round'
            ? { seq: last.round.seq, ts: last.round.settledAt, id: last.round.roundId, kind: 0 }
            : undefined,
      };
    },
  };
}

const audited: unknown[] = [];
const audit = { record: (e: unknown) => Promise.resolve(void audited.push(e)) } as unknown as AuditService;
const user = (accountId: number) => ({ accountId, account: `u${accountId}` }) as AuthContext;

function service(src: BacktestSource, limits: Partial<BacktestLimits>, now = () => Date.now()) {
  return new RiskBacktestService({
    source: src,
    factory: createRiskDetector,
    currentSettings: () => Promise.resolve(DEFAULT_RISK_SETTINGS),
    audit,
    now,
    limits,
  });
}

async function settled(s: RiskBacktestService, id: string, who = user(1)) {
  for (let i = 0; i < 400; i++) {
    const st = s.status(who, id);
    if (st.state !== 'running') return st;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('backtest did not end');
}

describe('RiskBacktestService', () => {
  it('stops a job over its time limit as failed, with no result', async () => {
    const s = service(source(200), { timeLimitMs: 0, sliceMs: 0, pageSize: 10 });
    const { id } = await s.start(user(1), DEFAULT_RISK_SETTINGS, '127.0.0.1');
    const st = await settled(s, id);
    expect(st).toMatchObject({ state: 'failed', error: 'risk.backtestTimeout', result: null });
    expect(st.roundsDone).toBeLessThan(200);
  });

  it('runs a few jobs at once on the gateway and refuses more with 409', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const s = service(source(20, gate), { maxRunning: 1 });
    const first = await s.start(user(1), DEFAULT_RISK_SETTINGS, '');
    await expect(s.start(user(2), DEFAULT_RISK_SETTINGS, '')).rejects.toMatchObject({ status: 409 });
    // The same account may start again: its previous job is cancelled first.
    const again = await s.start(user(1), DEFAULT_RISK_SETTINGS, '');
    expect(s.status(user(1), first.id).state).toBe('cancelled');
    open();
    expect((await settled(s, again.id)).state).toBe('done');
  });

  it('forgets a finished job after the keeping time', async () => {
    let now = Date.now();
    const s = service(source(5), {}, () => now);
    const { id } = await s.start(user(1), DEFAULT_RISK_SETTINGS, '');
    expect((await settled(s, id)).result?.rounds).toBe(5);
    now += BACKTEST_KEEP_MS + 1;
    expect(() => s.status(user(1), id)).toThrow(expect.objectContaining({ status: 404 }));
  });
});
