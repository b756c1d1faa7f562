import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Link, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { generateRoutes } from '@/lib/session/sessionSlice';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { AppMain } from './AppMain';
import { TagsView } from './TagsView';

/** A page with a filter input, whose value lives in React state. */
function FilterPage({ name }: { name: string }) {
  const [value, setValue] = useState('');
  return <input aria-label={`${name} filter`} value={value} onChange={(e) => setValue(e.target.value)} />;
}

const table = generateRoutes(['8000', '10000']);
const routes: RouteObject[] = [
  { path: '/homepage', element: <FilterPage name="home" /> },
  { path: '/riskdata/riskdata', element: <FilterPage name="risk data" /> },
  { path: '/risksetting', element: <FilterPage name="risk setting" /> },
  { path: '/profile/index', element: <FilterPage name="profile" /> },
];

function Shell({ keepAlive }: { keepAlive: boolean }) {
  return (
    <>
      <nav aria-label="menu">
        <Link to="/riskdata/riskdata">go risk data</Link>
        <Link to="/risksetting">go risk setting</Link>
        <Link to="/profile/index">go profile</Link>
      </nav>
      <TagsView table={table} />
      <AppMain routes={routes} table={table} keepAlive={keepAlive} />
    </>
  );
}

const tagsBar = () => screen.getByRole('navigation', { name: 'Open pages' });

describe('tags bar keep-alive', () => {
  it('keeps each open page’s input when switching tags', async () => {
    const { user } = renderWithProviders(<Shell keepAlive />, { route: '/riskdata/riskdata' });
    await user.type(screen.getByLabelText('risk data filter'), 'CNY 1001');
    await user.click(screen.getByText('go risk setting'));
    await user.type(screen.getByLabelText('risk setting filter'), '25');
    expect(screen.getByLabelText('risk data filter').closest('.dms-pane')).toHaveProperty(
      'style.display',
      'none',
    );

    await user.click(within(tagsBar()).getByText('Risk Data'));
    expect(screen.getByLabelText<HTMLInputElement>('risk data filter').value).toBe('CNY 1001');
    await user.click(within(tagsBar()).getByText('Risk Setting'));
    expect(screen.getByLabelText<HTMLInputElement>('risk setting filter').value).toBe('25');
  });

  it('does not keep noCache pages (profile)', async () => {
    const { user } = renderWithProviders(<Shell keepAlive />, { route: '/profile/index' });
    await user.type(screen.getByLabelText('profile filter'), 'secret');
    await user.click(screen.getByText('go risk data'));
    expect(screen.queryByLabelText('profile filter')).toBeNull();
    await user.click(within(tagsBar()).getByText('Profile'));
    expect(screen.getByLabelText<HTMLInputElement>('profile filter').value).toBe('');
  });

  it('keeps nothing when the tags bar is off', async () => {
    const { user } = renderWithProviders(<Shell keepAlive={false} />, { route: '/riskdata/riskdata' });
    await user.type(screen.getByLabelText('risk data filter'), 'CNY');
    await user.click(screen.getByText('go risk setting'));
    await user.click(screen.getByText('go risk data'));
    expect(screen.getByLabelText<HTMLInputElement>('risk data filter').value).toBe('');
  });

  it('forgets a page when its tag is closed', async () => {
    const { user } = renderWithProviders(<Shell keepAlive />, { route: '/riskdata/riskdata' });
    await user.type(screen.getByLabelText('risk data filter'), 'CNY');
    await user.click(screen.getByText('go risk setting'));
    await user.click(within(tagsBar()).getByRole('button', { name: 'Close Risk Data' }));
    expect(within(tagsBar()).queryByText('Risk Data')).toBeNull();
    await user.click(screen.getByText('go risk data'));
    expect(screen.getByLabelText<HTMLInputElement>('risk data filter').value).toBe('');
  });

  it('affixes the home page: its tag comes first and cannot be closed', async () => {
    const { user, store } = renderWithProviders(<Shell keepAlive />, { route: '/riskdata/riskdata' });
    const links = within(tagsBar()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home Page', 'Risk Data']);
    expect(within(tagsBar()).queryByRole('button', { name: 'Close Home Page' })).toBeNull();
    // Closing the current page goes to the last remaining tag.
    await user.click(within(tagsBar()).getByRole('button', { name: 'Close Risk Data' }));
    expect(screen.getByLabelText('home filter')).toBeTruthy();
    expect(store.getState().tags.visited.map((v) => v.path)).toEqual(['/homepage']);
  });
});
