import { BehaviorSubject, type Observable } from 'rxjs';
import { pollPageSchema } from '@dms/shared/contracts/events/platform';
import type { Logger } from '../platform/logger/logger';
import type { FeedStateStore } from './feedState.repository';
import type { EventSink } from './simulator.service';

/**
 * The upstream poller: `GET {url}?after={cursor}` answers `{events, cursor}`. Events go through the
 * pipeline; the cursor is recorded only after they are committed, so a crash replays a page at worst
 * (a replay changes nothing). A full page is followed at once by the next; an empty one waits the
 * interval. Failures back off exponentially up to a minute.
 */

export interface PollOptions {
  url: string;
  intervalMs: number;
  /** Per-request timeout, ms. */
  timeoutMs?: number;
  logger?: Logger | undefined;
  fetch?: typeof fetch;
}

/** The poller's progress. */
export interface PollStatus {
  cursor: string;
  /** Requests answered, and failed in a row. */
  polls: number;
  failures: number;
  lastError: string | undefined;
}

export const POLL_STATE_KEY = 'poll';

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The upstream poller source. */
export class PollService {
  private readonly statusSubject = new BehaviorSubject<PollStatus>({
    cursor: '',
    polls: 0,
    failures: 0,
    lastError: undefined,
  });
  readonly status$: Observable<PollStatus> = this.statusSubject.asObservable();

  constructor(
    private readonly options: PollOptions,
    private readonly store: FeedStateStore,
    private readonly sink: EventSink,
  ) {}

  get status(): PollStatus {
    return this.statusSubject.value;
  }

  /** The URL of the page after `cursor`. */
  pageUrl(cursor: string): string {
    const url = new URL(this.options.url);
    url.searchParams.set('after', cursor);
    return url.toString();
  }

  /** Polls until `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    const saved = await this.store.get<{ cursor: string }>(POLL_STATE_KEY);
    let status: PollStatus = { ...this.status, cursor: saved?.cursor ?? '' };
    this.statusSubject.next(status);
    while (!signal.aborted) {
      let delay = this.options.intervalMs;
      try {
        const page = await this.fetchPage(status.cursor, signal);
        if (page.events.length > 0) {
          const result = await this.sink(page.events);
          if (result.refused.length > 0) {
            this.options.logger?.warn(
              { refused: result.refused.length, first: result.refused[0] },
              'poll: events refused by validation',
            );
          }
        }
        const moved = page.cursor !== status.cursor;
        if (moved) await this.store.put(POLL_STATE_KEY, { cursor: page.cursor });
        status = { cursor: page.cursor, polls: status.polls + 1, failures: 0, lastError: undefined };
        this.statusSubject.next(status);
        if (page.events.length > 0 && moved) delay = 0;
      } catch (err) {
        if (signal.aborted) break;
        const failures = status.failures + 1;
        const message = err instanceof Error ? err.message : String(err);
        status = { ...status, failures, lastError: message };
        this.statusSubject.next(status);
        delay = Math.min(60_000, this.options.intervalMs * 2 ** Math.min(failures, 10));
        this.options.logger?.warn(
          { err: message, failures, retryInMs: delay },
          'poll: upstream request failed',
        );
      }
      if (delay > 0) await wait(delay, signal);
    }
  }

  private async fetchPage(cursor: string, signal: AbortSignal) {
    const doFetch = this.options.fetch ?? fetch;
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
    const res = await doFetch(this.pageUrl(cursor), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.any([signal, timeout]),
    });
    if (!res.ok) throw new Error(`upstream answered HTTP ${res.status}`);
    const parsed = pollPageSchema.safeParse(await res.json());
    if (!parsed.success)
      throw new Error(`upstream page is malformed: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return parsed.data;
  }
}
