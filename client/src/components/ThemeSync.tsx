import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Classes } from '@blueprintjs/core';
import { SIZES } from '@/config/app';
import { applyThemeColor } from '@/lib/settings/themeColor';
import { selectColorScheme, selectThemeColor } from '@/lib/settings/settingsSlice';
import { selectSize } from '@/lib/ui/appSlice';

/**
 * Applies the theme colour (CSS custom properties of Blueprint's primary intent), the light or dark scheme
 * (`bp6-dark` on <body>, so portals follow) and the size class (`dms-size-*` on <html>) app-wide.
 */
export function ThemeSync() {
  const theme = useSelector(selectThemeColor);
  const scheme = useSelector(selectColorScheme);
  const size = useSelector(selectSize);

  useEffect(() => {
    applyThemeColor(theme);
  }, [theme]);

  useEffect(() => {
    const dark = scheme === 'dark';
    document.body.classList.toggle(Classes.DARK, dark);
    document.documentElement.dataset.colorScheme = scheme;
    document.documentElement.style.colorScheme = scheme;
  }, [scheme]);

  useEffect(() => {
    const root = document.documentElement;
    for (const s of SIZES) root.classList.toggle(`dms-size-${s}`, s === size);
  }, [size]);

  return null;
}
