import type { Currency, Provider } from '@dms/shared/contracts/http/user';
import type { Db } from '../../platform/db/db.store';

/** Providers by id (all of them for `'all'`), ordered by id. */
export async function listProviders(db: Db, ids: readonly number[] | 'all'): Promise<Provider[]> {
  if (ids !== 'all' && ids.length === 0) return [];
  let q = db.selectFrom('provider').select(['id', 'name']).orderBy('id');
  if (ids !== 'all') q = q.where('id', 'in', ids);
  return q.execute();
}

/** Currencies by code (all of them for `'all'`), in display order. */
export async function listCurrencies(db: Db, codes: readonly string[] | 'all'): Promise<Currency[]> {
  if (codes !== 'all' && codes.length === 0) return [];
  let q = db.selectFrom('currency').select(['code', 'name']).orderBy('sort').orderBy('code');
  if (codes !== 'all') q = q.where('code', 'in', codes);
  return q.execute();
}
