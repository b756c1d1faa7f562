import type { Currency, Provider } from '@dms/shared/contracts/http/user';
import { api } from './api';

/** Providers and currencies in the account's scope, for filters and forms. */
export const baseDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    providers: build.query<Provider[], void>({
      query: () => '/base/providers',
      providesTags: [{ type: 'Base', id: 'providers' }],
    }),
    currencies: build.query<Currency[], void>({
      query: () => '/base/currencies',
      providesTags: [{ type: 'Base', id: 'currencies' }],
    }),
  }),
});

export const { useProvidersQuery, useCurrenciesQuery } = baseDataApi;
