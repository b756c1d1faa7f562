import { useTranslation } from 'react-i18next';
import { WallPanel } from '../components/WallPanel';

/** The panel of a registered monitor whose wall component is not part of this build yet. */
export function notInstalled(titleKey: string) {
  return function NotInstalledMonitor() {
    const { t } = useTranslation('wall');
    return (
      <WallPanel
        icon="build"
        testId="wall-not-installed"
        title={t('notInstalled.title')}
        description={t('notInstalled.description', { monitor: t(titleKey) })}
      />
    );
  };
}
