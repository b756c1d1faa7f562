import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { BootNotices } from '@/components/BootNotices';
import { ReloginAlert } from '@/components/ReloginAlert';
import { ThemeSync } from '@/components/ThemeSync';
import { UiProviders } from '@/components/UiProviders';
import { AppRoutes } from './AppRoutes';
import type { AppStore } from './store';

/** The client: store, Blueprint's providers, the router, and the app-wide prompts. */
export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <UiProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <ReloginAlert />
        <ThemeSync />
        <BootNotices />
      </UiProviders>
    </Provider>
  );
}
