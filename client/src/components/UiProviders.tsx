import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { useEffect, type ReactNode } from 'react';
import { localizeBlueprintLabels } from '@/lib/i18n/blueprintLabels';

/**
 * Blueprint's overlay stack and portal context. Not `BlueprintProvider`: its hotkeys provider brings the
 * hotkeys dialog (and the whole overlay code) onto the login page; a screen that needs hotkeys adds
 * `HotkeysProvider` itself. Blueprint's built-in English labels are localised here too.
 */
export function UiProviders({ children }: { children: ReactNode }) {
  // Blueprint's own English accessible names ("Close") in the interface language.
  useEffect(() => localizeBlueprintLabels(), []);
  return (
    <PortalProvider>
      <OverlaysProvider>{children}</OverlaysProvider>
    </PortalProvider>
  );
}
