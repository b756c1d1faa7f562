import type { Kysely } from 'kysely';
import type { Store } from '../platform/db/db.store';
import type { PlatformTables } from '../engine/events.tables';

/**
 * The feed's small durable state (table `sim_state`): the simulator's world inputs and progress, the
 * poller's cursor. One JSON value per key. Never holds the simulator's ground truth.
 */
export interface FeedStateStore {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  /** Provider ids and currency codes of the base data, in display order. */
  baseData(): Promise<{ providers: number[]; currencies: string[] }>;
}

interface BaseTables {
  provider: { id: number };
  currency: { code: string; sort: number };
}

/** {@link FeedStateStore} over the gateway's store. */
export class FeedStateRepository implements FeedStateStore {
  private readonly db: Kysely<PlatformTables & BaseTables>;

  constructor(
    store: Pick<Store, 'db'>,
    private readonly now: () => number = Date.now,
  ) {
    this.db = store.db as unknown as Kysely<PlatformTables & BaseTables>;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const row = await this.db
      .selectFrom('sim_state')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async put(key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    const at = this.now();
    await this.db
      .insertInto('sim_state')
      .values({ key, value: text, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: at }))
      .execute();
  }

  async baseData(): Promise<{ providers: number[]; currencies: string[] }> {
    const providers = await this.db.selectFrom('provider').select('id').orderBy('id').execute();
    const currencies = await this.db
      .selectFrom('currency')
      .select('code')
      .orderBy('sort')
      .orderBy('code')
      .execute();
    return { providers: providers.map((p) => Number(p.id)), currencies: currencies.map((c) => c.code) };
  }
}
