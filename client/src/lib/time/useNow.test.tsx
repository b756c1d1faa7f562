import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToday } from './useNow';

let renders = 0;
function Today() {
  renders += 1;
  return <span data-testid="today">{new Date(useToday()).toDateString()}</span>;
}

describe('useToday', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('re-renders when the local day turns, not every minute before it', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 11, 7, 23, 50));
    renders = 0;
    render(<Today />);
    expect(screen.getByTestId('today').textContent).toBe(new Date(2026, 11, 7).toDateString());
    const first = renders;
    // Nine minutes of the same day: the clock ticks, nothing re-renders.
    act(() => {
      vi.advanceTimersByTime(9 * 60_000);
    });
    expect(renders).toBe(first);
    // Past midnight: the next minute's tick gives the new day.
    act(() => {
      vi.advanceTimersByTime(2 * 60_000);
    });
    expect(screen.getByTestId('today').textContent).toBe(new Date(2026, 11, 8).toDateString());
    expect(renders).toBe(first + 1);
  });
});
