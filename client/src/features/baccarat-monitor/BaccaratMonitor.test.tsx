import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveTable } from '@dms/shared/contracts/http/liveReplay';
import type { CrossbetGroupRow } from '@dms/shared/contracts/http/risk';
import { stubCanvas } from '@/components/charts/stubCanvas';
import { fakeGateway } from '@/testing/fakeGateway';
import { readySession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import en from '@/locales/en/monitor.json';
import { BaccaratMonitor } from './BaccaratMonitor';
import { groupsLoaded, liveBatchReceived } from './state/monitorSlice';

const T0 = Date.UTC(2026, 10, 26, 10);

const TABLES: LiveTable[] = [
  {
    tableId: 'BAC-7',
    gameId: 1,
    provider: 1001,
    shoeId: 'S3',
    current: {
      roundId: 'r9',
      startedAt: T0,
      providers: [1001],
      totals: [
        { betType: 'banker', bets: 3, amount: 1_500_000, payout: 0 },
        { betType: 'player', bets: 2, amount: 900_000, payout: 0 },
      ],
    },
    road: [
      { roundId: 'r7', settledAt: T0 - 60_000, result: { winner: 'banker', bankerPair: true } },
      { roundId: 'r8', settledAt: T0 - 30_000, result: { winner: 'tie' } },
    ],
  },
];

const RING: CrossbetGroupRow = {
  id: 'ring:1001:x|1001:y|1001:z',
  kind: 'ring',
  level: 3,
  score: 9.1,
  members: [
    { provider: 1001, account: 'x' },
    { provider: 1001, account: 'y' },
    { provider: 1001, account: 'z' },
  ],
  rounds: 14,
  turnover: 12_000_000,
  firstDetectedAt: T0 - 600_000,
  lastSeenAt: T0 - 60_000,
  tables: ['BAC-7'],
};

function gateway() {
  return fakeGateway({
    'GET /base/providers': () => ({ code: 0, data: [{ id: 1001, name: 'Lucky Star' }] }),
    'GET /base/currencies': () => ({ code: 0, data: [{ code: 'CNY', name: 'Chinese Yuan' }] }),
    'GET /live/tables': () => ({ code: 0, data: TABLES }),
    'GET /risk/crossbet/groups': () => ({ code: 0, data: { total: 1, items: [RING] } }),
    // The ring's evidence stored before the page opened: 14 rounds ten minutes ago.
    'GET /risk/crossbet/volume': () => ({
      code: 0,
      data: {
        seq: 5,
        from: T0 - 7_200_000,
        to: T0,
        bucketMs: 60_000,
        points: [{ t: T0 - 600_000, pairs: 0, rings: 14 }],
      },
    }),
    [`GET /risk/crossbet/groups/${encodeURIComponent(RING.id)}/rounds`]: () => ({
      code: 0,
      data: {
        total: 1,
        items: [
          {
            roundId: 'r7',
            gameId: 1,
            tableId: 'BAC-7',
            settledAt: T0 - 60_000,
            result: { winner: 'banker' },
            bets: [
              { provider: 1001, account: 'y', currency: 'CNY', betType: 'player', amount: 100, payout: 0 },
            ],
          },
        ],
      },
    }),
  });
}

configure({ asyncUtilTimeout: 5000 });

describe('BaccaratMonitor', { timeout: 30_000 }, () => {
  beforeEach(() => stubCanvas());
  afterEach(() => vi.unstubAllGlobals());

  it('draws the starting picture, the list of groups, and highlights a group once its members bet (console)', async () => {
    const gw = gateway();
    const { store, user } = renderWithProviders(<BaccaratMonitor variant="console" />, {
      preloadedState: { session: readySession() },
    });
    const card = await screen.findByLabelText(en.table.card.replace('{{table}}', 'BAC-7'));
    expect(within(card).getByText(en.table.round.replace('{{id}}', 'r9'))).toBeTruthy();
    expect(within(card).getByText('15k')).toBeTruthy();
    // Joined mid-round: the bets are counted, the players are not known.
    expect(within(card).getByText(en.table.bets.replace('{{count}}', '5'))).toBeTruthy();
    const road = within(card).getByRole('img');
    expect(road.getAttribute('aria-label')).toContain('2 rounds (1 Banker, 0 Player, 1 Tie)');
    expect(card.querySelectorAll('.dms-bead__pair.is-banker')).toHaveLength(1);
    expect(gw.callsTo('GET /live/tables')[0]?.query.get('gameId')).toBe('1');
    // The chart's evidence from before the page opened.
    await waitFor(() =>
      expect(store.getState().baccaratMonitor.chart.find((p) => p.t === T0 - 600_000)?.rings).toBe(14),
    );
    expect(gw.callsTo('GET /risk/crossbet/volume')[0]?.query.get('gameId')).toBe('1');

    const row = await screen.findByRole('button', { name: en.groups.open.replace('{{id}}', RING.id) });
    expect(card.className).not.toContain('is-flagged');
    // Two of the ring's members bet on the round: the card shows the ring.
    act(() => {
      store.dispatch(
        liveBatchReceived({
          receivedAt: T0,
          events: [
            {
              type: 'bets:placed',
              payload: {
                v: 1,
                providers: [1001],
                roundId: 'r9',
                gameId: 1,
                tableId: 'BAC-7',
                bets: ['x', 'z'].map((account, i) => ({
                  id: `b${i}`,
                  provider: 1001,
                  currency: 'CNY',
                  account,
                  betType: i ? 'player' : 'banker',
                  amount: 100,
                  ts: T0 + 1,
                })),
              },
            },
          ],
        }),
      );
    });
    await waitFor(() => expect(card.className).toContain('is-flagged'));
    const present = [...card.querySelectorAll('.dms-table__member.is-present')].map((e) => e.textContent);
    expect(present).toEqual(['x', 'z']);

    await user.click(row);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('y');
  });

  it('shows the wall variant dark, with freshness on every panel and nothing to press', async () => {
    gateway();
    const { container } = renderWithProviders(<BaccaratMonitor variant="wall" />, {
      preloadedState: { session: readySession() },
    });
    await screen.findByLabelText(en.table.card.replace('{{table}}', 'BAC-7'));
    await screen.findByText('x · y · z');
    const root = container.querySelector('.dms-monitor') as HTMLElement;
    expect(root.className).toContain('bp6-dark');
    expect(root.querySelectorAll('[data-freshness]').length).toBeGreaterThanOrEqual(4);
    expect(root.querySelectorAll('button, input, select')).toHaveLength(0);
    expect(screen.queryByRole('group', { name: en.replay.title })).toBeNull();
  });

  it('shows as many groups as a wall screen holds, and says how many more there are', async () => {
    gateway();
    const { container, store } = renderWithProviders(<BaccaratMonitor variant="wall" />, {
      preloadedState: { session: readySession() },
    });
    await screen.findByText('x · y · z');
    const pairs: CrossbetGroupRow[] = Array.from({ length: 20 }, (_, i) => ({
      ...RING,
      id: `pair:1001:a${i}|1001:b${i}`,
      kind: 'pair',
      level: 2,
      members: [
        { provider: 1001, account: `a${i}` },
        { provider: 1001, account: `b${i}` },
      ],
      // The newest seen now: a wall's list gives today's times as times of day, other days' with their date.
      lastSeenAt: i === 19 ? Date.now() : T0 + i,
    }));
    act(() => {
      store.dispatch(groupsLoaded({ groups: pairs, receivedAt: T0 }));
    });
    await waitFor(() => expect(container.querySelectorAll('tr[data-group]')).toHaveLength(16));
    // The highest level first (the ring), then the most recent pairs.
    const rows = [...container.querySelectorAll('tr[data-group]')].map((r) => r.getAttribute('data-group'));
    expect(rows.slice(0, 2)).toEqual([RING.id, 'pair:1001:a19|1001:b19']);
    screen.getByText(en.groups.more.replace('{{count}}', '5'));
    const lastSeen = [...container.querySelectorAll('tr[data-group]')].map(
      (r) => r.lastElementChild?.textContent,
    );
    expect(lastSeen[0]).toMatch(/^(\d{4}-)?\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(lastSeen[1]).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });
});
