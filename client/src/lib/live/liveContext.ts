import { createContext, useContext } from 'react';
import { live, type LiveConnection } from './live';

/**
 * The live connection a subtree reads: the console's one socket by default; a wall screen provides its own
 * (the display token's), so that the same monitor component runs in both.
 */
export const LiveConnectionContext = createContext<LiveConnection>(live);

/** The live connection of this part of the page. */
export function useLiveConnection(): LiveConnection {
  return useContext(LiveConnectionContext);
}
