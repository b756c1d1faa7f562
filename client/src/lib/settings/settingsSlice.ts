import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_THEME_COLOR, SETTINGS_STORAGE_KEY } from '@/config/app';

export type ColorScheme = 'light' | 'dark';

/** The settings of the spec's section 3, plus the colour scheme; saved in localStorage. */
export interface Settings {
  /** The theme colour (hex), applied to Blueprint's primary intent. */
  theme: string;
  /** Whether the navbar offers the settings panel. */
  showSettings: boolean;
  /** The visited-tags bar (off by default, spec section 2). */
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
  colorScheme: ColorScheme;
  /** Risk levels (1 abnormal, 2 middle, 3 high) whose new alerts play a tone; none by default. */
  alertSounds: number[];
}

export interface SettingsState extends Settings {
  /** Whether the settings side panel is open (not saved). */
  panelOpen: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: DEFAULT_THEME_COLOR,
  showSettings: true,
  tagsView: false,
  fixedHeader: false,
  sidebarLogo: true,
  supportPinyinSearch: true,
  colorScheme: 'light',
  alertSounds: [],
};

const RISK_LEVELS = [1, 2, 3];

const HEX = /^#[0-9a-f]{6}$/i;

/** Reads saved settings, keeping only known keys of the right type. */
export function loadSettings(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): Settings {
  const settings = { ...DEFAULT_SETTINGS };
  try {
    const raw: unknown = JSON.parse(storage?.getItem(SETTINGS_STORAGE_KEY) ?? 'null');
    if (!raw || typeof raw !== 'object') return settings;
    const saved = raw as Record<string, unknown>;
    if (typeof saved.theme === 'string' && HEX.test(saved.theme)) settings.theme = saved.theme;
    for (const key of [
      'showSettings',
      'tagsView',
      'fixedHeader',
      'sidebarLogo',
      'supportPinyinSearch',
    ] as const) {
      if (typeof saved[key] === 'boolean') settings[key] = saved[key];
    }
    if (saved.colorScheme === 'dark' || saved.colorScheme === 'light')
      settings.colorScheme = saved.colorScheme;
    if (Array.isArray(saved.alertSounds))
      settings.alertSounds = RISK_LEVELS.filter((l) => (saved.alertSounds as unknown[]).includes(l));
  } catch {
    // Unreadable settings fall back to the defaults.
  }
  return settings;
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Writes settings; the panel's open state is not saved. */
export function saveSettings(settings: Settings): void {
  try {
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Storage can be full or disabled; the settings still apply to this page.
  }
}

type SettingChange = { [K in keyof Settings]: { key: K; value: Settings[K] } }[keyof Settings];

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: (): SettingsState => ({ ...loadSettings(), panelOpen: false }),
  reducers: {
    settingChanged(state, action: PayloadAction<SettingChange>) {
      const { key, value } = action.payload;
      (state as Record<string, unknown>)[key] = value;
    },
    settingsReset(state) {
      Object.assign(state, DEFAULT_SETTINGS);
    },
    settingsPanelToggled(state, action: PayloadAction<boolean | undefined>) {
      state.panelOpen = action.payload ?? !state.panelOpen;
    },
    /** Turns the tone of a risk level's new alerts on or off. */
    alertSoundToggled(state, action: PayloadAction<{ level: number; on: boolean }>) {
      const { level, on } = action.payload;
      if (!RISK_LEVELS.includes(level)) return;
      const others = state.alertSounds.filter((l) => l !== level);
      state.alertSounds = on ? [...others, level].sort() : others;
    },
    colorSchemeToggled(state) {
      state.colorScheme = state.colorScheme === 'dark' ? 'light' : 'dark';
    },
  },
  selectors: {
    selectSettings: (state) => state,
    selectThemeColor: (state) => state.theme,
    selectColorScheme: (state) => state.colorScheme,
    selectTagsViewEnabled: (state) => state.tagsView,
    selectAlertSounds: (state) => state.alertSounds,
  },
});

export const { settingChanged, settingsReset, settingsPanelToggled, colorSchemeToggled, alertSoundToggled } =
  settingsSlice.actions;
export const {
  selectSettings,
  selectThemeColor,
  selectColorScheme,
  selectTagsViewEnabled,
  selectAlertSounds,
} = settingsSlice.selectors;
