import { Icon } from '@blueprintjs/core';
import { trendOf, type Metric } from '../format';

/** Props of {@link Delta}. */
export interface DeltaProps {
  metric: Metric;
  /** B − A, which sets the arrow and the colour. */
  value: number | null | undefined;
  /** The text shown (the difference or its percentage). */
  text: string;
}

/**
 * A change B − A with an arrow for its direction, coloured by what it means for the company: green when
 * it is good (turnover up, payout down), red when it is bad. A change without a figure (a percentage of a
 * zero base) is passed with a null `value`, so its "—" stands without an arrow or colour.
 */
export function Delta({ metric, value, text }: DeltaProps) {
  const { dir, good } = trendOf(metric, value);
  const tone = good === null ? 'flat' : good ? 'good' : 'bad';
  return (
    <span className={`dms-profit__delta dms-profit__delta--${tone}`} data-trend={dir}>
      {dir !== 'flat' && <Icon icon={dir === 'up' ? 'arrow-up' : 'arrow-down'} size={12} aria-hidden />}
      {text}
    </span>
  );
}
