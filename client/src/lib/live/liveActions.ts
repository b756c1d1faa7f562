import { createAction } from '@reduxjs/toolkit';

/**
 * The account's live access changed (`account:changed`, then a fresh user info): the gateway already moved
 * the socket out of the rooms it lost and stopped sending their events. Slices holding live data drop what
 * came from those screens (permission codes) and providers.
 */
export const liveAccessChanged = createAction<{
  /** Live screen codes (3000, 8000, 11001) the account no longer holds. */
  lostScreens: string[];
  /** Providers no longer in the account's scope. */
  lostProviders: number[];
  /** The account's permission codes and providers now. */
  roles: string[];
  providerIds: number[];
}>('live/accessChanged');
