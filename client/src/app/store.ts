import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { liveAlertsSlice } from '@/lib/alerts/liveAlertsSlice';
import { api } from '@/lib/api/api';
import { errorLogSlice } from '@/lib/errorLog/errorLogSlice';
import { sessionSlice } from '@/lib/session/sessionSlice';
import { settingsSlice } from '@/lib/settings/settingsSlice';
import { tagsSlice } from '@/lib/tags/tagsSlice';
import { appSlice } from '@/lib/ui/appSlice';
import { monitorSlice } from '@/features/baccarat-monitor/state/monitorSlice';
import { tpMonitorSlice } from '@/features/teenpatti-monitor/state/tpSlice';
import { createAppListeners, type ListenerOptions } from './listeners';

/** The root reducer; features add their slices with `rootReducer.inject(slice)`. */
export const rootReducer = combineSlices(
  api,
  sessionSlice,
  appSlice,
  settingsSlice,
  tagsSlice,
  errorLogSlice,
  // The baccarat monitor's live state: the console page and a wall screen render the same slice.
  monitorSlice,
  // The Teen Patti monitor's live state (console page and wall screen alike).
  tpMonitorSlice,
  liveAlertsSlice,
);

export type RootState = ReturnType<typeof rootReducer>;

export type StoreOptions = ListenerOptions;

/**
 * Creates the store: the RTK Query API, the app's slices, and the listener middleware (preferences, live
 * connection). Tests call it with a preloaded state and `{ live: false }`.
 */
export function setupStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const listeners = createAppListeners(options);
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(listeners.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
