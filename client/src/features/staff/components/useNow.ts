import { useEffect, useState } from 'react';

/** The current time in epoch ms, refreshed every `intervalMs`, so relative times ("3 minutes ago") move on. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
