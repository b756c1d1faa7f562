import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { dismissRelogin, isReloginOpen, subscribeRelogin } from '@/lib/api/reloginPrompt';
import { removeToken } from '@/lib/session/token';

// The dialog code loads with the first prompt, not with the login page.
const ReloginDialog = lazy(() => import('./ReloginDialog').then((m) => ({ default: m.ReloginDialog })));

interface ReloginAlertProps {
  /** Reloads the page after the token is cleared; `window.location.reload` by default. */
  reload?: () => void;
}

/**
 * The expired-session prompt (spec sections 4 and 8): re-login clears the token and reloads the page,
 * which then goes to the login page; cancel leaves the page as it is. Mounted once at the app root.
 */
export function ReloginAlert({ reload = () => window.location.reload() }: ReloginAlertProps) {
  const open = useSyncExternalStore(subscribeRelogin, isReloginOpen);
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ReloginDialog
        isOpen={open}
        onConfirm={() => {
          removeToken();
          dismissRelogin();
          reload();
        }}
        onCancel={dismissRelogin}
      />
    </Suspense>
  );
}
