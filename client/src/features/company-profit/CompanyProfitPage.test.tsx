import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfitCompare, ProfitRange, ProfitTotals } from '@dms/shared/contracts/http/stats';
import { PERM } from '@dms/shared/permissions/codes';
import { clearToasts } from '@/lib/notify/toaster';
import { fakeGateway, type FakeCall, type FakeHandler } from '@/testing/fakeGateway';
import { readySession, userInfo } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { stubCanvas } from '@/components/charts/stubCanvas';
import { CompanyProfitPage } from './CompanyProfitPage';

// Wednesday 2026-03-18, 12:00 in Shanghai: this month is 03-01 … 03-18, last month 02-01 … 02-28.
const NOW = Date.UTC(2026, 2, 18, 4);

configure({ asyncUtilTimeout: 5000 });

const PROVIDERS = [
  { id: 1001, name: 'Lucky Star' },
  { id: 1002, name: 'Golden Dragon' },
];
const CURRENCIES = [
  { code: 'CNY', name: 'Chinese Yuan' },
  { code: 'INR', name: 'Indian Rupee' },
];

function totals(over: Partial<ProfitTotals> = {}): ProfitTotals {
  return { turnover: 0, payout: 0, ggr: 0, margin: null, bets: 0, activePlayers: 0, ...over };
}

function range(start: string, end: string, t: ProfitTotals): ProfitRange {
  return {
    start,
    end,
    totals: t,
    byProvider: [
      { provider: 1001, ...t },
      { provider: 1002, ...totals() },
    ],
    byCurrency: [{ currency: 'CNY', ...t }],
    byGame: [{ gameId: 2, ...t, activePlayers: null }],
    byDay: [{ day: start, ...t }],
  };
}

const COMPARE: ProfitCompare = {
  a: range(
    '2026-02-01',
    '2026-02-28',
    totals({
      turnover: 1_000_000_00,
      payout: 970_000_00,
      ggr: 30_000_00,
      margin: 0.03,
      bets: 2_000,
      activePlayers: 0,
    }),
  ),
  b: range(
    '2026-03-01',
    '2026-03-18',
    totals({
      turnover: 1_250_000_00,
      payout: 1_225_000_00,
      ggr: 25_000_00,
      margin: 0.02,
      bets: 2_500,
      activePlayers: 40,
    }),
  ),
  diff: {
    turnover: { value: 250_000_00, pct: 25 },
    payout: { value: 255_000_00, pct: 26.28 },
    ggr: { value: -5_000_00, pct: -16.66 },
    margin: { value: -0.01, pct: -33.33 },
    bets: { value: 500, pct: 25 },
    activePlayers: { value: 40, pct: null },
  },
  report: null,
};

/** The comparison converted into USD: A lacks two rates, B has all of them. */
function converted(missing: { day: string; currency: string }[]): ProfitCompare {
  const inUsd = (t: ProfitTotals, f: number): ProfitTotals => ({
    ...t,
    turnover: Math.round(t.turnover * f),
    payout: Math.round(t.payout * f),
    ggr: Math.round(t.ggr * f),
  });
  const a = range('2026-02-01', '2026-02-28', inUsd(COMPARE.a.totals, 0.14));
  const b = range('2026-03-01', '2026-03-18', inUsd(COMPARE.b.totals, 0.14));
  const lacking = missing.length > 0;
  return {
    ...COMPARE,
    a: {
      ...COMPARE.a,
      byCurrency: [
        { currency: 'CNY', ...COMPARE.a.totals },
        { currency: 'INR', ...totals({ turnover: 5_000_00 }) },
      ],
    },
    report: {
      currency: 'USD',
      base: 'USD',
      a: lacking
        ? { ...a, totals: { ...a.totals, turnover: null, payout: null, ggr: null, margin: null } }
        : a,
      b,
      diff: {
        ...COMPARE.diff,
        turnover: lacking ? { value: null, pct: null } : { value: 35_000_00, pct: 25 },
      },
      missing,
      missingCount: missing.length,
    },
  };
}

function gateway(handlers: Record<string, FakeHandler> = {}) {
  return fakeGateway({
    'GET /base/providers': () => ({ code: 0, data: PROVIDERS }),
    'GET /base/currencies': () => ({ code: 0, data: CURRENCIES }),
    'GET /company-profit/compare': () => ({ code: 0, data: COMPARE }),
    ...handlers,
  });
}

function renderPage() {
  return renderWithProviders(<CompanyProfitPage now={NOW} />, {
    preloadedState: { session: readySession(userInfo({ permission: PERM.COMPANY_PROFIT })) },
  });
}

const query = (call: FakeCall | undefined) => Object.fromEntries(call?.query ?? []);

