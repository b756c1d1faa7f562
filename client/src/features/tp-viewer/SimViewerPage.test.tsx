import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TpSimDetail, TpSimRow } from '@dms/shared/contracts/http/teenPatti';
import { teenPattiTheory } from '@dms/shared/games/teenPattiSim';
import { PERM } from '@dms/shared/permissions/codes';
import { clearToasts } from '@/lib/notify/toaster';
import { fakeGateway } from '@/testing/fakeGateway';
import { readySession, userInfo } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { SimViewerPage } from './SimViewerPage';

configure({ asyncUtilTimeout: 5000 });

const row = (id: number, name: string): TpSimRow => ({
  id,
  name,
  seed: `seed-${id}`,
  players: 3,
  rounds: 100,
  doneRounds: 100,
  stakes: { player_a: 1000, player_b: 1000, tie: 0, pair_plus: 0 },
  status: 'done',
  saved: true,
  createdBy: 'admin',
  createdAt: Date.UTC(2026, 0, 2),
  finishedAt: Date.UTC(2026, 0, 2),
  staked: 200_000,
  payout: 198_000,
});

const detail = (id: number, name: string, rtpA: number): TpSimDetail => ({
  ...row(id, name),
  summary: {
    rounds: 100,
    handCategories: { '1': 222, '2': 51, '3': 15, '4': 10, '5': 1, '6': 1 },
    winnerCategories: { '1': 50, '2': 30, '3': 10, '4': 8, '5': 1, '6': 1 },
    seatWins: [34, 33, 33],
    splits: 0,
    results: { player_a: 50, player_b: 50, tie: 0 },
    bets: {},
  },
  bets: {
    player_a: { staked: 100_000, returned: rtpA * 100_000, rtp: rtpA, houseEdge: 1 - rtpA, stdError: 0.1 },
    player_b: { staked: 100_000, returned: 99_000, rtp: 0.99, houseEdge: 0.01, stdError: 0.1 },
    tie: { staked: 0, returned: 0, rtp: 0, houseEdge: 0, stdError: 0 },
    pair_plus: { staked: 0, returned: 0, rtp: 0, houseEdge: 0, stdError: 0 },
  },
  theory: teenPattiTheory(),
});

function renderPage(permission = `${PERM.TEEN_PATTI},${PERM.TEEN_PATTI_DATA_VIEWER}`) {
  return renderWithProviders(<SimViewerPage />, {
    preloadedState: { session: readySession(userInfo({ permission })) },
  });
}

describe('SimViewerPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
  });

  it('pages saved simulations, opens one with its rounds filtered by the gateway, and compares two', async () => {
    const gw = fakeGateway({
      'GET /teen-patti/sims/list': () => ({
        code: 0,
        data: { list: [row(2, 'Second'), row(1, 'First')], total: 2, page: 1, pageSize: 20 },
      }),
      'GET /teen-patti/sims/get': (call) => {
        const id = Number(call.query.get('id'));
        return { code: 0, data: detail(id, id === 1 ? 'First' : 'Second', id === 1 ? 0.981 : 1.002) };
      },
      'GET /teen-patti/sims/rounds': (call) => ({
        code: 0,
        data: {
          list: [
            {
              index: 4,
              hands: [
                ['AS', 'KS', 'QS'],
                ['2H', '3D', '9C'],
                ['5H', '5D', 'JC'],
              ],
              categories: [5, 1, 2],
              winners: [1],
              winnerCategory: call.query.get('winnerCategory') ? Number(call.query.get('winnerCategory')) : 5,
              result: 'player_a',
              staked: 2000,
              payout: 1980,
              net: 20,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        },
      }),
    });
    const { user } = renderPage();
    const list = await screen.findByTestId('sim-list');
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Second', 'First']);
    await user.click(within(list).getByRole('link', { name: 'First' }));
    const rounds = await screen.findByTestId('sim-rounds');
    expect(within(rounds).getByText('Pure sequence')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Winning hand' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Lowest payout' }), '10.5');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => {
      const q = gw.callsTo('GET /teen-patti/sims/rounds').at(-1)?.query;
      expect(q?.get('winnerCategory')).toBe('2');
      expect(q?.get('minPayout')).toBe('1050');
    });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const again = await screen.findByTestId('sim-list');
    for (const name of ['Second', 'First'])
      await user.click(within(again).getByRole('checkbox', { name: `Pick “${name}” to compare` }));
    await user.click(screen.getByRole('button', { name: 'Compare picked (2/2)' }));
    const compare = await screen.findByTestId('sim-compare');
    const rowA = within(compare)
      .getAllByRole('row')
      .find((r) => r.getAttribute('data-bet') === 'player_a');
    expect(rowA?.textContent).toContain('100.200%');
    expect(rowA?.textContent).toContain('98.100%');
    expect(rowA?.textContent).toContain('99.001%');
  });
});
