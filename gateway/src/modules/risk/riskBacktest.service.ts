import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS } from '@dms/shared/contracts/http/auditActions';
import {
  BACKTEST_DAYS,
  BACKTEST_KEEP_MS,
  type BacktestPhase,
  type BacktestResult,
  type BacktestState,
  type BacktestStatus,
} from '@dms/shared/contracts/http/riskBacktest';
import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import type { MessageKey } from '@dms/shared/errors/messages';
import { refuse } from '../../platform/errors/errors';
import type { AuthContext } from '../../platform/auth/auth.context';
import type { Logger } from '../../platform/logger/logger';
import type { AuditService } from '../audit/audit.service';
import type { RiskInput } from '../../engine/risk/detector.port';
import type { RiskDetectorFactory } from '../../engine/risk/riskFinding';
import type { RiskPosition } from '../../engine/risk/riskPosition';
import { BacktestReplay, planInjection, type BacktestTable } from '../../engine/risk/riskBacktest';

/** The replayed window as the store holds it when the job starts. */
export interface BacktestWindow {
  /** Settled rounds whose settlement is in the window. */
  rounds: number;
  /** Where reading starts (undefined: nothing in the window). */
  start: RiskPosition | undefined;
  /** The last commit holding an input of the window: reading stops after it. */
  endSeq: number;
  tables: BacktestTable[];
}

/** Where a backtest reads (`riskBacktest.repository.ts`). */
export interface BacktestSource {
  window(from: number, to: number): Promise<BacktestWindow>;
  /** Inputs after `after` in commit order (`limit` read), those of the window kept; `last` where it stopped. */
  read(
    after: RiskPosition,
    limit: number,
    from: number,
    to: number,
  ): Promise<{ inputs: RiskInput[]; last: RiskPosition | undefined }>;
}

export interface BacktestLimits {
  /** Backtests running at once on this gateway (each takes a share of one core). */
  maxRunning: number;
  /** Wall time after which a job is stopped. */
  timeLimitMs: number;
  /** Inputs read per page. */
  pageSize: number;
  /** Longest stretch of detection before the event loop gets a turn. */
  sliceMs: number;
  /** Finished jobs kept (the oldest forgotten first), besides {@link BACKTEST_KEEP_MS}. */
  keep: number;
}

export const DEFAULT_BACKTEST_LIMITS: BacktestLimits = {
  maxRunning: 2,
  timeLimitMs: 15 * 60_000,
  pageSize: 500,
  sliceMs: 15,
  keep: 50,
};

export interface RiskBacktestDeps {
  source: BacktestSource;
  factory: RiskDetectorFactory;
  /** The thresholds in force. */
  currentSettings: () => Promise<RiskSettings>;
  audit: AuditService;
  /** Event time of "now" (the window ends there). */
  now: () => number;
  logger?: Logger;
  limits?: Partial<BacktestLimits>;
}

