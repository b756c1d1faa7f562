import { useTranslation } from 'react-i18next';
import type { WallState } from '../state/wallMachine';
import { ageText } from './ageText';

/** The link of the wall: a quiet "Live" dot, or a loud stale badge with the time since the last contact. */
export function LinkBadge({ state, now }: { state: WallState; now: number }) {
  const { t } = useTranslation('wall');
  if (state.link === 'online')
    return (
      <span className="wall-link wall-link--live" data-testid="wall-link" data-link="live">
        <span className="wall-link__dot" />
        {t('link.live')}
      </span>
    );
  const text =
    state.lastContactAt === null
      ? t('link.staleNever')
      : t('link.stale', { age: ageText(t, now - state.lastContactAt) });
  return (
    <span className="wall-link wall-link--stale" data-testid="wall-link" data-link="stale" role="status">
      {/* Drawn in CSS: an icon would be fetched from the gateway that is away. */}
      <span className="wall-link__warn" aria-hidden="true">
        !
      </span>
      <span>
        {text}
        <small>{t('link.reconnecting')}</small>
      </span>
    </span>
  );
}
