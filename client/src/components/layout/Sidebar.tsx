import { Collapse, Icon, Menu, MenuItem, Popover, Tooltip, type IconName } from '@blueprintjs/core';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useMatch, useNavigate } from 'react-router-dom';
import type { AppRoute } from '@dms/shared/permissions/routes';
import { LangSelect } from '@/components/LangSelect';
import { Logo } from '@/components/Logo';
import { isWithin } from '@/lib/menu/routeLookup';
import { selectSettings } from '@/lib/settings/settingsSlice';
import { selectDevice, selectSidebar, sidebarClosed } from '@/lib/ui/appSlice';
import { SizeSelect } from './SizeSelect';

function iconOf(route: AppRoute): IconName {
  return (route.meta?.icon ?? 'document') as IconName;
}

interface ItemProps {
  route: AppRoute;
  collapsed: boolean;
  depth: number;
  onNavigate: () => void;
}

function LeafItem({ route, collapsed, depth, onNavigate }: ItemProps) {
  const { t } = useTranslation();
  // A string class name: the tooltip of the collapsed sidebar merges its own into its child's.
  const active = useMatch({ path: route.path, end: true }) !== null;
  const title = t(`route:${route.meta?.title ?? ''}`);
  const link = (
    <NavLink
      to={route.path}
      className={active ? 'dms-menu__link dms-menu__link--active' : 'dms-menu__link'}
      style={{ paddingLeft: collapsed ? undefined : 20 + depth * 20 }}
      onClick={onNavigate}
      aria-label={collapsed ? title : undefined}
    >
      <Icon icon={iconOf(route)} className="dms-menu__icon" />
      <span className="dms-menu__title">{title}</span>
    </NavLink>
  );
  return (
    <li className="dms-menu__item">
      {collapsed && depth === 0 ? (
        <Tooltip content={title} placement="right" targetTagName="div" className="dms-menu__tooltip-target">
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </li>
  );
}

function GroupItem({ route, collapsed, depth, onNavigate }: ItemProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = isWithin(route, pathname);
  const [expanded, setExpanded] = useState(active);
  const [seenActive, setSeenActive] = useState(active);
  // Opening a page of the group from elsewhere (search, tags) unfolds the group.
  if (active !== seenActive) {
    setSeenActive(active);
    if (active) setExpanded(true);
  }
  const title = t(`route:${route.meta?.title ?? ''}`);
  const children = (route.children ?? []).filter((c) => !c.hidden);

  if (collapsed) {
    const menu = (
      <Menu className="dms-menu__flyout">
        <li className="dms-menu__flyout-title" role="presentation">
          {title}
        </li>
        {children.map((child) => (
          <MenuItem
            key={child.path}
            icon={iconOf(child)}
            text={t(`route:${child.meta?.title ?? ''}`)}
            active={pathname === child.path}
            onClick={() => {
              void navigate(child.path);
              onNavigate();
            }}
          />
        ))}
      </Menu>
    );
    return (
      <li className="dms-menu__item">
        <Popover
          content={menu}
          interactionKind="hover"
          placement="right-start"
          hoverCloseDelay={150}
          minimal
          targetTagName="div"
          className="dms-menu__tooltip-target"
          popoverClassName="dms-menu__flyout-popover"
        >
          <button
            type="button"
            className={`dms-menu__link dms-menu__group${active ? ' dms-menu__group--active' : ''}`}
            aria-label={title}
            aria-haspopup="menu"
          >
            <Icon icon={iconOf(route)} className="dms-menu__icon" />
            <span className="dms-menu__title">{title}</span>
          </button>
        </Popover>
      </li>
    );
  }

  return (
    <li className="dms-menu__item">
      <button
        type="button"
        className={`dms-menu__link dms-menu__group${active ? ' dms-menu__group--active' : ''}`}
        style={{ paddingLeft: 20 + depth * 20 }}
        aria-expanded={expanded}
        onClick={() => setExpanded((v) => !v)}
      >
        <Icon icon={iconOf(route)} className="dms-menu__icon" />
        <span className="dms-menu__title">{title}</span>
        <Icon
          icon="chevron-down"
          className={`dms-menu__chevron${expanded ? ' dms-menu__chevron--open' : ''}`}
        />
      </button>
      <Collapse isOpen={expanded} keepChildrenMounted>
        <ul className="dms-menu dms-menu--nested">
          {children.map((child) => (
            <SidebarItem
              key={child.path}
              route={child}
              collapsed={false}
              depth={depth + 1}
              onNavigate={onNavigate}
            />
          ))}
        </ul>
      </Collapse>
    </li>
  );
}

function SidebarItem(props: ItemProps) {
  return props.route.children?.length ? <GroupItem {...props} /> : <LeafItem {...props} />;
}

/**
 * The sidebar (spec section 2): the permitted routes with nested groups and icons, an optional logo, 260 px
 * wide or collapsed to icons. On mobile it is a drawer over the page, with the language and size choices.
 */
export function Sidebar({ table }: { table: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { opened } = useSelector(selectSidebar);
  const device = useSelector(selectDevice);
  const { sidebarLogo } = useSelector(selectSettings);
  const mobile = device === 'mobile';
  const collapsed = !opened && !mobile;
  const onNavigate = () => {
    if (mobile) dispatch(sidebarClosed({ withoutAnimation: false }));
  };
  return (
    <aside className="dms-sidebar" aria-label={t('common:appTitle')}>
      {sidebarLogo && (
        <NavLink to="/homepage" className="dms-sidebar__logo" onClick={onNavigate}>
          <Logo size={30} />
          <span className="dms-sidebar__logo-title">{t('common:appShortTitle')}</span>
        </NavLink>
      )}
      <nav className="dms-sidebar__scroll">
        <ul className="dms-menu">
          {table
            .filter((route) => !route.hidden && route.meta?.title)
            .map((route) => (
              <SidebarItem
                key={route.path}
                route={route}
                collapsed={collapsed}
                depth={0}
                onNavigate={onNavigate}
              />
            ))}
        </ul>
      </nav>
      {mobile && (
        <div className="dms-sidebar__footer">
          <LangSelect showLabel className="dms-sidebar__footer-button" />
          <SizeSelect showLabel />
        </div>
      )}
    </aside>
  );
}
