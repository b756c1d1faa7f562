import { useSyncExternalStore } from 'react';

/**
 * One clock per period shared by every component that shows an age: a wall with 150 tables re-renders
 * their ages together, in one task and one layout a second, not 150 times at 150 moments of each second.
 */
interface Clock {
  now: number;
  timer: ReturnType<typeof setInterval> | undefined;
  listeners: Set<() => void>;
  /** Stable for React's `useSyncExternalStore` (a new function would resubscribe on every render). */
  subscribe: (listener: () => void) => () => void;
  read: () => number;
}

const clocks = new Map<number, Clock>();

function clockOf(everyMs: number): Clock {
  let clock = clocks.get(everyMs);
  if (!clock) {
    const c: Clock = {
      now: Date.now(),
      timer: undefined,
      listeners: new Set(),
      subscribe: (listener) => subscribe(c, listener, everyMs),
      read: () => c.now,
    };
    clocks.set(everyMs, c);
    clock = c;
  }
  return clock;
}

function subscribe(clock: Clock, listener: () => void, everyMs: number): () => void {
  clock.listeners.add(listener);
  if (clock.timer === undefined) {
    // Stopped while nothing showed an age: the time is read afresh.
    clock.now = Date.now();
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      for (const l of clock.listeners) l();
    }, everyMs);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0) {
      clearInterval(clock.timer);
      clock.timer = undefined;
    }
  };
}

/** The current time, refreshed every `everyMs` (only the components that show an age re-render). */
export function useNow(everyMs = 1000): number {
  const clock = clockOf(everyMs);
  return useSyncExternalStore(clock.subscribe, clock.read);
}

/** Local midnight of the day of `ms`. */
function dayOf(ms: number): number {
  return new Date(ms).setHours(0, 0, 0, 0);
}

/**
 * The start of the current local day, read every minute: a component that writes times as "today's" or with
 * their date (a wall runs for days) re-renders when the day turns, and not before.
 */
export function useToday(): number {
  const clock = clockOf(60_000);
  return useSyncExternalStore(clock.subscribe, () => dayOf(clock.read()));
}
