import { LIVE_EVENTS, type AlertChanged, type PlayerFlagged } from '@dms/shared/contracts/live/events';
import type { LiveReplaySource, ReplayRecord } from '../platform/live/live.replay';
import { publishChange, type LivePublisher } from '../platform/live/live.publisher';

/**
 * A risk store in memory, as the live channel sees it: changes numbered by `seq`, stored, then published
 * (as the risk sink does after its transaction commits). `hooks.beforeRead` runs inside a resume's query,
 * to interleave a store write or a publish with the replay; `hooks.hold` keeps reads waiting until it settles.
 */
export class FakeRiskStore implements LiveReplaySource {
  readonly records: ReplayRecord[] = [];
  private seq = 0;
  hooks: { beforeRead?: (() => void) | undefined; hold?: Promise<void> | undefined } = {};
  reads = 0;

  async after(after: number, limit: number): Promise<ReplayRecord[]> {
    this.reads += 1;
    const hook = this.hooks.beforeRead;
    this.hooks.beforeRead = undefined;
    hook?.();
    await this.hooks.hold;
    return this.records.filter((r) => r.payload.seq > after).slice(0, limit);
  }

  head(): Promise<number> {
    return Promise.resolve(this.records.reduce((max, r) => Math.max(max, r.payload.seq), 0));
  }

  /** Stores an alert of `kind` about `provider` (not published). */
  storeAlert(provider: number, kind: AlertChanged['alert']['kind'] = 'crossbet'): ReplayRecord {
    this.seq += 1;
    const payload: AlertChanged = {
      v: 1,
      seq: this.seq,
      providers: [provider],
      alert: {
        id: this.seq,
        kind,
        level: 3,
        state: 'open',
        subject: `g-${this.seq}`,
        raisedAt: 1_763_800_000_000 + this.seq,
      },
    };
    const record: ReplayRecord = { event: LIVE_EVENTS.alertRaised, payload };
    this.records.push(record);
    return record;
  }

  /** Stores a flagged player (risk data only). */
  storePlayer(provider: number): ReplayRecord {
    this.seq += 1;
    const payload: PlayerFlagged = {
      v: 1,
      seq: this.seq,
      providers: [provider],
      player: {
        provider,
        account: `p${this.seq}`,
        kinds: ['win_rate'],
        level: 2,
        score: 5,
        firstDetectedAt: 1_763_800_000_000,
      },
    };
    const record: ReplayRecord = { event: LIVE_EVENTS.playerFlagged, payload };
    this.records.push(record);
    return record;
  }

  /** Publishes a stored change to its screens and providers, as the risk sink does after commit. */
  static publish(publisher: LivePublisher, record: ReplayRecord): void {
    publishChange(publisher, record.event, record.payload as never);
  }
}
