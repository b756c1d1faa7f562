import { Button } from '@blueprintjs/core';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { selectSidebar, sidebarToggled } from '@/lib/ui/appSlice';

/** Opens or collapses the sidebar. */
export function Hamburger() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { opened } = useSelector(selectSidebar);
  return (
    <Button
      className="dms-hamburger"
      variant="minimal"
      icon={opened ? 'menu-closed' : 'menu-open'}
      aria-label={t('common:navbar.toggleSidebar')}
      aria-expanded={opened}
      onClick={() => dispatch(sidebarToggled())}
    />
  );
}
