import type { Currency, Provider } from '@dms/shared/contracts/http/user';
import { refuse } from '../../platform/errors/errors';
import type { Scope } from '../../platform/auth/auth.context';
import type { Store } from '../../platform/db/db.store';
import * as repo from './base.repository';

/** Base data: providers and currencies, always read through an account's scope. */
export class BaseService {
  constructor(private readonly store: Store) {}

  /** The providers of a scope (every provider for the super account). */
  providers(scope: Scope): Promise<Provider[]> {
    return repo.listProviders(this.store.db, scope.providers);
  }

  /** The currencies of a scope (every currency for the super account). */
  currencies(scope: Scope): Promise<Currency[]> {
    return repo.listCurrencies(this.store.db, scope.currencies);
  }

  /** Refuses provider ids or currency codes that do not exist (-1, naming the first unknown one). */
  async assertExist(providerIds: readonly number[], currencyCodes: readonly string[]): Promise<void> {
    const [providers, currencies] = await Promise.all([
      repo.listProviders(this.store.db, providerIds),
      repo.listCurrencies(this.store.db, currencyCodes),
    ]);
    const knownP = new Set(providers.map((p) => p.id));
    const missingP = providerIds.find((id) => !knownP.has(id));
    if (missingP !== undefined) throw refuse.bad('base.unknownProvider', { provider: missingP });
    const knownC = new Set(currencies.map((c) => c.code));
    const missingC = currencyCodes.find((c) => !knownC.has(c));
    if (missingC !== undefined) throw refuse.bad('base.unknownCurrency', { currency: missingC });
  }
}
