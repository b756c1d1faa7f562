import { endpoints } from '@dms/shared/contracts/http/endpoints';
import type { AlertRow, RiskPage } from '@dms/shared/contracts/http/risk';
import { api } from '@/lib/api/api';

/** The open-alert count of the top bar: the total of `GET /risk/alerts?state=open` (scoped by the gateway). */
export const alertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    openAlertCount: build.query<number, void>({
      query: () => ({ url: endpoints.alertList.path, params: { state: 'open', size: 1 } }),
      transformResponse: (page: RiskPage<AlertRow>) => page.total,
      // A count that cannot be read leaves the badge as it was; the next change reads it again.
      extraOptions: { silent: true },
    }),
  }),
});
