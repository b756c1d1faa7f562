import type { TFunction } from 'i18next';

/** A duration as the wall shows it, to the second under an hour: `42 s`, `3 min 05 s`, `2 h 10 min`. */
export function ageText(t: TFunction, ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return t('wall:age.hours', { h, m });
  if (m > 0) return t('wall:age.minutes', { m, s: String(s).padStart(2, '0') });
  return t('wall:age.seconds', { s });
}
