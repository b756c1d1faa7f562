import './monitor.css';
import { Button, Classes } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A monitor's console page: its title and subtitle, the monitor in its console variant, and a preview of the
 * wall-screen variant over the whole window (Esc or the button leaves it). The texts come translated from
 * the monitor's own namespace.
 */
export function MonitorPage({
  ns,
  render,
}: {
  ns: 'monitor' | 'tpMonitor';
  render: (variant: 'console' | 'wall') => ReactNode;
}) {
  const { t } = useTranslation(ns);
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
    <div className="dms-page dms-mon-page">
      <div className="dms-mon-page__head">
        <div>
          <h2 className={Classes.HEADING}>{t('title')}</h2>
          <p className={Classes.TEXT_MUTED}>{t('subtitle')}</p>
        </div>
        <Button icon="desktop" onClick={() => setWallView(true)}>
          {t('wall.enter')}
        </Button>
      </div>
      {render('console')}
      {wallView && (
        <div className={`dms-mon-page__wall ${Classes.DARK}`} role="dialog" aria-label={t('wall.title')}>
          <Button
            className="dms-mon-page__wall-exit"
            icon="cross"
            variant="minimal"
            aria-label={t('wall.exit')}
            title={t('wall.exit')}
            onClick={() => setWallView(false)}
          />
          {render('wall')}
        </div>
      )}
    </div>
  );
}
