import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { ErrorBoundary } from './ErrorBoundary';

function Broken(): never {
  throw new Error('panel data was malformed');
}

describe('ErrorBoundary', () => {
  it('shows a retry panel instead of the broken subtree and records the error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = renderWithProviders(
      <>
        <p>still here</p>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByText('still here')).toBeTruthy();
    expect(screen.getByText('This panel failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    const [entry] = store.getState().errorLog.logs;
    expect(entry?.message).toBe('panel data was malformed');
    expect(entry?.info).toMatch(/^React/);
    vi.restoreAllMocks();
  });
});
