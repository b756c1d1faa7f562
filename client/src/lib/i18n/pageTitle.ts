import type { TFunction } from 'i18next';
import { APP_TITLE } from '@/config/app';

/**
 * The document title of a page in the interface language: "<page> - <product name>", or the product name
 * alone. Before the locale files have loaded (or if the name is missing), the product name falls back to
 * the spec's "Data Management System". Every screen's title goes through here, so all pages name the
 * product the same way.
 */
export function pageTitle(page: string | undefined, t: TFunction): string {
  const app = t('common:appTitle', { defaultValue: APP_TITLE });
  return page ? `${page} - ${app}` : app;
}
