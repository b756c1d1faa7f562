import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, healCheckMs } from '../state/backoff';
import { WallCallError, buildIdOf, wallCall, wallEndpoints } from './wallApi';

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) =>
  vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));

describe('wall calls', () => {
  it('reads the build a document runs from its entry module script', () => {
    expect(
      buildIdOf('<head><script type="module" crossorigin src="/assets/index-B9RWLdI4.js"></script>'),
    ).toBe('/assets/index-B9RWLdI4.js');
    expect(buildIdOf('<script src="/src/main.tsx" type="module"></script>')).toBe('/src/main.tsx');
    expect(buildIdOf('<html>proxy error</html>')).toBeNull();
  });

  it('tells a refused token (back to pairing) from a gateway that is away (keep the data)', async () => {
    vi.stubGlobal('fetch', answer(401, { code: -2, msg: 'expired', data: null }));
    await expect(wallCall(wallEndpoints.me, { token: 'x' })).rejects.toMatchObject({
      kind: 'refused',
      code: -2,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(wallCall(wallEndpoints.me, { token: 'x' })).rejects.toMatchObject({ kind: 'unreachable' });
    vi.stubGlobal('fetch', answer(502, '<html>bad gateway</html>'));
    await expect(wallCall(wallEndpoints.me, { token: 'x' })).rejects.toBeInstanceOf(WallCallError);
  });

  it('sends the display token and checks the answer against the contract', async () => {
    const fetchMock = answer(200, {
      code: 0,
      msg: 'success',
      data: {
        id: 3,
        state: 'active',
        code: null,
        codeExpiresAt: null,
        name: 'Lobby',
        permission: ['8000'],
        providers: [1001],
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const self = await wallCall(wallEndpoints.me, { token: 'secret-token' });
    expect(self.name).toBe('Lobby');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/display/me');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer secret-token');
    vi.stubGlobal('fetch', answer(200, { code: 0, msg: 'success', data: { id: 'not a number' } }));
    await expect(wallCall(wallEndpoints.me, { token: 'x' })).rejects.toMatchObject({ kind: 'failed' });
  });

  it('backs off from 1 s to at most 4 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(backoffMs)).toEqual([1_000, 2_000, 4_000, 4_000, 4_000, 4_000]);
  });

  it('checks a lost gateway about every second, out of step with other walls', () => {
    expect([0, 0.5, 1].map((u) => healCheckMs(() => u))).toEqual([800, 1_000, 1_200]);
    expect(healCheckMs(() => 7)).toBe(1_200);
  });
});
