import type { Config } from '../../config/config';
import type { Logger } from '../logger/logger';
import { generatePassword, hashPassword } from '../auth/auth.password';
import { openStore, type Store } from './db.store';
import { SUPER_ACCOUNT_NAME } from './db.seed';

/** What the first start created, for the banner. */
export interface FirstStart {
  adminAccount: string;
  /** The generated password, present only when DMS_ADMIN_PASSWORD was not set. Shown once. */
  generatedPassword?: string;
}

/**
 * Opens the store the configuration selects and migrates it. On the first start the seed migration
 * creates the admin account with DMS_ADMIN_PASSWORD or a generated password; on later starts nothing is
 * hashed or generated, so a restart stays fast.
 */
export async function openConfiguredStore(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'adminPassword' | 'scryptLogN'>,
  now: () => number,
  pgSchema?: string,
  logger?: Logger,
): Promise<{ store: Store; firstStart: FirstStart | undefined }> {
  let generated: string | undefined;
  const { store, applied } = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(pgSchema ? { pgSchema } : {}),
    logger,
    seed: {
      now,
      adminPasswordHash: () => {
        if (!config.adminPassword) generated = generatePassword();
        return hashPassword(config.adminPassword ?? generated ?? '', config.scryptLogN);
      },
    },
  });
  const seeded = applied.includes('0002_seed');
  const firstStart = seeded
    ? { adminAccount: SUPER_ACCOUNT_NAME, ...(generated ? { generatedPassword: generated } : {}) }
    : undefined;
  return { store, firstStart };
}
