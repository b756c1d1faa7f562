import { Button, Tooltip } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showWarning } from '@/lib/notify/toaster';

/** Full-screen toggle (Fullscreen API); a browser without it gets "you browser can not work". */
export function ScreenfullButton() {
  const { t } = useTranslation();
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void showWarning(t('errors:fullscreenUnsupported'));
      return;
    }
    const request = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    request.catch(() => void showWarning(t('errors:fullscreenUnsupported')));
  };

  const label = active ? t('common:navbar.exitFullscreen') : t('common:navbar.fullscreen');
  return (
    <Tooltip content={label} placement="bottom">
      <Button
        variant="minimal"
        icon={active ? 'minimize' : 'fullscreen'}
        aria-label={label}
        onClick={toggle}
      />
    </Tooltip>
  );
}
