import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/**
 * Blueprint's overlay stack and portal context. Not `BlueprintProvider`: its hotkeys provider brings the
 * hotkeys dialog (and the whole overlay code) onto the login page; a screen that needs hotkeys adds
 * `HotkeysProvider` itself.
 */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <PortalProvider>
      <OverlaysProvider>{children}</OverlaysProvider>
    </PortalProvider>
  );
}
