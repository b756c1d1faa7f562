import './wall.css';
import { Spinner } from '@blueprintjs/core';
import { Suspense, useEffect, type ComponentType } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@dms/shared/format/date';
import { hasAnyPermission } from '@dms/shared/permissions/codes';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { i18n } from '@/lib/i18n/i18n';
import { isLanguage, setLanguageCookie } from '@/lib/i18n/languages';
import { pageTitle } from '@/lib/i18n/pageTitle';
import { LinkBadge } from './components/LinkBadge';
import { PairingScreen } from './components/PairingScreen';
import { useNow } from '@/lib/time/useNow';
import { WallPanel } from './components/WallPanel';
import type { WallMonitor, WallMonitorProps } from './monitors/monitorTypes';
import { WALL_MONITORS, wallMonitorOf, type WallMonitorId } from './monitors/registry';

/**
 * Monitor components given by the app (a feature does not import another): the baccarat monitor's wall
 * variant is rendered here in place of the registry's "not installed" panel.
 */
export type WallMonitorComponents = Partial<Record<WallMonitorId, ComponentType<WallMonitorProps>>>;
import { useWall } from './state/useWall';

/** Full screen when the browser allows it (a kiosk does; a normal tab needs a click), else the viewport. */
function useFullscreen(): void {
  useEffect(() => {
    const enter = () => {
      if (document.fullscreenElement || !document.fullscreenEnabled) return;
      document.documentElement.requestFullscreen().catch(() => undefined);
    };
    enter();
    window.addEventListener('pointerdown', enter);
    return () => window.removeEventListener('pointerdown', enter);
  }, []);
}

/** `?lang=en` on a wall's address chooses its language once (kept in the language cookie). */
function useLanguageParam(): void {
  const [params] = useSearchParams();
  const lang = params.get('lang');
  useEffect(() => {
    if (!isLanguage(lang) || i18n.language === lang) return;
    setLanguageCookie(lang);
    void i18n.changeLanguage(lang);
  }, [lang]);
}

/**
 * A wall screen (`/wall/:monitor`): outside the console's shell and sign-in, dark, full screen, in large
 * type, with nothing to click. It pairs itself (code and QR code), shows its monitor once approved, and
 * heals itself (see `useWall`).
 */
export function WallPage({ monitors = {} }: { monitors?: WallMonitorComponents }) {
  const { monitor: id } = useParams();
  const { t } = useTranslation('wall');
  useLanguageParam();
  useFullscreen();
  const registered = wallMonitorOf(id);
  const installed = registered && monitors[id as WallMonitorId];
  const monitor = registered && installed ? { ...registered, component: installed } : registered;
  return (
    <div className="bp6-dark wall" data-testid="wall">
      {monitor ? (
        <WallScreen id={id ?? ''} monitor={monitor} />
      ) : (
        <WallPanel
          icon="search"
          title={t('unknownMonitor.title')}
          description={t('unknownMonitor.description', {
            list: Object.keys(WALL_MONITORS)
              .map((m) => `/wall/${m}`)
              .join(', '),
          })}
        />
      )}
    </div>
  );
}

function WallScreen({ id, monitor }: { id: string; monitor: WallMonitor }) {
  const { t } = useTranslation('wall');
  const { state, live } = useWall(`wall:${id}`);
  const now = useNow();
  const title = t(monitor.titleKey);
  useEffect(() => {
    document.title = pageTitle(title, t);
  }, [title, t]);

  const { phase } = state;
  let body;
  if (phase.kind === 'starting')
    body = (
      <div className="wall-starting">
        <Spinner size={80} />
        <span>{t('connecting')}</span>
      </div>
    );
  else if (phase.kind === 'pairing') body = <PairingScreen phase={phase} now={now} />;
  else if (!hasAnyPermission(phase.self.permission, [...monitor.access]))
    body = (
      <WallPanel
        icon="lock"
        testId="wall-no-permission"
        title={t('noPermission.title')}
        description={t('noPermission.description', { monitor: title })}
      />
    );
  else {
    const Monitor = monitor.component;
    // A change of what the display holds (its role edited) starts the monitor afresh, loading its new scope.
    const scope = `${phase.self.id}:${phase.self.permission.join(',')}:${phase.self.providers.join(',')}`;
    body = (
      <ErrorBoundary key={scope} resetKey={scope}>
        <Suspense fallback={<Spinner size={80} />}>
          <Monitor
            live={live}
            token={state.token ?? ''}
            self={phase.self}
            stale={state.link === 'stale'}
            now={now}
          />
        </Suspense>
      </ErrorBoundary>
    );
  }

  return (
    <>
      <header className="wall-header">
        <div className="wall-header__title">
          <h1>{title}</h1>
          {phase.kind === 'paired' && (
            <span className="wall-header__name" translate="no">
              {phase.self.name}
            </span>
          )}
        </div>
        <div className="wall-header__right">
          {phase.kind !== 'starting' && <LinkBadge state={state} now={now} />}
          <time className="wall-header__clock">{formatDate(now, '{h}:{i}:{s}')}</time>
        </div>
      </header>
      <main className="wall-main">{body}</main>
    </>
  );
}
