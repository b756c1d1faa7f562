import type { Observable, Subscription } from 'rxjs';
import type { FeedStatus } from '@dms/shared/contracts/live/feed';

/** What a stored event tells the counters: its provider and its time. */
export interface CountedEvent {
  provider: number;
  ts: number;
}

interface ProviderCount {
  total: number;
  lastEventAt: number | null;
  /** Events stored per moment, for the rate over the last few seconds. */
  recent: { at: number; n: number }[];
}

/** The window of the event rate, as the pipeline's own. */
const RATE_WINDOW_MS = 5_000;

/**
 * Event counts of the platform feed per provider, so that the feed's status shows an account only the
 * events of its own providers (the super account sees the platform-wide figures). Fed by the stream of
 * stored events of every committed batch.
 */
export class FeedCounts {
  private readonly byProvider = new Map<number, ProviderCount>();
  private readonly subscription: Subscription;

  constructor(
    stored$: Observable<readonly CountedEvent[]>,
    private readonly now: () => number = Date.now,
  ) {
    this.subscription = stored$.subscribe((events) => this.add(events));
  }

  private add(events: readonly CountedEvent[]): void {
    const at = this.now();
    const batch = new Map<number, { n: number; last: number }>();
    for (const e of events) {
      const b = batch.get(e.provider);
      if (b) {
        b.n += 1;
        if (e.ts > b.last) b.last = e.ts;
      } else batch.set(e.provider, { n: 1, last: e.ts });
    }
    for (const [provider, b] of batch) {
      let c = this.byProvider.get(provider);
      if (!c) this.byProvider.set(provider, (c = { total: 0, lastEventAt: null, recent: [] }));
      c.total += b.n;
      c.lastEventAt = Math.max(c.lastEventAt ?? b.last, b.last);
      c.recent.push({ at, n: b.n });
      this.trim(c, at);
    }
  }

  private trim(c: ProviderCount, at: number): void {
    const since = at - RATE_WINDOW_MS;
    let drop = 0;
    while (drop < c.recent.length && (c.recent[drop]?.at ?? 0) < since) drop += 1;
    if (drop > 0) c.recent.splice(0, drop);
  }

  /** The counts of these providers together: events stored since start, per second now, newest time. */
  of(providers: readonly number[]): Pick<FeedStatus, 'eventsTotal' | 'eventsPerSec' | 'lastEventAt'> {
    const at = this.now();
    let total = 0;
    let recent = 0;
    let last: number | null = null;
    for (const p of new Set(providers)) {
      const c = this.byProvider.get(p);
      if (!c) continue;
      this.trim(c, at);
      total += c.total;
      recent += c.recent.reduce((sum, r) => sum + r.n, 0);
      if (c.lastEventAt !== null) last = Math.max(last ?? c.lastEventAt, c.lastEventAt);
    }
    return {
      eventsTotal: total,
      eventsPerSec: Math.round((recent / (RATE_WINDOW_MS / 1000)) * 10) / 10,
      lastEventAt: last,
    };
  }

  stop(): void {
    this.subscription.unsubscribe();
  }
}

/**
 * The feed status as an account with these providers may see it: the source, state and history progress
 * as they are, the event counts of its providers only (`'all'`: the platform-wide figures as given).
 */
export function scopedFeedStatus(
  status: FeedStatus,
  counts: FeedCounts,
  providers: readonly number[] | 'all',
): FeedStatus {
  return providers === 'all' ? status : { ...status, ...counts.of(providers) };
}
