import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import {
  alertSoundToggled,
  colorSchemeToggled,
  saveSettings,
  settingChanged,
  settingsReset,
  type SettingsState,
} from './settingsSlice';

/** Saves the settings to localStorage whenever one changes. */
export function registerSettingsPersistence(listeners: ListenerMiddlewareInstance): void {
  listeners.startListening({
    matcher: isAnyOf(settingChanged, settingsReset, colorSchemeToggled, alertSoundToggled),
    effect: (_action, api) => {
      const { panelOpen: _panelOpen, ...settings } = (api.getState() as { settings: SettingsState }).settings;
      saveSettings(settings);
    },
  });
}
