import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import { DEFAULT_SIZE, SIDEBAR_COOKIE, SIZE_COOKIE, SIZES, type UiSize } from '@/config/app';
import { getLanguageCookie, type Language } from '@/lib/i18n/languages';

export type Device = 'desktop' | 'mobile';

/** Interface state of the spec's section 3: sidebar, device, language, size. */
export interface AppUiState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  language: Language;
  size: UiSize;
}

function isSize(value: unknown): value is UiSize {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value);
}

/** Reads the cookies: the sidebar is open unless `sidebarStatus` is `0`; size defaults to medium. */
export function initialAppUiState(): AppUiState {
  const size = Cookies.get(SIZE_COOKIE);
  return {
    sidebar: { opened: Cookies.get(SIDEBAR_COOKIE) !== '0', withoutAnimation: false },
    device: 'desktop',
    language: getLanguageCookie(),
    size: isSize(size) ? size : DEFAULT_SIZE,
  };
}

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppUiState,
  reducers: {
    sidebarToggled(state) {
      state.sidebar.opened = !state.sidebar.opened;
      state.sidebar.withoutAnimation = false;
    },
    sidebarClosed(state, action: PayloadAction<{ withoutAnimation: boolean } | undefined>) {
      state.sidebar.opened = false;
      state.sidebar.withoutAnimation = action.payload?.withoutAnimation ?? false;
    },
    sidebarOpened(state, action: PayloadAction<{ withoutAnimation: boolean } | undefined>) {
      state.sidebar.opened = true;
      state.sidebar.withoutAnimation = action.payload?.withoutAnimation ?? false;
    },
    deviceChanged(state, action: PayloadAction<Device>) {
      state.device = action.payload;
    },
    sizeChanged(state, action: PayloadAction<UiSize>) {
      state.size = action.payload;
    },
  },
  selectors: {
    selectSidebar: (state) => state.sidebar,
    selectDevice: (state) => state.device,
    selectLanguage: (state) => state.language,
    selectSize: (state) => state.size,
  },
});

export const { sidebarToggled, sidebarClosed, sidebarOpened, deviceChanged, sizeChanged } = appSlice.actions;
export const { selectSidebar, selectDevice, selectLanguage, selectSize } = appSlice.selectors;
