import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/renderWithProviders';
import enMonitor from '@/locales/en/monitor.json';
import enTp from '@/locales/en/tpMonitor.json';
import { TablesFallback } from './TablesFallback';

describe('TablesFallback', () => {
  it("says there is no live table in its monitor's words", () => {
    const { unmount } = renderWithProviders(
      <TablesFallback loading={false} failed={false} wall={false} onRetry={() => undefined} ns="monitor" />,
    );
    screen.getByText(enMonitor.tables.empty);
    screen.getByText(enMonitor.tables.emptyHint);
    unmount();
    renderWithProviders(
      <TablesFallback loading={false} failed={false} wall={false} onRetry={() => undefined} ns="tpMonitor" />,
    );
    screen.getByText(enTp.tables.empty);
  });

  it('offers a retry after a failure in the console, and none on a wall screen', async () => {
    const onRetry = vi.fn();
    const { unmount } = renderWithProviders(
      <TablesFallback loading={false} failed wall={false} onRetry={onRetry} ns="tpMonitor" />,
    );
    screen.getByText(enTp.loadFailed);
    await userEvent.click(screen.getByRole('button', { name: enTp.retry }));
    expect(onRetry).toHaveBeenCalledOnce();
    unmount();
    renderWithProviders(<TablesFallback loading={false} failed wall onRetry={onRetry} ns="monitor" />);
    screen.getByText(enMonitor.loadFailed);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a spinner while the feed loads', () => {
    const { container } = renderWithProviders(
      <TablesFallback loading failed={false} wall onRetry={() => undefined} ns="monitor" />,
    );
    expect(container.querySelector('.bp6-spinner')).not.toBeNull();
    expect(screen.queryByText(enMonitor.tables.empty)).toBeNull();
  });
});
