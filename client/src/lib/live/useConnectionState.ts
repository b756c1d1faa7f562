import { useSyncExternalStore } from 'react';
import { live, type ConnectionState } from './live';

/** The live connection's state, for the navbar indicator. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = live.connectionState$.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    () => live.state,
  );
}
