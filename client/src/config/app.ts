import { TOKEN_COOKIE as SESSION_TOKEN_COOKIE } from '@dms/shared/contracts/http/paths';

/** Constants of the spec's section 9 and the names of the client's cookies and storage keys. */

/** Cookie holding the session token (spec section 4); the gateway reads it for the avatar image. */
export const TOKEN_COOKIE = SESSION_TOKEN_COOKIE;
/** Cookie holding the sidebar state, `1` open or `0` collapsed. */
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const LANGUAGE_COOKIE = 'language';
export const SIZE_COOKIE = 'size';
/** localStorage key of the settings panel's choices. */
export const SETTINGS_STORAGE_KEY = 'dms:settings';
/** sessionStorage flag set before a language switch reloads the page. */
export const LANGUAGE_SWITCHED_KEY = 'dms:languageSwitched';

export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_COLLAPSED_WIDTH = 54;
export const REQUEST_TIMEOUT_MS = 600_000;
export const VERSION_LABEL = 'Ver 1.4';
export const APP_TITLE = 'Data Management System';

/**
 * Minimum password length (spec section 9). The same number as shared's PASSWORD_MIN, kept here because
 * shared/contracts/http/fields.ts builds zod schemas at load time and would put zod on the login page.
 */
export const PASSWORD_MIN_LENGTH = 6;

/** Menu search (spec section 9). */
export const SEARCH_THRESHOLD = 0.4;
export const SEARCH_MAX_PATTERN_LENGTH = 32;

/** The default theme colour, a purple (spec section 1). */
export const DEFAULT_THEME_COLOR = '#6959CD';
/** Theme colours offered by the settings panel. */
export const THEME_PRESETS = [
  '#6959CD',
  '#7B61FF',
  '#8E44AD',
  '#2D72D2',
  '#1890FF',
  '#13C2C2',
  '#238551',
  '#D9822B',
  '#CD4246',
  '#DB2C6F',
];

/** Sizes of the size choice, large to mini; medium by default. */
export const SIZES = ['large', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof SIZES)[number];
export const DEFAULT_SIZE: UiSize = 'medium';
