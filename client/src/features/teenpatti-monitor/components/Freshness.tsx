import { useTranslation } from 'react-i18next';
import { expectedGap, freshnessOf, type PanelClock } from '../state/tpModel';
import { useNow } from './useNow';

function seconds(ms: number): number {
  return Math.max(0, Math.round(ms / 1000));
}

/**
 * How fresh a wall-screen panel is: the time since its last batch against the gap it expects (the median of
 * its recent gaps). Green while fresh, red when silent for over three expected gaps.
 */
export function Freshness({ clock, floorMs }: { clock: PanelClock; floorMs?: number }) {
  const { t } = useTranslation('tpMonitor');
  const now = useNow();
  const state = freshnessOf(clock, now, floorMs);
  const gap = expectedGap(clock);
  let text: string;
  if (state === 'waiting' || clock.lastAt === null) text = t('fresh.waiting');
  else {
    text = t(state === 'fresh' ? 'fresh.fresh' : 'fresh.stale', { s: seconds(now - clock.lastAt) });
    if (gap !== null) text += ` · ${t('fresh.expected', { s: Math.max(1, seconds(gap)) })}`;
  }
  return (
    <span className={`dms-tpm__fresh is-${state}`} role="status" data-freshness={state}>
      <span className="dms-tpm__fresh-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
