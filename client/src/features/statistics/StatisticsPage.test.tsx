import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type {
  DailyRow,
  GameRecordRow,
  Headline,
  StatsPage,
  Summary,
  TransferRow,
} from '@dms/shared/contracts/http/stats';
import { clearToasts } from '@/lib/notify/toaster';
import { fakeGateway, type FakeCall, type FakeHandler } from '@/testing/fakeGateway';
import { feedStatus, readySession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { stubCanvas } from '@/components/charts/stubCanvas';
import { StatisticsPage } from './StatisticsPage';

// Wednesday 2026-03-18, 12:00 in Shanghai: the last 7 days are 2026-03-12 … 2026-03-18.
const NOW = Date.UTC(2026, 2, 18, 4);
const TS = Date.UTC(2026, 2, 17, 2, 3, 4); // 2026-03-17 10:03:04 in Shanghai

const PROVIDERS = [
  { id: 1001, name: 'Lucky Star' },
  { id: 1002, name: 'Golden Dragon' },
];
const CURRENCIES = [
  { code: 'CNY', name: 'Chinese Yuan' },
  { code: 'INR', name: 'Indian Rupee' },
];

function headline(over: Partial<Headline> = {}): Headline {
  return {
    turnover: 123_456_789,
    payout: 120_000_000,
    ggr: 3_456_789,
    margin: 0.028,
    bets: 5_432,
    activePlayers: 321,
    registrations: 12,
    logins: 456,
    transferIn: 1_000_000,
    transferOut: 500_000,
    bonus: 10_000,
    prize: 20_000,
    ...over,
  };
}

const SUMMARY: Summary = {
  startDate: '2026-03-12',
  endDate: '2026-03-18',
  totals: headline({ turnover: 999_999_999 }),
  byCurrency: [
    { currency: 'CNY', ...headline() },
    { currency: 'INR', ...headline({ turnover: 8_800_000_00, ggr: -1_234_56 }) },
  ],
};

function page<T>(list: T[], over: Partial<StatsPage<T>> = {}): StatsPage<T> {
  return { list, total: list.length, totalCapped: false, page: 1, pageSize: 20, nextCursor: null, ...over };
}

function dailyRow(day: string): DailyRow {
  return {
    day,
    currency: 'CNY',
    turnover: 1_000_00,
    payout: 900_00,
    ggr: 100_00,
    margin: 0.1,
    bets: 10,
    rounds: 5,
    activePlayers: 3,
    registrations: 1,
    logins: 4,
    loginPlayers: 2,
    transferIn: 0,
    transferInCount: 0,
    transferOut: 0,
    transferOutCount: 0,
    bonus: 0,
    bonusCount: 0,
    prize: 0,
    prizeCount: 0,
  };
}

function betRow(transactionId: string, direction: 0 | 1): GameRecordRow {
  return {
    transactionId,
    roundId: `R-${transactionId}`,
    playerId: 7,
    account: 'player007',
    provider: 1001,
    currency: 'CNY',
    gameId: 1,
    tableId: 'T1',
    shoeId: 'S1',
    betType: 'banker',
    op: 'bet',
    direction,
    amount: 10_000,
    payout: direction ? 19_500 : null,
    winLoss: direction ? 9_500 : null,
    ts: TS,
    settledAt: direction ? TS + 30_000 : null,
  };
}

function transferRow(id: string, direction: 0 | 1): TransferRow {
  return {
    id,
    playerId: 7,
    account: 'player007',
    provider: 1002,
    currency: 'INR',
    op: 'transfer',
    direction,
    amount: 50_000,
    balanceAfter: 150_000,
    ts: TS,
  };
}

const FEED_LIVE = feedStatus({ eventsTotal: 10, eventsPerSec: 1, lastEventAt: NOW });

function gateway(handlers: Record<string, FakeHandler> = {}) {
  return fakeGateway({
    'GET /base/providers': () => ({ code: 0, data: PROVIDERS }),
    'GET /base/currencies': () => ({ code: 0, data: CURRENCIES }),
    'GET /feed/status': () => ({ code: 0, data: FEED_LIVE }),
    'GET /stats/summary': () => ({ code: 0, data: SUMMARY }),
    'GET /stats/daily': () => ({ code: 0, data: page([dailyRow('2026-03-18'), dailyRow('2026-03-17')]) }),
    ...handlers,
  });
}

function renderPage() {
  return renderWithProviders(<StatisticsPage now={NOW} />, { preloadedState: { session: readySession() } });
}

// A first render of the workbench (base data, then figures, then a table) takes a few round trips.
configure({ asyncUtilTimeout: 5000 });

const query = (call: FakeCall | undefined) => Object.fromEntries(call?.query ?? []);

/** The daily data table's calls (the trend chart reads daily data too, a whole range in one page of 500). */
const tableCalls = (gw: ReturnType<typeof gateway>) =>
  gw.callsTo('GET /stats/daily').filter((c) => c.query.get('pageSize') !== '500');

describe('StatisticsPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    stubCanvas();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('greets the account and shows the headline figures of the first currency', async () => {
    const gw = gateway();
    renderPage();
    expect(await screen.findByText(/Ops Lead/)).toBeTruthy();
    const turnover = await waitFor(() => {
      const card = document.querySelector('[data-figure="turnover"]');
      expect(card?.textContent).toContain('1.23M CNY');
      return card as HTMLElement;
    });
    expect(within(turnover).getByText('1,234,567.89 CNY')).toBeTruthy();
    expect(document.querySelector('[data-figure="margin"]')?.textContent).toContain('2.80%');
    expect(query(gw.callsTo('GET /stats/summary')[0])).toEqual({
      providerIds: '1001,1002',
      currencies: 'CNY,INR',
      startDate: '2026-03-12',
      endDate: '2026-03-18',
    });
  });

  it('draws the daily trend of the currency the cards show', async () => {
    const gw = gateway();
    const { user } = renderPage();
    await screen.findByText('Daily GGR and turnover · CNY');
    const trend = () => gw.callsTo('GET /stats/daily').filter((c) => c.query.get('pageSize') === '500');
    await waitFor(() =>
      expect(query(trend().at(-1))).toMatchObject({
        currencies: 'CNY',
        sortBy: 'day',
        sortOrder: 'asc',
        page: '1',
      }),
    );
    await user.click(screen.getByRole('radio', { name: 'INR' }));
    expect(await screen.findByText('Daily GGR and turnover · INR')).toBeTruthy();
    await waitFor(() => expect(query(trend().at(-1)).currencies).toBe('INR'));
  });

  it('switches the cards to another chosen currency', async () => {
    gateway();
    const { user } = renderPage();
    await waitFor(() =>
      expect(document.querySelector('[data-figure="turnover"]')?.textContent).toContain('CNY'),
    );
    await user.click(screen.getByRole('radio', { name: 'INR' }));
    const ggr = document.querySelector('[data-figure="ggr"]');
    expect(ggr?.textContent).toContain('-1.23k INR');
    expect(document.querySelector('[data-figure="turnover"]')?.textContent).toContain('8.8M INR');
  });

  it('pages daily data through page and pageSize', async () => {
    const gw = gateway({
      'GET /stats/daily': (call) => ({
        code: 0,
        data: page([dailyRow(`2026-03-${String(19 - Number(call.query.get('page'))).padStart(2, '0')}`)], {
          total: 45,
          page: Number(call.query.get('page')),
          pageSize: Number(call.query.get('pageSize')),
        }),
      }),
    });
    const { user } = renderPage();
    expect(await screen.findByText('45 rows')).toBeTruthy();
    expect(query(tableCalls(gw)[0])).toMatchObject({
      page: '1',
      pageSize: '20',
      sortBy: 'day',
      sortOrder: 'desc',
    });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3');
    await waitFor(() => expect(query(tableCalls(gw).at(-1))).toMatchObject({ page: '2', pageSize: '20' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(query(tableCalls(gw).at(-1))).toMatchObject({ page: '1', pageSize: '50' }));
  });

  it('sorts on a whitelisted column by clicking its header', async () => {
    const gw = gateway();
    const { user } = renderPage();
    const region = await screen.findByRole('region', { name: 'Daily data' });
    await within(region).findByText('2026-03-18');
    // Rounds is not a sort key of the contract: its header is plain text.
    expect(within(region).queryByRole('button', { name: 'Rounds' })).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Turnover' }));
    await waitFor(() =>
      expect(query(tableCalls(gw).at(-1))).toMatchObject({
        sortBy: 'turnover',
        sortOrder: 'desc',
        page: '1',
      }),
    );
    await user.click(within(region).getByRole('button', { name: 'Turnover' }));
    await waitFor(() =>
      expect(query(tableCalls(gw).at(-1))).toMatchObject({ sortBy: 'turnover', sortOrder: 'asc' }),
    );
    expect(within(region).getByRole('columnheader', { name: 'Turnover' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('labels game records "bet" and "bet result" by direction, and moves forward by keyset cursor', async () => {
    const gw = gateway({
      'GET /stats/game-records': (call) =>
        call.query.get('cursor')
          ? {
              code: 0,
              data: page([betRow('TX3', 1)], { total: 10_000, totalCapped: true, page: 2, nextCursor: null }),
            }
          : {
              code: 0,
              data: page([betRow('TX1', 0), betRow('TX2', 1)], {
                total: 10_000,
                totalCapped: true,
                nextCursor: 'CURSOR-2',
              }),
            },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Game record' }));
    const region = await screen.findByRole('region', { name: 'Game record' });
    const open = (await within(region).findByText('TX1')).closest('tr') as HTMLElement;
    const settled = within(region).getByText('TX2').closest('tr') as HTMLElement;
    expect(within(open).getByText('bet')).toBeTruthy();
    expect(within(settled).getByText('bet result')).toBeTruthy();
    expect(within(settled).getByText('Baccarat')).toBeTruthy();
    expect(within(settled).getByText('Banker')).toBeTruthy();
    expect(within(settled).getByText('Lucky Star')).toBeTruthy();
    expect(within(settled).getByText('2026-03-17 10:03:04')).toBeTruthy();
    expect(within(settled).getByText('195.00')).toBeTruthy();
    expect(screen.getByText('More than 10,000 rows')).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: 'Next page' }).at(-1) as HTMLElement);
    await within(region).findByText('TX3');
    expect(query(gw.callsTo('GET /stats/game-records').at(-1))).toMatchObject({
      page: '2',
      cursor: 'CURSOR-2',
    });
  });

  it('searches game records by account, round id and transaction id', async () => {
    const gw = gateway({ 'GET /stats/game-records': () => ({ code: 0, data: page([betRow('TX1', 0)]) }) });
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Game record' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Player account' }), ' player007 ');
    await user.type(screen.getByRole('searchbox', { name: 'Round ID' }), 'R-TX1');
    await user.type(screen.getByRole('searchbox', { name: 'Transaction ID' }), 'TX1');
    const form = screen.getByRole('search', { name: 'Filter of Game record' });
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(query(gw.callsTo('GET /stats/game-records').at(-1))).toMatchObject({
        account: 'player007',
        roundId: 'R-TX1',
        transactionId: 'TX1',
        page: '1',
      }),
    );
  });

  it('labels transfers "transfer out" and "transfer in" by direction', async () => {
    gateway({
      'GET /stats/transfers': () => ({
        code: 0,
        data: page([transferRow('T-OUT', 0), transferRow('T-IN', 1)]),
      }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Transfer data' }));
    const region = await screen.findByRole('region', { name: 'Transfer data' });
    const out = (await within(region).findByText('T-OUT')).closest('tr') as HTMLElement;
    const inward = within(region).getByText('T-IN').closest('tr') as HTMLElement;
    expect(within(out).getByText('transfer out')).toBeTruthy();
    expect(within(inward).getByText('transfer in')).toBeTruthy();
    expect(within(inward).getByText('Golden Dragon')).toBeTruthy();
  });

  it('says "Not have data to downoad" for an export of a filter without rows', async () => {
    const gw = gateway({ 'GET /stats/daily': () => ({ code: 0, data: page([]) }) });
    const { user } = renderPage();
    expect((await screen.findAllByText('No data')).length).toBeGreaterThan(0);
    const form = screen.getByRole('search', { name: 'Filter of Daily data' });
    await user.click(within(form).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Not have data to downoad')).toBeTruthy();
    expect(gw.callsTo('GET /stats/daily/export')).toHaveLength(0);
  });

  it('shows the gateway\'s "Not have data to downoad" when the export finds nothing', async () => {
    const gw = gateway({
      'GET /stats/daily/export': () =>
        new Response(JSON.stringify({ code: -1, msg: 'Not have data to downoad', data: null }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    });
    const { user } = renderPage();
    const region = await screen.findByRole('region', { name: 'Daily data' });
    await within(region).findByText('2026-03-18');
    const form = screen.getByRole('search', { name: 'Filter of Daily data' });
    // Another range than the one shown: the gateway is asked.
    await user.click(within(form).getByRole('textbox', { name: 'Start date' }));
    await user.click(await screen.findByText('Last 30 days'));
    await user.click(within(form).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Not have data to downoad')).toBeTruthy();
    expect(query(gw.callsTo('GET /stats/daily/export')[0])).toMatchObject({
      startDate: '2026-02-17',
      endDate: '2026-03-18',
      lang: 'en',
      sortBy: 'day',
    });
  });

  it('saves an export under the name the gateway gives', async () => {
    // jsdom has no object URLs: the browser download is played by these two and a link click.
    const created: Blob[] = [];
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    };
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      Object.assign(URL, saved);
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    gateway({
      'GET /stats/daily/export': () =>
        new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="daily-2026-03-12-2026-03-18.xlsx"',
          },
        }),
    });
    const { user } = renderPage();
    const region = await screen.findByRole('region', { name: 'Daily data' });
    await within(region).findByText('2026-03-18');
    const form = screen.getByRole('search', { name: 'Filter of Daily data' });
    await user.click(within(form).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Saved daily-2026-03-12-2026-03-18.xlsx')).toBeTruthy();
    expect(created).toHaveLength(1);
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('shows the history backfill progress while the simulator writes it', async () => {
    gateway({
      'GET /feed/status': () => ({
        code: 0,
        data: {
          ...FEED_LIVE,
          state: 'backfilling',
          progress: 0.425,
          historyFrom: Date.UTC(2026, 0, 17),
          historyTo: NOW,
        },
      }),
    });
    renderPage();
    const bar = await screen.findByRole('progressbar', { name: 'History written' });
    expect(bar.getAttribute('aria-valuenow')).toBe('43');
    expect(screen.getByText('42.5% written')).toBeTruthy();
  });
});
