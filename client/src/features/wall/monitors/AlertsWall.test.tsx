import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertRow } from '@dms/shared/contracts/http/risk';
import { LIVE_COMMANDS } from '@dms/shared/contracts/live/events';
import { fakeGateway } from '@/testing/fakeGateway';
import { alertPayload, fakeLiveConnection } from '@/testing/fakeLiveSocket';
import { feedStatus } from '@/testing/fixtures';
import { AlertsWall } from './AlertsWall';

const NOW = 1_700_000_100_000;

const row = (id: number, kind: AlertRow['kind'], subject: string, providers: number[]): AlertRow => ({
  id,
  seq: id,
  kind,
  level: 3,
  state: 'open',
  subject,
  providers,
  raisedAt: NOW - id * 1_000,
  assignee: null,
  snoozedUntil: null,
  outcome: null,
  by: null,
  at: null,
});

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  dispose = undefined;
  vi.unstubAllGlobals();
});

describe('alerts wall', () => {
  it("names a cross-bet group by its members' accounts and a player by provider name, not by raw ids", async () => {
    const items = [
      row(1, 'crossbet', 'ring:1001:ringa|1001:ringb|1002:ringc', [1001, 1002]),
      row(2, 'player', '1001:alice', [1001]),
    ];
    fakeGateway({
      'GET /risk/alerts': (call) =>
        call.query.get('level')
          ? { code: 0, data: { total: call.query.get('level') === '3' ? 2 : 0, items: [] } }
          : { code: 0, data: { total: items.length, items } },
      'GET /feed/status': () => ({ code: 0, data: feedStatus() }),
      'GET /base/providers': () => ({
        code: 0,
        data: [
          { id: 1001, name: 'Lucky Star' },
          { id: 1002, name: 'Golden Dragon' },
        ],
      }),
    });
    const fake = fakeLiveConnection();
    dispose = () => fake.connection.stop();
    fake.connection.start(() => 'tok');
    const socket = fake.socket();
    socket.answers.set(LIVE_COMMANDS.resume, () => ({ data: { replayed: 0, upTo: 2 } }));
    socket.up();

    const { container } = render(
      <AlertsWall
        live={fake.connection}
        token="display-token"
        self={{
          id: 1,
          state: 'active',
          code: null,
          codeExpiresAt: null,
          name: 'Floor 2 wall',
          permission: ['8000'],
          providers: [1001, 1002],
        }}
        stale={false}
        now={NOW}
      />,
    );
    const subjects = () =>
      [...container.querySelectorAll('.wall-alert__subject')].map((node) => node.textContent);
    await waitFor(() => expect(subjects()).toEqual(['ringa · ringb · ringc', 'Lucky Star · alice']));

    // An alert raised while the wall shows is named the same way.
    socket.serverEmit('alert:raised', {
      ...alertPayload(3, { subject: 'pair:1002:bob|1002:carol', raisedAt: NOW }),
      providers: [1002],
    });
    await waitFor(() => expect(subjects()[0]).toBe('bob · carol'));
    expect(screen.queryByText(/ring:1001|pair:1002/)).toBeNull();
  });
});
