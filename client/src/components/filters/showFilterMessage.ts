import { MAX_RANGE_DAYS } from '@dms/shared/contracts/http/stats';
import { i18n } from '@/lib/i18n/i18n';
import { showError } from '@/lib/notify/toaster';
import { FILTER_MESSAGE_KEYS, type FilterMessage } from './filterModel';

/** The text of one of the spec's search-page messages in the interface language. */
export function filterMessageText(message: FilterMessage): string {
  return i18n.t(`errors:${FILTER_MESSAGE_KEYS[message]}`, { max: MAX_RANGE_DAYS });
}

/**
 * Shows one of the spec's search-page messages as the 5-second error message (spec section 8). The toast
 * key makes a repeated click replace the toast rather than stack copies of it.
 */
export function showFilterMessage(message: FilterMessage): void {
  void showError(filterMessageText(message), `filter:${message}`);
}
