import { useTranslation } from 'react-i18next';
import { seedTextKey } from '@dms/shared/domain/seed';
import { i18n } from './i18n';

/**
 * A stored text shown in the interface language when the product wrote it (the super role's name and
 * description, the administrator's nickname and introduction: `shared/src/domain/seed.ts`), else the text
 * as it is. Screens show role names, role descriptions, nicknames and introductions through this.
 */
export function seedText(value: string): string;
export function seedText(value: string | null | undefined): string | undefined;
export function seedText(value: string | null | undefined): string | undefined {
  const key = seedTextKey(value);
  if (!key) return value ?? undefined;
  return i18n.t(`common:seed.${key}`, { defaultValue: value ?? '' });
}

/** {@link seedText}, re-rendered when the language changes. */
export function useSeedText(): typeof seedText {
  useTranslation('common');
  return seedText;
}
