import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERM } from '@dms/shared/permissions/codes';
import { clearToasts } from '@/lib/notify/toaster';
import { fakeGateway, type FakeHandler } from '@/testing/fakeGateway';
import { readySession, userInfo } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { ExchangeRatesPage } from './ExchangeRatesPage';

configure({ asyncUtilTimeout: 5000 });

const RATES = [
  {
    day: '2026-03-02',
    currency: 'CNY',
    rate: 7.1234,
    updatedAt: Date.UTC(2026, 2, 2),
    updatedBy: 'finance1',
  },
  { day: '2026-03-01', currency: 'INR', rate: 83.1, updatedAt: Date.UTC(2026, 2, 1), updatedBy: 'finance1' },
];

function gateway(handlers: Record<string, FakeHandler> = {}) {
  return fakeGateway({
    'GET /base/providers': () => ({ code: 0, data: [{ id: 1001, name: 'Lucky Star' }] }),
    'GET /base/currencies': () => ({
      code: 0,
      data: [
        { code: 'CNY', name: 'Chinese Yuan' },
        { code: 'USD', name: 'US Dollar' },
        { code: 'INR', name: 'Indian Rupee' },
      ],
    }),
    'GET /exchange-rates/list': () => ({ code: 0, data: { list: RATES, total: 2, page: 1, pageSize: 20 } }),
    'GET /exchange-rates/history': () => ({
      code: 0,
      data: {
        list: [
          {
            at: Date.UTC(2026, 2, 2),
            actor: 'finance1',
            action: 'rate.import',
            currency: 'CNY, INR',
            startDay: '2026-03-01',
            endDay: '2026-03-02',
            rate: null,
            written: 2,
            deleted: 0,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 10,
      },
    }),
    ...handlers,
  });
}

function renderPage() {
  return renderWithProviders(<ExchangeRatesPage />, {
    preloadedState: { session: readySession(userInfo({ permission: PERM.EXCHANGE_RATES })) },
  });
}

describe('ExchangeRatesPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
  });

  it('lists the rates per day as 1 USD = n units, and the change log', async () => {
    gateway();
    renderPage();
    const table = await screen.findByRole('region', { name: 'Exchange rates' });
    expect(within(table).getByText('7.1234')).toBeTruthy();
    expect(within(table).getByText('2026-03-02')).toBeTruthy();
    const log = screen.getByRole('region', { name: 'Change log' });
    expect(within(log).getByText('Imported')).toBeTruthy();
    expect(within(log).getByText('2026-03-01 – 2026-03-02')).toBeTruthy();
  });

  it('sets a rate for a range, checking the fields beside them first', async () => {
    const gw = gateway({
      'POST /exchange-rates/set': () => ({ code: 0, data: { written: 3, replaced: 1, deleted: 0 } }),
    });
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Exchange rates' });
    await user.click(screen.getByRole('button', { name: 'Set rate' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose a currency', { selector: '.bp6-form-helper-text' })).toBeTruthy();
    expect(within(dialog).getByText('Rate must be a number greater than 0')).toBeTruthy();
    expect(gw.callsTo('POST /exchange-rates/set')).toHaveLength(0);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Currency' }), 'CNY');
    expect(within(dialog).queryByRole('option', { name: 'USD' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Rate' }), '7,25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gw.callsTo('POST /exchange-rates/set')).toHaveLength(1));
    expect(gw.callsTo('POST /exchange-rates/set')[0]?.body).toMatchObject({ currency: 'CNY', rate: 7.25 });
    expect(await screen.findByText('Rates set for 3 days (1 replaced)')).toBeTruthy();
  });

  it('lists each refused line of an import in the interface language', async () => {
    gateway({
      'POST /exchange-rates/import': () => ({
        code: -1,
        msg: 'the file has 2 invalid lines; nothing was imported',
        key: 'rates.csvInvalid',
        params: { count: 2 },
        data: {
          errors: [
            { line: 3, key: 'rates.csvDay', params: { line: 3 } },
            { line: 5, key: 'rates.csvBase', params: { line: 5, currency: 'USD' } },
          ],
        },
      }),
    });
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Exchange rates' });
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog');
    const file = new File(['day,currency,rate\n2026-03-01,CNY,7\n2026-02-30,CNY,7\n'], 'rates.csv', {
      type: 'text/csv',
    });
    await user.upload(within(dialog).getByLabelText('Choose a CSV file'), file);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The file has 2 invalid lines; nothing was imported');
    expect(within(alert).getByText('Line 3: the day must be written YYYY-MM-DD')).toBeTruthy();
    expect(within(alert).getByText('Line 5: USD is the base currency, its rate is always 1')).toBeTruthy();
  });
});
