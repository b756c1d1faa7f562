import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatsFilter } from '@dms/shared/contracts/http/stats';
import { clearToasts } from '@/lib/notify/toaster';
import { fakeGateway } from '@/testing/fakeGateway';
import { readySession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { FilterBar } from './FilterBar';
import { validateFilter, type FilterDraft } from './filterModel';

// Wednesday 2026-03-18, 12:00 in Shanghai.
const NOW = Date.UTC(2026, 2, 18, 4);

const PROVIDERS = [
  { id: 1001, name: 'Lucky Star' },
  { id: 1002, name: 'Golden Dragon' },
];
const CURRENCIES = [
  { code: 'CNY', name: 'Chinese Yuan' },
  { code: 'INR', name: 'Indian Rupee' },
];

const FULL: FilterDraft = {
  providerIds: [1002, 1001],
  currencies: ['INR', 'CNY'],
  startDate: '2026-03-12',
  endDate: '2026-03-18',
};

function gateway() {
  return fakeGateway({
    'GET /base/providers': () => ({ code: 0, data: PROVIDERS }),
    'GET /base/currencies': () => ({ code: 0, data: CURRENCIES }),
  });
}

/** The bar with its draft in state, as a screen holds it. */
function Harness({
  initial,
  onSearch,
  onDownload,
}: {
  initial: FilterDraft;
  onSearch: (f: StatsFilter) => void;
  onDownload?: (f: StatsFilter) => void;
}) {
  const [draft, setDraft] = useState(initial);
  return (
    <>
      <FilterBar value={draft} onChange={setDraft} onSearch={onSearch} onDownload={onDownload} now={NOW} />
      <output data-testid="draft">{JSON.stringify(draft)}</output>
    </>
  );
}

function renderBar(initial: FilterDraft = FULL) {
  const onSearch = vi.fn();
  const onDownload = vi.fn();
  const view = renderWithProviders(
    <Harness initial={initial} onSearch={onSearch} onDownload={onDownload} />,
    {
      preloadedState: { session: readySession() },
    },
  );
  return { ...view, onSearch, onDownload };
}

configure({ asyncUtilTimeout: 5000 });

const draftShown = () => JSON.parse(screen.getByTestId('draft').textContent ?? '{}') as FilterDraft;

describe('validateFilter', () => {
  it('checks provider, currency, date and order in the spec order', () => {
    expect(validateFilter({ ...FULL, providerIds: [], currencies: [] })).toEqual({
      ok: false,
      message: 'providerRequired',
    });
    expect(validateFilter({ ...FULL, currencies: [] })).toEqual({ ok: false, message: 'currencyRequired' });
    expect(validateFilter({ ...FULL, endDate: null })).toEqual({ ok: false, message: 'dateRequired' });
    expect(validateFilter({ ...FULL, startDate: '2026-03-19' })).toEqual({
      ok: false,
      message: 'startAfterEnd',
    });
    expect(validateFilter({ ...FULL, startDate: '2025-01-01' })).toEqual({
      ok: false,
      message: 'rangeTooLong',
    });
  });

  it('gives the filter with sorted lists', () => {
    expect(validateFilter(FULL)).toEqual({
      ok: true,
      filter: {
        providerIds: [1001, 1002],
        currencies: ['CNY', 'INR'],
        startDate: '2026-03-12',
        endDate: '2026-03-18',
      },
    });
  });
});

describe('FilterBar', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(NOW);
    gateway();
  });
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('searches with the checked filter', async () => {
    const { user, onSearch } = renderBar();
    await screen.findByText('All providers (2)');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({
      providerIds: [1001, 1002],
      currencies: ['CNY', 'INR'],
      startDate: '2026-03-12',
      endDate: '2026-03-18',
    });
  });

  it('says "Do not choose providerId !" when no provider is chosen', async () => {
    const { user, onSearch } = renderBar();
    await screen.findByText('All providers (2)');
    await user.click(screen.getByRole('button', { name: 'Clear Provider' }));
    expect(draftShown().providerIds).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Do not choose providerId !')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('says "Do not choose currency !" when no currency is chosen', async () => {
    const { user, onSearch } = renderBar();
    await screen.findByText('All currencies (2)');
    await user.click(screen.getByRole('button', { name: 'Clear Currency' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Do not choose currency !')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('says "Do not choose date !" when a date is missing', async () => {
    const { user, onSearch } = renderBar();
    const end = screen.getByRole('textbox', { name: 'End date' });
    await user.clear(end);
    fireEvent.blur(end);
    expect(draftShown().endDate).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Do not choose date !')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('says "Start date is less than end date !" when the start is after the end', async () => {
    const { user, onSearch, onDownload } = renderBar();
    const start = screen.getByRole('textbox', { name: 'Start date' });
    await user.click(start);
    await user.clear(start);
    await user.type(start, '2026-03-18');
    const end = screen.getByRole('textbox', { name: 'End date' });
    await user.clear(end);
    await user.type(end, '2026-03-10');
    await act(async () => {
      fireEvent.blur(end);
    });
    await waitFor(() =>
      expect(draftShown()).toMatchObject({ startDate: '2026-03-18', endDate: '2026-03-10' }),
    );
    // Both typed dates stay readable; the message is beside the field, not in place of the end date.
    expect((end as HTMLInputElement).value).toBe('2026-03-10');
    expect(end.getAttribute('aria-invalid')).toBe('true');
    const beside = screen.getByText('Start date is less than end date !', { selector: '.dms-filter__error' });
    expect(end.getAttribute('aria-describedby')).toBe(beside.id);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        screen.getAllByText('Start date is less than end date !').some((n) => n.closest('.bp6-toast')),
      ).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(onDownload).not.toHaveBeenCalled();
  });

  it('starts the calendar weeks on Monday in English too, as "This week" does', async () => {
    const { user } = renderBar({ ...FULL, startDate: null, endDate: null });
    await user.click(screen.getByRole('textbox', { name: 'Start date' }));
    await screen.findByRole('menu');
    await waitFor(() => expect(document.querySelector('.rdp-head_cell')).toBeTruthy());
    const month = document.querySelector('.rdp-month') as HTMLElement;
    const weekdays = [...month.querySelectorAll('.rdp-head_cell')].map((n) => n.getAttribute('aria-label'));
    expect(weekdays[0]).toBe('Monday');
    expect(weekdays[6]).toBe('Sunday');
  });

  it('offers the spec shortcuts, computed in the business zone', async () => {
    const { user } = renderBar({ ...FULL, startDate: null, endDate: null });
    await user.click(screen.getByRole('textbox', { name: 'Start date' }));
    const menu = await screen.findByRole('menu');
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels).toEqual([
      'Today',
      'Yesterday',
      'Last 7 days',
      'Last 30 days',
      'Last 6 months',
      'This week',
      'This month',
      'Last week',
      'Last month',
      'This year',
    ]);
    await user.click(within(menu).getByText('Last week'));
    await waitFor(() =>
      expect(draftShown()).toMatchObject({ startDate: '2026-03-09', endDate: '2026-03-15' }),
    );
  });

  it('chooses every provider with "All providers" and shows one tag for them', async () => {
    const { user } = renderBar({ ...FULL, providerIds: [1001] });
    await screen.findByText('Lucky Star');
    await user.click(screen.getByRole('textbox', { name: 'Provider' }));
    await user.click(await screen.findByText('All providers'));
    await waitFor(() => expect(draftShown().providerIds).toEqual([1001, 1002]));
    expect(screen.getByText('All providers (2)')).toBeTruthy();
  });
});
