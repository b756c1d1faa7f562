import { Button } from '@blueprintjs/core';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { colorSchemeToggled, selectColorScheme } from '@/lib/settings/settingsSlice';

/** Switches between the light and the dark theme (dark suits wall screens). */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const dark = useSelector(selectColorScheme) === 'dark';
  const label = dark ? t('common:navbar.lightTheme') : t('common:navbar.darkTheme');
  return (
    <Button
      className={className}
      variant="minimal"
      icon={dark ? 'flash' : 'moon'}
      aria-label={label}
      title={label}
      aria-pressed={dark}
      onClick={() => dispatch(colorSchemeToggled())}
    />
  );
}
