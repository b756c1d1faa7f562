import './monitor.css';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { freshnessOf, silenceLimit, type PanelClock } from './panelClock';
import { useNow } from '@/lib/time/useNow';

/** A duration in the interface language ("12 s", "3 分钟"), from the `monitor` namespace's units. */
export function formatDuration(ms: number, t: TFunction, atLeast = 0): string {
  const s = Math.max(atLeast, Math.round(ms / 1000));
  if (s < 120) return t('monitor:unit.s', { n: s });
  const min = Math.round(s / 60);
  if (min < 120) return t('monitor:unit.min', { n: min });
  return t('monitor:unit.h', { n: Math.round(min / 60) });
}

/**
 * How fresh a wall-screen panel is: the time since its last batch against the silence it allows
 * ({@link silenceLimit}: three expected gaps, one and a half of its longest recent gap, at least `floorMs`,
 * each monitor's own floor). Green while fresh, with the silence that would turn it red; red past it.
 */
export function Freshness({ clock, floorMs }: { clock: PanelClock; floorMs: number }) {
  const { t } = useTranslation('monitor');
  const now = useNow();
  const limit = silenceLimit(clock, floorMs);
  const state = freshnessOf(clock, now, floorMs, limit);
  let text: string;
  if (state === 'waiting' || clock.lastAt === null) text = t('fresh.waiting');
  else {
    const age = formatDuration(now - clock.lastAt, t);
    text = t(state === 'fresh' ? 'fresh.fresh' : 'fresh.stale', { age });
    if (state === 'fresh') text += ` · ${t('fresh.limit', { limit: formatDuration(limit, t, 1) })}`;
  }
  return (
    <span className={`dms-mon__fresh is-${state}`} role="status" data-freshness={state}>
      <span className="dms-mon__fresh-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
