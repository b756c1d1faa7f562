import { createListenerMiddleware } from '@reduxjs/toolkit';
import { registerLiveSession } from '@/lib/live/liveSession';
import { registerSettingsPersistence } from '@/lib/settings/persistence';
import { registerAppUiPersistence } from '@/lib/ui/persistence';

export interface ListenerOptions {
  /** Start the live connection when a session is ready (off in unit tests, which have no gateway). */
  live?: boolean;
}

/**
 * The store's listener middleware: saves the sidebar and size cookies and the settings, and starts the
 * one live connection when a session is ready and stops it when the session ends.
 */
export function createAppListeners({ live = true }: ListenerOptions = {}) {
  const listeners = createListenerMiddleware();
  registerAppUiPersistence(listeners);
  registerSettingsPersistence(listeners);
  if (live) registerLiveSession(listeners);
  return listeners;
}
