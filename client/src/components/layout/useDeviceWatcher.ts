import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import Cookies from 'js-cookie';
import { MOBILE_BREAKPOINT, SIDEBAR_COOKIE } from '@/config/app';
import { deviceChanged, sidebarClosed, sidebarOpened } from '@/lib/ui/appSlice';

/** The media query of the spec's mobile device: narrower than 992 px. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/**
 * Watches the viewport: below 992 px the device is mobile and the sidebar closes without animation; back on
 * desktop the sidebar returns to the state saved in the `sidebarStatus` cookie.
 */
export function useDeviceWatcher(): void {
  const dispatch = useDispatch();
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const apply = (mobile: boolean, initial: boolean) => {
      dispatch(deviceChanged(mobile ? 'mobile' : 'desktop'));
      if (mobile) dispatch(sidebarClosed({ withoutAnimation: true }));
      else if (!initial && Cookies.get(SIDEBAR_COOKIE) !== '0')
        dispatch(sidebarOpened({ withoutAnimation: true }));
    };
    apply(query.matches, true);
    const onChange = (event: MediaQueryListEvent) => apply(event.matches, false);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [dispatch]);
}
