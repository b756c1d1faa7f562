import { useCallback, useMemo } from 'react';
import type { Currency, Provider } from '@dms/shared/contracts/http/user';
import { useCurrenciesQuery, useProvidersQuery } from '@/lib/api/baseDataApi';

/** The providers and currencies of the signed-in account's scope (`GET /base/providers`, `/base/currencies`). */
export interface ScopeOptions {
  providers: readonly Provider[];
  currencies: readonly Currency[];
  /** Both lists have arrived. */
  ready: boolean;
  loading: boolean;
  /** One of the lists failed to load. */
  error: boolean;
  /** Asks again for a list that failed. */
  retry: () => void;
  /** A provider's name by id (the id itself when unknown). */
  providerName: (id: number) => string;
}

const NONE: never[] = [];

/** The scope's base data for the statistics filters, cached by RTK Query across screens. */
export function useScopeOptions(): ScopeOptions {
  const providers = useProvidersQuery();
  const currencies = useCurrenciesQuery();
  const providerList = providers.data ?? NONE;
  const names = useMemo(() => new Map(providerList.map((p) => [p.id, p.name])), [providerList]);
  const providerName = useCallback((id: number) => names.get(id) ?? String(id), [names]);
  return {
    providers: providerList,
    currencies: currencies.data ?? NONE,
    ready: providers.isSuccess && currencies.isSuccess,
    loading: providers.isLoading || currencies.isLoading,
    error: providers.isError || currencies.isError,
    retry: () => {
      if (providers.isError) void providers.refetch();
      if (currencies.isError) void currencies.refetch();
    },
    providerName,
  };
}
