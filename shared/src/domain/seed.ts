/**
 * Texts the product itself writes on the first start (the super role, the administrator account). They
 * are stored as these English texts; the client shows each in the interface language (`common:seed.<key>`)
 * for as long as the stored value is still the seeded one. A value someone changed is their data and is
 * shown as it is.
 */
export const SEED_TEXTS = {
  superRoleName: 'Super Admin',
  superRoleDescription: 'Holds every permission, current and future',
  adminNickname: 'Administrator',
  adminIntroduction: 'I am a super administrator',
} as const;

export type SeedTextKey = keyof typeof SEED_TEXTS;

const KEY_OF_VALUE: ReadonlyMap<string, SeedTextKey> = new Map(
  (Object.entries(SEED_TEXTS) as [SeedTextKey, string][]).map(([key, value]) => [value, key]),
);

/** The key of a seeded text, or undefined for any other value. */
export function seedTextKey(value: string | null | undefined): SeedTextKey | undefined {
  return value ? KEY_OF_VALUE.get(value) : undefined;
}