interface Job {
  id: string;
  owner: number;
  state: BacktestState;
  phase: BacktestPhase;
  roundsDone: number;
  roundsTotal: number;
  startedAt: number;
  finishedAt: number | null;
  error: MessageKey | null;
  result: BacktestResult | null;
  cancelled: boolean;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Backtests of Risk Setting (`contracts/http/riskBacktest.ts`): a job replays the last two months through
 * the detector with the current and the proposed thresholds, off the request path — pages read from the
 * store, detection in slices of a few milliseconds between which the event loop serves requests — with
 * its progress readable and a cancel. One job per account (a new one cancels the account's previous one),
 * a few on the gateway at once, each within a time limit; results stay in memory for a while.
 */
export class RiskBacktestService {
  private readonly jobs = new Map<string, Job>();
  private readonly limits: BacktestLimits;

  constructor(private readonly deps: RiskBacktestDeps) {
    this.limits = { ...DEFAULT_BACKTEST_LIMITS, ...deps.limits };
  }

  /** Starts a job with the proposed settings (already validated); audited. */
  async start(auth: AuthContext, proposed: RiskSettings, ip: string): Promise<{ id: string }> {
    this.sweep();
    for (const job of this.jobs.values())
      if (job.owner === auth.accountId && job.state === 'running') this.stop(job, 'cancelled');
    const running = [...this.jobs.values()].filter((j) => j.state === 'running').length;
    if (running >= this.limits.maxRunning) throw refuse.conflict('risk.backtestBusy');
    const current = await this.deps.currentSettings();
    const job: Job = {
      id: randomUUID(),
      owner: auth.accountId,
      state: 'running',
      phase: 'counting',
      roundsDone: 0,
      roundsTotal: 0,
      startedAt: this.deps.now(),
      finishedAt: null,
      error: null,
      result: null,
      cancelled: false,
    };
    const changed = Object.fromEntries(
      Object.entries(proposed).filter(([k, v]) => current[k as keyof RiskSettings] !== v),
    );
    await this.deps.audit.record({
      actor: { id: auth.accountId, name: auth.account },
      action: AUDIT_ACTIONS.riskBacktestRun,
      targetType: 'setting',
      targetId: 'risk',
      detail: { job: job.id, changed },
      ip,
    });
    this.jobs.set(job.id, job);
    this.run(job, current, proposed).catch((err: unknown) => {
      // A job cancelled while it read (the gateway closing) may fail on the closed store: nothing to say.
      if (job.cancelled) return;
      this.deps.logger?.error({ err, job: job.id }, 'risk backtest failed');
      this.stop(job, 'failed', 'risk.backtestFailed');
    });
    return { id: job.id };
  }

  /** A job of the caller's. */
  status(auth: AuthContext, id: string): BacktestStatus {
    this.sweep();
    const job = this.jobs.get(id);
    if (!job || job.owner !== auth.accountId) throw refuse.notFound('risk.backtestNotFound');
    return view(job);
  }

  /** Cancels a running job of the caller's (a finished one is left as it is). */
  cancel(auth: AuthContext, id: string): BacktestStatus {
    const job = this.jobs.get(id);
    if (!job || job.owner !== auth.accountId) throw refuse.notFound('risk.backtestNotFound');
    if (job.state === 'running') this.stop(job, 'cancelled');
    return view(job);
  }

  /** Cancels every running job (the gateway is closing). */
  close(): void {
    for (const job of this.jobs.values()) if (job.state === 'running') this.stop(job, 'cancelled');
  }

  private stop(job: Job, state: Exclude<BacktestState, 'running'>, error: MessageKey | null = null) {
    if (job.state !== 'running') return;
    job.state = state;
    job.cancelled = true;
    job.error = error;
    job.finishedAt = this.deps.now();
    if (state !== 'done') job.result = null;
  }

  /** Forgets finished jobs older than {@link BACKTEST_KEEP_MS}, and the oldest beyond `keep`. */
  private sweep(): void {
    const now = this.deps.now();
    const finished = [...this.jobs.values()].filter((j) => j.finishedAt !== null);
    for (const j of finished) if (now - (j.finishedAt ?? now) > BACKTEST_KEEP_MS) this.jobs.delete(j.id);
    const left = finished.filter((j) => this.jobs.has(j.id));
    left.sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0));
    for (const j of left.slice(0, Math.max(0, left.length - this.limits.keep))) this.jobs.delete(j.id);
  }

  private async run(job: Job, current: RiskSettings, proposed: RiskSettings): Promise<void> {
    const { source, factory } = this.deps;
    const { pageSize, sliceMs, timeLimitMs } = this.limits;
    const began = performance.now();
    const to = job.startedAt;
    const from = to - BACKTEST_DAYS * 86_400_000;
    const window = await source.window(from, to);
    if (job.cancelled) return;
    job.roundsTotal = window.rounds;
    job.phase = 'replaying';
    const plan = planInjection(window.tables);
    const replay = new BacktestReplay(factory, { current, proposed }, plan);
    let after = window.start;
    let sliceStart = performance.now();
    while (after) {
      const { inputs, last } = await source.read(after, pageSize, from, to);
      for (const input of inputs) {
        replay.process(input);
        if (input.type === 'round') job.roundsDone += 1;
        if (performance.now() - sliceStart >= sliceMs) {
          await yieldToLoop();
          sliceStart = performance.now();
          if (job.cancelled) return;
          if (performance.now() - began > timeLimitMs) {
            this.stop(job, 'failed', 'risk.backtestTimeout');
            return;
          }
        }
      }
      if (job.cancelled) return;
      after = last && last.seq <= window.endSeq ? last : undefined;
    }
    const sides = replay.result();
    job.result = {
      from,
      to,
      rounds: replay.rounds,
      bets: replay.bets,
      walletEvents: replay.walletEvents,
      injected: {
        seed: plan.seed,
        pairs: plan.groups.filter((g) => g.kind === 'pair').length,
        rings: plan.groups.filter((g) => g.kind === 'ring').length,
        decoys: plan.decoys.length,
        tables: plan.tables,
      },
      ...sides,
    };
    job.phase = 'done';
    job.roundsDone = replay.rounds;
    job.roundsTotal = Math.max(job.roundsTotal, replay.rounds);
    this.stop(job, 'done');
  }
}

function view(job: Job): BacktestStatus {
  return {
    id: job.id,
    state: job.state,
    phase: job.phase,
    roundsDone: job.roundsDone,
    roundsTotal: job.roundsTotal,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    error: job.error,
    result: job.state === 'done' ? job.result : null,
  };
}
