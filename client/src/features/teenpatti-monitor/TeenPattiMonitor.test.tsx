import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveTable } from '@dms/shared/contracts/http/liveReplay';
import type { CrossbetGroupRow } from '@dms/shared/contracts/http/risk';
import { parseCards } from '@dms/shared/games/cards';
import { teenPattiResult } from '@dms/shared/games/settlement';
import { stubCanvas } from '@/components/charts/stubCanvas';
import { fakeGateway } from '@/testing/fakeGateway';
import { readySession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import enMonitor from '@/locales/en/monitor.json';
import en from '@/locales/en/tpMonitor.json';
import { TeenPattiMonitor } from './TeenPattiMonitor';
import { liveBatchReceived } from './state/tpSlice';

const T0 = Date.UTC(2026, 10, 26, 10);
const result = (a: string, b: string) =>
  teenPattiResult(parseCards(a), parseCards(b)) as unknown as Record<string, unknown>;

const TABLES: LiveTable[] = [
  {
    tableId: 'TP-7',
    gameId: 2,
    provider: 1001,
    shoeId: 'D',
    current: {
      roundId: 'r9',
      startedAt: T0,
      providers: [1001],
      totals: [
        { betType: 'player_a', bets: 3, amount: 1_500_000, payout: 0 },
        { betType: 'pair_plus', bets: 1, amount: 20_000, payout: 0 },
      ],
    },
    road: [
      { roundId: 'r7', settledAt: T0 - 60_000, result: result('AH AS AD', 'KC KD KS') },
      { roundId: 'r8', settledAt: T0 - 30_000, result: result('2C 7D 9S', '3H 8H JH') },
    ],
  },
];

const PAIR: CrossbetGroupRow = {
  id: 'pair:1001:x|1001:y',
  kind: 'pair',
  level: 3,
  score: 8,
  members: [
    { provider: 1001, account: 'x' },
    { provider: 1001, account: 'y' },
  ],
  rounds: 14,
  turnover: 12_000_000,
  firstDetectedAt: T0 - 600_000,
  lastSeenAt: T0 - 60_000,
  tables: ['TP-7'],
};
const BACCARAT_RING: CrossbetGroupRow = { ...PAIR, id: 'ring:bac', kind: 'ring', tables: ['BAC-1'] };

function gateway() {
  return fakeGateway({
    'GET /live/tables': () => ({ code: 0, data: TABLES }),
    'GET /risk/crossbet/groups': () => ({ code: 0, data: { total: 2, items: [PAIR, BACCARAT_RING] } }),
  });
}

configure({ asyncUtilTimeout: 5000 });

describe('TeenPattiMonitor', { timeout: 30_000 }, () => {
  beforeEach(() => stubCanvas());
  afterEach(() => vi.unstubAllGlobals());

  it('draws the tables, the distribution with its alarm, the Teen Patti cross-bets, then settles live bets (console)', async () => {
    const gw = gateway();
    const { store } = renderWithProviders(<TeenPattiMonitor variant="console" />, {
      preloadedState: { session: readySession() },
    });
    const card = await screen.findByLabelText(en.table.card.replace('{{table}}', 'TP-7'));
    expect(within(card).getByText(en.table.round.replace('{{id}}', 'r9'))).toBeTruthy();
    expect(within(card).getByText('15k')).toBeTruthy();
    expect(gw.callsTo('GET /live/tables')[0]?.query.get('gameId')).toBe('2');

    // Four hands: two trails in four is far beyond 52/22100 — the trail row is coloured.
    expect(screen.getByTestId('tp-hands').textContent).toContain('4');
    const trail = document.querySelector('.dms-tpm__dist tr[data-category="6"]') as HTMLElement;
    expect(trail.className).toContain('is-alarm');
    expect(within(trail).getByText('2')).toBeTruthy();
    const high = document.querySelector('.dms-tpm__dist tr[data-category="1"]') as HTMLElement;
    expect(high.className).not.toContain('is-alarm');

    // Only the group on a Teen Patti table.
    await screen.findByText('x ⇄ y');
    expect(document.querySelectorAll('[data-group]')).toHaveLength(1);

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
                roundId: 'r10',
                gameId: 2,
                tableId: 'TP-7',
                bets: [
                  {
                    id: 'b1',
                    provider: 1001,
                    currency: 'CNY',
                    account: 'zoe',
                    betType: 'player_b',
                    amount: 10_000,
                    ts: T0,
                  },
                ],
              },
            },
            {
              type: 'round:settled',
              payload: {
                v: 1,
                providers: [1001],
                roundId: 'r10',
                gameId: 2,
                tableId: 'TP-7',
                shoeId: 'D',
                settledAt: T0 + 5000,
                result: result('2C 7D 9S', '4H 4S QD'),
                totals: [{ betType: 'player_b', bets: 1, amount: 10_000, payout: 19_800 }],
              },
            },
          ],
        }),
      );
    });
    const zoe = await screen.findByText('zoe', { selector: '[data-player] th' });
    const row = zoe.closest('tr') as HTMLElement;
    expect(within(row).getByText('100.00%')).toBeTruthy(); // win rate
    expect(within(row).getByText('198.00%')).toBeTruthy(); // RTP
    expect(screen.getByTestId('tp-hands').textContent).toContain('6');
  });

  it('shows the wall variant dark, with freshness on every panel and nothing to press', async () => {
    gateway();
    const { container } = renderWithProviders(<TeenPattiMonitor variant="wall" />, {
      preloadedState: { session: readySession() },
    });
    await screen.findByLabelText(en.table.card.replace('{{table}}', 'TP-7'));
    const root = container.querySelector('.dms-tpm') as HTMLElement;
    expect(root.className).toContain('bp6-dark');
    expect(root.querySelectorAll('[data-freshness]')).toHaveLength(6);
    // The same freshness text as the baccarat monitor's, its durations in the monitor's units: the age, and
    // the silence that would turn the panel red.
    const tablesPanel = screen.getByRole('region', { name: en.tables.title });
    const span = enMonitor.unit.s.replace('{{n}}', '\\d+');
    const fresh = enMonitor.fresh.fresh.replace('{{age}}', span);
    const limit = enMonitor.fresh.limit.replace('{{limit}}', span);
    expect(within(tablesPanel).getAllByRole('status')[0]?.textContent).toMatch(
      new RegExp(`^${fresh} · ${limit}$`),
    );
    expect(root.querySelectorAll('button, input, select')).toHaveLength(0);
  });
});
