import { Alert, Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Avatar } from '@/components/Avatar';
import { selectUserInfo } from '@/lib/session/sessionSlice';
import { logout } from '@/lib/session/sessionThunks';
import { useLibDispatch } from '@/lib/store/hooks';
import { loginUrl } from '@/lib/utils/redirect';
import { seedText } from '@/lib/i18n/seedText';

/** The avatar dropdown: home, profile, and log out after "Do you want log out?". */
export function AvatarMenu() {
  const { t } = useTranslation();
  const dispatch = useLibDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const info = useSelector(selectUserInfo);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  if (!info) return null;
  const name = seedText(info.nickname) || info.user;

  const onLogout = async () => {
    const back = `${location.pathname}${location.search}`;
    setLeaving(true);
    await dispatch(logout());
    setConfirming(false);
    void navigate(loginUrl(back), { replace: true });
  };

  const menu = (
    <Menu className="dms-avatar-menu">
      <li className="dms-avatar-menu__head" role="presentation">
        <Avatar src={info.avatar} name={name} size={36} />
        <div>
          <div className="dms-avatar-menu__name">{name}</div>
          <div className="dms-avatar-menu__role">{seedText(info.role.name)}</div>
        </div>
      </li>
      <MenuDivider />
      <MenuItem icon="home" text={t('common:navbar.home')} onClick={() => navigate('/homepage')} />
      <MenuItem icon="user" text={t('common:navbar.profile')} onClick={() => navigate('/profile/index')} />
      <MenuDivider />
      <MenuItem
        icon="log-out"
        intent="danger"
        text={t('common:navbar.logout')}
        onClick={() => setConfirming(true)}
      />
    </Menu>
  );

  return (
    <>
      <Popover content={menu} placement="bottom-end">
        <Button
          variant="minimal"
          className="dms-avatar-button"
          aria-label={t('common:navbar.account')}
          endIcon="caret-down"
        >
          <Avatar src={info.avatar} name={name} size={30} />
        </Button>
      </Popover>
      <Alert
        isOpen={confirming}
        intent="danger"
        icon="log-out"
        loading={leaving}
        confirmButtonText={t('common:confirm')}
        cancelButtonText={t('common:cancel')}
        onConfirm={() => void onLogout()}
        onCancel={() => setConfirming(false)}
        canEscapeKeyCancel
        canOutsideClickCancel
      >
        <p>{t('common:navbar.logoutConfirm')}</p>
      </Alert>
    </>
  );
}
