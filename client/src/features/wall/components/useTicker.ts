import { useEffect, useState } from 'react';

/** The current time, updated every `intervalMs` (the wall's ages and clocks count on their own). */
export function useTicker(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
