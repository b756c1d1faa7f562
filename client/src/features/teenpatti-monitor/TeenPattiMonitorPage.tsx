import { Button, Classes } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TeenPattiMonitor } from './TeenPattiMonitor';

/**
 * The Teen Patti monitor page (route /teenPatti/teenPatti, code 11001): the monitor in its console variant,
 * and a preview of the wall-screen variant over the whole window (Esc or the button leaves it).
 */
export function TeenPattiMonitorPage() {
  const { t } = useTranslation('tpMonitor');
  const [wallView, setWallView] = useState(false);
  useEffect(() => {
    if (!wallView) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setWallView(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [wallView]);
  return (
    <div className="dms-page dms-tpm-page">
      <div className="dms-tpm-page__head">
        <div>
          <h2 className={Classes.HEADING}>{t('title')}</h2>
          <p className={Classes.TEXT_MUTED}>{t('subtitle')}</p>
        </div>
        <Button icon="desktop" onClick={() => setWallView(true)}>
          {t('wall.enter')}
        </Button>
      </div>
      <TeenPattiMonitor variant="console" />
      {wallView && (
        <div className={`dms-tpm-page__wall ${Classes.DARK}`} role="dialog" aria-label={t('wall.title')}>
          <Button
            className="dms-tpm-page__wall-exit"
            icon="cross"
            variant="minimal"
            aria-label={t('wall.exit')}
            title={t('wall.exit')}
            onClick={() => setWallView(false)}
          />
          <TeenPattiMonitor variant="wall" />
        </div>
      )}
    </div>
  );
}
