import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IngestResult } from '@dms/shared/contracts/events/platform';
import { ev } from '../engine/events.fixtures';
import type { FeedStateStore } from './feedState.repository';
import { POLL_STATE_KEY, PollService } from './poll.service';

/** A tiny upstream: pages of events after a cursor, or failures when told to. */
const pages = new Map<string, { events: unknown[]; cursor: string }>();
const asked: string[] = [];
let failuresLeft = 0;
let malformed = false;
let server: Server;
let base: string;
let url: string;

let testId = 0;

function handle(req: IncomingMessage, res: ServerResponse) {
  const requested = new URL(req.url ?? '/', 'http://x');
  // A request of an earlier test still in flight when its poller stopped: not this test's business.
  if (requested.searchParams.get('test') !== String(testId)) {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ events: [], cursor: '' }));
    return;
  }
  const after = requested.searchParams.get('after') ?? '';
  asked.push(after);
  if (failuresLeft > 0) {
    failuresLeft -= 1;
    res.writeHead(503).end('busy');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  if (malformed) {
    res.end(JSON.stringify({ events: 'nope' }));
    return;
  }
  res.end(JSON.stringify(pages.get(after) ?? { events: [], cursor: after }));
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/platform/events?site=a`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  testId += 1;
  url = `${base}&test=${testId}`;
  pages.clear();
  asked.length = 0;
  failuresLeft = 0;
  malformed = false;
  pages.set('', { events: [ev.login({ id: 'p1' }), ev.login({ id: 'p2' })], cursor: 'c2' });
  pages.set('c2', { events: [ev.login({ id: 'p3' })], cursor: 'c3' });
});

class MemoryStore implements FeedStateStore {
  readonly values = new Map<string, unknown>();
  async get<T>(key: string) {
    return this.values.get(key) as T | undefined;
  }
  async put(key: string, value: unknown) {
    this.values.set(key, value);
  }
  async baseData() {
    return { providers: [1001], currencies: ['CNY'] };
  }
}

function sink() {
  const received: string[] = [];
  const submit = async (events: readonly unknown[]): Promise<IngestResult> => {
    received.push(...events.map((e) => (e as { id: string }).id));
    return { accepted: events.length, duplicates: 0, refused: [] };
  };
  return { received, submit };
}

async function pollUntil(poller: PollService, done: () => boolean, timeoutMs = 5000) {
  const abort = new AbortController();
  const running = poller.run(abort.signal);
  const started = Date.now();
  while (!done() && Date.now() - started < timeoutMs) await new Promise((r) => setTimeout(r, 10));
  abort.abort();
  await running;
}

describe('PollService', () => {
  it('reads pages after its cursor, sends their events to the pipeline and records the cursor', async () => {
    const store = new MemoryStore();
    const { received, submit } = sink();
    const poller = new PollService({ url, intervalMs: 20 }, store, submit);
    await pollUntil(poller, () => received.length === 3 && asked.filter((a) => a === 'c3').length >= 2);
    expect(received).toEqual(['p1', 'p2', 'p3']);
    expect(asked.slice(0, 3)).toEqual(['', 'c2', 'c3']);
    expect(store.values.get(POLL_STATE_KEY)).toEqual({ cursor: 'c3' });
    expect(poller.status).toMatchObject({ cursor: 'c3', failures: 0 });
  });

  it('keeps the query string of the configured URL and adds after=', () => {
    const poller = new PollService({ url, intervalMs: 20 }, new MemoryStore(), sink().submit);
    expect(poller.pageUrl('a b')).toMatch(/\/platform\/events\?site=a&test=\d+&after=a\+b$/);
  });

  it('resumes from the recorded cursor after a restart', async () => {
    const store = new MemoryStore();
    await store.put(POLL_STATE_KEY, { cursor: 'c2' });
    const { received, submit } = sink();
    await pollUntil(new PollService({ url, intervalMs: 20 }, store, submit), () => received.length === 1);
    expect(asked[0]).toBe('c2');
    expect(received).toEqual(['p3']);
  });

  it('does not move the cursor when the pipeline fails, so the page is read again', async () => {
    const store = new MemoryStore();
    let fail = true;
    const received: string[] = [];
    const submit = async (events: readonly unknown[]): Promise<IngestResult> => {
      if (fail) {
        fail = false;
        throw new Error('store down');
      }
      received.push(...events.map((e) => (e as { id: string }).id));
      return { accepted: events.length, duplicates: 0, refused: [] };
    };
    await pollUntil(new PollService({ url, intervalMs: 5 }, store, submit), () => received.length === 3);
    expect(asked.slice(0, 2)).toEqual(['', '']);
    expect(received).toEqual(['p1', 'p2', 'p3']);
  });

  it('backs off while the upstream fails and recovers when it answers again', async () => {
    failuresLeft = 2;
    const { received, submit } = sink();
    const poller = new PollService({ url, intervalMs: 5 }, new MemoryStore(), submit);
    const failures: number[] = [];
    poller.status$.subscribe((s) => failures.push(s.failures));
    await pollUntil(poller, () => received.length === 3);
    expect(Math.max(...failures)).toBe(2);
    expect(poller.status.failures).toBe(0);
    expect(received).toEqual(['p1', 'p2', 'p3']);
  });

  it('treats a malformed page as a failure and sends nothing', async () => {
    malformed = true;
    const { received, submit } = sink();
    const poller = new PollService({ url, intervalMs: 5 }, new MemoryStore(), submit);
    await pollUntil(poller, () => poller.status.failures >= 1);
    expect(received).toEqual([]);
    expect(poller.status.lastError).toMatch(/malformed/);
  });
});
