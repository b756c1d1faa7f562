import { useTranslation } from 'react-i18next';
import { freshness, type Signal } from '../state/freshness';
import { ageText } from './ageText';

/**
 * One panel's freshness: what it is judged by, the time since its last signal and, when a rhythm is
 * expected, whether the signal is on time, late or silent (a stopped feed, not a quiet table).
 */
export function FreshnessLine({
  label,
  signal,
  now,
  idleText,
}: {
  label: string;
  signal: Signal;
  now: number;
  idleText?: string;
}) {
  const { t } = useTranslation('wall');
  const { level, ageMs } = freshness(signal, now);
  const every = signal.expectEveryMs === null ? '' : ageText(t, signal.expectEveryMs);
  const text =
    level === 'waiting' || ageMs === null
      ? (idleText ?? t('fresh.waiting'))
      : level === 'quiet' && idleText
        ? idleText
        : t(`fresh.${level}`, { age: ageText(t, ageMs), every });
  return (
    <span className={`wall-fresh wall-fresh--${level}`} data-testid="wall-fresh" data-level={level}>
      <span className="wall-fresh__dot" />
      <span className="wall-fresh__label">{label}</span>
      <span>{text}</span>
    </span>
  );
}
