import { createListenerMiddleware } from '@reduxjs/toolkit';
import { registerLiveAlerts } from '@/lib/alerts/liveAlertsListeners';
import { registerLiveSession } from '@/lib/live/liveSession';
import { registerSettingsPersistence } from '@/lib/settings/persistence';
import { registerAppUiPersistence } from '@/lib/ui/persistence';

export interface ListenerOptions {
  /** Start the live connection when a session is ready (off in unit tests, which have no gateway). */
  live?: boolean;
  /** Feed the live alerts slice and keep the open count (follows `live` unless given). */
  alerts?: boolean;
}

/**
 * The store's listener middleware: saves the sidebar and size cookies and the settings, and starts the
 * one live connection when a session is ready and stops it when the session ends; feeds the live alerts.
 */
export function createAppListeners({ live = true, alerts = live }: ListenerOptions = {}) {
  const listeners = createListenerMiddleware();
  registerAppUiPersistence(listeners);
  registerSettingsPersistence(listeners);
  if (live) registerLiveSession(listeners);
  if (alerts) registerLiveAlerts(listeners);
  return listeners;
}
