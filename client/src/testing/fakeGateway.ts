import { vi } from 'vitest';
import { API_BASE } from '@dms/shared/contracts/http/paths';

/** A request the fake gateway received. */
export interface FakeCall {
  method: string;
  /** The path without the API prefix ("/user/login"). */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/** What a handler answers: an envelope (status 200), or a full Response. */
export type FakeAnswer = { code: number; msg?: string; data?: unknown } | Response;
export type FakeHandler = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

/**
 * A fake gateway at the network boundary: stubs `fetch`, answers `"METHOD /path"` from `handlers` with
 * envelope JSON (unknown paths get code -1), and records every call.
 */
export function fakeGateway(handlers: Record<string, FakeHandler> = {}) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const path = url.pathname.startsWith(`${API_BASE}/`) ? url.pathname.slice(API_BASE.length) : url.pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call: FakeCall = {
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    const answer = handler ? await handler(call) : { code: -1, msg: `no fake for ${method} ${path}` };
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify({ msg: answer.code === 0 ? 'success' : '', data: null, ...answer }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetch: fetchMock,
    /** The calls made to `METHOD /path`. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
