import '@blueprintjs/core/lib/css/blueprint.css';
import './styles/app.css';
import { FocusStyleManager } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { setupStore } from '@/app/store';
import { installGlobalErrorCapture } from '@/lib/errorLog/capture';
import { initI18n } from '@/lib/i18n/i18n';
import { getLanguageCookie } from '@/lib/i18n/languages';
import { installIconLoader } from '@/lib/icons/iconLoader';

installIconLoader();
// Focus rings for keyboard users only, not after every mouse click.
FocusStyleManager.onlyShowFocusOnTabs();

const store = setupStore();
installGlobalErrorCapture(store.dispatch);

await initI18n(getLanguageCookie());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container, {
  // Render errors that no boundary caught still reach the error log (window "error" does not see them).
  onUncaughtError: (error) => {
    window.dispatchEvent(
      new ErrorEvent('error', { error, message: error instanceof Error ? error.message : String(error) }),
    );
  },
}).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
