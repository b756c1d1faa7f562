import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TpSimDetail } from '@dms/shared/contracts/http/teenPatti';
import { teenPattiTheory } from '@dms/shared/games/teenPattiSim';
import { PERM } from '@dms/shared/permissions/codes';
import { clearToasts } from '@/lib/notify/toaster';
import { fakeGateway } from '@/testing/fakeGateway';
import { readySession, userInfo } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { TestToolsPage } from './TestToolsPage';

configure({ asyncUtilTimeout: 5000 });

function renderPage() {
  return renderWithProviders(<TestToolsPage />, {
    preloadedState: {
      session: readySession(userInfo({ permission: `${PERM.TEEN_PATTI},${PERM.TEEN_PATTI_TEST_TOOLS}` })),
    },
  });
}

const theory = teenPattiTheory();

function sim(done: number, status: TpSimDetail['status']): TpSimDetail {
  const bet = (staked: number, returned: number) => ({
    staked,
    returned,
    rtp: staked ? returned / staked : 0,
    houseEdge: staked ? 1 - returned / staked : 0,
    stdError: 0.01,
  });
  return {
    id: 7,
    name: '',
    seed: 'abc',
    players: 2,
    rounds: 1000,
    doneRounds: done,
    stakes: { player_a: 1000, player_b: 0, tie: 0, pair_plus: 0 },
    status,
    saved: false,
    createdBy: 'admin',
    createdAt: 0,
    finishedAt: status === 'running' ? null : 1,
    staked: done * 1000,
    payout: done * 990,
    summary: {
      rounds: done,
      handCategories: { '1': done * 2, '2': 0, '3': 0, '4': 0, '5': 0, '6': 0 },
      winnerCategories: { '1': done, '2': 0, '3': 0, '4': 0, '5': 0, '6': 0 },
      seatWins: [done / 2, done / 2],
      splits: 0,
      results: { player_a: done / 2, player_b: done / 2, tie: 0 },
      bets: {},
    },
    bets: {
      player_a: bet(done * 1000, done * 990),
      player_b: bet(0, 0),
      tie: bet(0, 0),
      pair_plus: bet(0, 0),
    },
    theory,
  } as TpSimDetail;
}

describe('TestToolsPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    sessionStorage.clear();
    clearToasts();
    vi.unstubAllGlobals();
  });

  it('shows the ranking of a hand, and a refused card by its message', async () => {
    const gw = fakeGateway({
      'POST /teen-patti/tools/evaluate': (call) =>
        (call.body as { hands: string[] }).hands[0] === 'AS KD QH'
          ? {
              code: 0,
              data: {
                hands: [
                  {
                    game: 'teenPatti',
                    rank: 4,
                    value: 1,
                    tieBreak: [15],
                    cards: [
                      { code: 'AS', rank: 1, suit: 2 },
                      { code: 'KD', rank: 13, suit: 4 },
                      { code: 'QH', rank: 12, suit: 1 },
                    ],
                  },
                ],
                comparison: null,
              },
            }
          : {
              code: -1,
              msg: 'x',
              key: 'cards.unknownSuit',
              params: { hand: 1, card: 'KX', suit: 'X' },
            },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Evaluate' }));
    expect((await screen.findByTestId('ranking-1')).textContent).toContain('Sequence');
    expect(gw.callsTo('POST /teen-patti/tools/evaluate')[0]?.body).toEqual({ hands: ['AS KD QH'] });
    const hand1 = screen.getByRole('textbox', { name: 'Hand 1' });
    await user.clear(hand1);
    await user.type(hand1, 'AS KX QH');
    await user.click(screen.getByRole('button', { name: 'Evaluate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Hand 1: "KX" has an unknown suit "X" (H, S, C, D)',
    );
  });

  it('deals the same cards for the same seed', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Deal from a seed' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    const first = (await screen.findByTestId('deal-table')).textContent;
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    expect(screen.getByTestId('deal-table').textContent).toBe(first);
    const seed = screen.getByRole('textbox', { name: 'Seed' });
    await user.clear(seed);
    await user.type(seed, 'other');
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    await waitFor(() => expect(screen.getByTestId('deal-table').textContent).not.toBe(first));
  });

  it('runs a simulation, shows its progress until it ends, then its figures, and saves it', async () => {
    let polls = 0;
    const gw = fakeGateway({
      'POST /teen-patti/sims/run': () => ({ code: 0, data: { id: 7, seed: 'abc' } }),
      'GET /teen-patti/sims/get': () => {
        polls++;
        return { code: 0, data: polls < 2 ? sim(400, 'running') : sim(1000, 'done') };
      },
      'POST /teen-patti/sims/save': () => ({
        code: 0,
        data: { ...sim(1000, 'done'), saved: true, name: 'Mine' },
      }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Run a simulation' }));
    const rounds = screen.getByRole('combobox', { name: 'Rounds' });
    await user.clear(rounds);
    await user.type(rounds, '1000');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect((await screen.findByTestId('sim-progress-text')).textContent).toBe('400 of 1,000 rounds');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('sim-progress-text').textContent).toBe('1,000 of 1,000 rounds'),
    );
    expect(gw.callsTo('POST /teen-patti/sims/run')[0]?.body).toEqual({
      rounds: 1000,
      players: 2,
      stakes: { player_a: 1000, player_b: 1000, tie: 100, pair_plus: 500 },
    });
    const figures = await screen.findByTestId('sim-figures');
    expect(within(figures).getByTestId('rtp-player_a').textContent).toBe('99.000%');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save for the viewer' }));
    await waitFor(() =>
      expect(gw.callsTo('POST /teen-patti/sims/save')[0]?.body).toEqual({ id: 7, name: 'Mine' }),
    );
  });
});
