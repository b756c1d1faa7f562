import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { ListPage, useListState, type ListQuery } from './ListPage';

interface Row {
  id: number;
  name: string;
}

const ALL: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));

/** A list page over rows held in memory; `failRefresh` makes every request after the first fail. */
function Harness({ rows, failRefresh = false }: { rows: Row[]; failRefresh?: boolean }) {
  const list = useListState(10);
  const [onlyEven, setOnlyEven] = useState(false);
  const [requests, setRequests] = useState(0);
  const matching = rows.filter(
    (r) => (!list.keyword || r.name.includes(list.keyword)) && (!onlyEven || r.id % 2 === 0),
  );
  const start = (list.page - 1) * list.pageSize;
  const failed = failRefresh && requests > 0;
  const query: ListQuery<Row> = {
    data: { list: matching.slice(start, start + list.pageSize), total: matching.length },
    error: failed ? { status: 500, code: 999, msg: 'gateway down' } : undefined,
    isLoading: false,
    isFetching: false,
    isError: failed,
    refetch: () => setRequests((n) => n + 1),
  };
  return (
    <ListPage
      id="test-list"
      title="Things"
      create={{ icon: 'add', text: 'New thing', onClick: vi.fn() }}
      state={list}
      searchLabel="Search things"
      searchPlaceholder="name"
      filters={
        <label>
          <input type="checkbox" checked={onlyEven} onChange={(e) => setOnlyEven(e.currentTarget.checked)} />{' '}
          even
        </label>
      }
      filtered={onlyEven}
      onReset={() => setOnlyEven(false)}
      query={query}
      empty={{
        noMatchTitle: 'No match',
        noMatch: 'Nothing matches',
        clearText: 'Clear filters',
        title: 'Nothing yet',
        description: 'Create the first thing',
      }}
      table={(page) => (
        <ul>
          {page.map((r) => (
            <li key={r.id}>{r.name}</li>
          ))}
        </ul>
      )}
      dialogs={() => (
        <button type="button" onClick={() => setRequests((n) => n + 1)}>
          refresh
        </button>
      )}
    />
  );
}

describe('ListPage', () => {
  it('pages, searches from page 1, and resets the keyword together with the page’s own filters', async () => {
    renderWithProviders(<Harness rows={ALL} />);
    expect(screen.getByText('row 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('row 11')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search things' }), {
      target: { value: ' row 2 ' },
    });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // "row 2" and "row 20" … "row 24" that are even, from page 1.
    expect(await screen.findByText('row 2')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'row 2',
      'row 20',
      'row 22',
      'row 24',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10));
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('searchbox', { name: 'Search things' }) as HTMLInputElement).value).toBe('');
  });

  it('offers to clear the filters when nothing matches, and to create when there is nothing at all', async () => {
    const { unmount } = renderWithProviders(<Harness rows={ALL} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search things' }), { target: { value: 'zzz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('row 1')).toBeTruthy();
    unmount();

    renderWithProviders(<Harness rows={[]} />);
    expect(screen.getByText('Create the first thing')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New thing' })).toHaveLength(2);
  });

  it('goes back to the last page with rows when the page it shows is emptied', async () => {
    const { rerender } = renderWithProviders(<Harness rows={ALL} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('row 25')).toBeTruthy();
    // The only row of page 3 is deleted: page 2 comes back instead of an empty table.
    rerender(<Harness rows={ALL.slice(0, 20)} />);
    expect(await screen.findByText('row 20')).toBeTruthy();
    expect(screen.getByText('row 11')).toBeTruthy();
  });

  it('keeps the rows it has and says so when a refresh fails', async () => {
    renderWithProviders(<Harness rows={ALL} failRefresh />);
    fireEvent.click(screen.getByRole('button', { name: 'refresh' }));
    expect(
      await screen.findByText(/Could not refresh \(gateway down\); showing the data loaded before\./),
    ).toBeTruthy();
    expect(screen.getByText('row 1')).toBeTruthy();
  });
});
