import { Button, Menu, MenuItem, Popover, Tooltip } from '@blueprintjs/core';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { SIZES } from '@/config/app';
import { showSuccess } from '@/lib/notify/toaster';
import { selectSize, sizeChanged } from '@/lib/ui/appSlice';

/** The global size (large, medium, small, mini), saved in the `size` cookie and applied at once. */
export function SizeSelect({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const size = useSelector(selectSize);
  const menu = (
    <Menu aria-label={t('common:size.title')}>
      {SIZES.map((s) => (
        <MenuItem
          key={s}
          roleStructure="listoption"
          text={t(`common:size.${s}`)}
          selected={s === size}
          disabled={s === size}
          onClick={() => {
            dispatch(sizeChanged(s));
            void showSuccess(t('common:size.switchSuccess'));
          }}
        />
      ))}
    </Menu>
  );
  return (
    <Popover content={menu} placement="bottom-end">
      <Tooltip content={t('common:size.title')} placement="bottom" disabled={showLabel}>
        <Button
          variant="minimal"
          icon="font"
          text={showLabel ? `${t('common:size.title')}: ${t(`common:size.${size}`)}` : undefined}
          endIcon={showLabel ? 'caret-down' : undefined}
          aria-label={t('common:size.title')}
        />
      </Tooltip>
    </Popover>
  );
}