function metricRow(metric: string): HTMLElement {
  const row = document.querySelector(`tr[data-metric="${metric}"]`);
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${metric}`);
  return row;
}

describe('CompanyProfitPage', { timeout: 30_000 }, () => {
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

  it('compares last month (A) with this month (B) over every provider and the first currency, reported in it', async () => {
    const gw = gateway();
    renderPage();
    await screen.findByRole('region', { name: 'Comparison' });
    expect(query(gw.callsTo('GET /company-profit/compare')[0])).toEqual({
      providerIds: '1001,1002',
      currencies: 'CNY',
      aStart: '2026-02-01',
      aEnd: '2026-02-28',
      bStart: '2026-03-01',
      bEnd: '2026-03-18',
      reportCurrency: 'CNY',
    });
  });

  it('shows A, B, the difference and the percentage of the response', async () => {
    gateway();
    renderPage();
    await screen.findByRole('region', { name: 'Comparison' });
    const turnover = metricRow('turnover');
    expect(within(turnover).getByText('1,000,000.00 CNY')).toBeTruthy();
    expect(within(turnover).getByText('1,250,000.00 CNY')).toBeTruthy();
    expect(within(turnover).getByText('+250,000.00 CNY')).toBeTruthy();
    expect(within(turnover).getByText('+25.00%')).toBeTruthy();

    const ggr = metricRow('ggr');
    expect(within(ggr).getByText('-5,000.00 CNY')).toBeTruthy();
    expect(within(ggr).getByText('-16.66%')).toBeTruthy();
    // GGR falling is bad for the company; payout rising is bad too.
    expect(ggr.querySelector('[data-col="difference"] .dms-profit__delta--bad')).toBeTruthy();
    expect(metricRow('payout').querySelector('[data-col="percent"] .dms-profit__delta--bad')).toBeTruthy();
    expect(turnover.querySelector('[data-col="percent"] .dms-profit__delta--good')).toBeTruthy();

    const margin = metricRow('margin');
    expect(within(margin).getByText('3.00%')).toBeTruthy();
    expect(within(margin).getByText('-1.00 pp')).toBeTruthy();
  });

  it('shows — for a percentage the gateway could not compute', async () => {
    gateway();
    renderPage();
    await screen.findByRole('region', { name: 'Comparison' });
    const players = metricRow('activePlayers');
    expect(within(players).getByText('+40')).toBeTruthy();
    expect(players.querySelector('[data-col="percent"]')?.textContent).toBe('—');
    // No arrow or colour on a missing percentage; the difference keeps its direction.
    expect(players.querySelector('[data-col="percent"] [data-trend="flat"]')).toBeTruthy();
    expect(players.querySelector('[data-col="percent"] .dms-profit__delta--flat')).toBeTruthy();
    expect(players.querySelector('[data-col="difference"] [data-trend="up"]')).toBeTruthy();
  });

  it('breaks the ranges down by provider, currency and game', async () => {
    gateway();
    const { user } = renderPage();
    const byProvider = await screen.findByRole('region', { name: 'By provider' });
    expect(within(byProvider).getByText('Lucky Star')).toBeTruthy();
    expect(within(byProvider).getByText('Golden Dragon')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'By game' }));
    const byGame = await screen.findByRole('region', { name: 'By game' });
    expect(within(byGame).getByText('Teen Patti')).toBeTruthy();
  });

  it('refuses a search without a provider with the spec message', async () => {
    const gw = gateway();
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Comparison' });
    await user.click(screen.getByRole('button', { name: 'Clear Provider' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Do not choose providerId !')).toBeTruthy();
    expect(gw.callsTo('GET /company-profit/compare')).toHaveLength(1);
  });

  it('reports several currencies in the reporting currency, each currency in itself one click away', async () => {
    const gw = gateway({ 'GET /company-profit/compare': () => ({ code: 0, data: converted([]) }) });
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Comparison' });
    await user.click(screen.getByRole('textbox', { name: 'Currency' }));
    await user.click(await screen.findByText('All currencies'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reporting currency' }), 'CNY');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(query(gw.callsTo('GET /company-profit/compare').at(-1))).toMatchObject({
        currencies: 'CNY,INR',
        reportCurrency: 'CNY',
      }),
    );
    // The fake gateway answers in USD: the figures carry the report's currency. The request is seen before its
    // answer is rendered (the table is redrawn then): waited for, not read at once.
    await waitFor(() => expect(within(metricRow('turnover')).getByText('140,000.00 USD')).toBeTruthy());
    await user.click(screen.getByRole('radio', { name: 'Per currency' }));
    const perCurrency = await screen.findByRole('region', { name: 'By currency' });
    expect(within(perCurrency).getByText('INR')).toBeTruthy();
    expect(within(perCurrency).getByText('1,000,000.00 CNY')).toBeTruthy();
  });

  it('says which rates are missing and shows no total that would lack them', async () => {
    gateway({
      'GET /company-profit/compare': () => ({
        code: 0,
        data: converted([
          { day: '2026-02-03', currency: 'INR' },
          { day: '2026-02-04', currency: 'INR' },
        ]),
      }),
    });
    renderPage();
    const callout = await screen.findByText(/2 exchange rates are missing/);
    expect(callout.closest('.bp6-callout')?.textContent).toContain('INR 2026-02-03');
    expect(screen.getByText('Ask an administrator to set these rates.')).toBeTruthy();
    const turnover = metricRow('turnover');
    expect(turnover.querySelectorAll('td')[0]?.textContent).toBe('—');
    expect(within(turnover).getByText('175,000.00 USD')).toBeTruthy();
  });
});
