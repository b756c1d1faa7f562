import { ContextMenu, Icon, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { flattenRoutes, type AppRoute } from '@dms/shared/permissions/routes';
import { findPage } from '@/lib/menu/routeLookup';
import {
  affixViewsInitialized,
  allViewsClosed,
  otherViewsClosed,
  selectVisitedViews,
  viewClosed,
  viewRefreshed,
  viewVisited,
  type TagView,
} from '@/lib/tags/tagsSlice';

function toView(route: AppRoute, fullPath = route.path): TagView {
  return {
    path: route.path,
    fullPath,
    title: route.meta?.title ?? '',
    affix: route.meta?.affix ?? false,
    noCache: route.meta?.noCache ?? false,
  };
}

/**
 * The visited-tags bar (optional, off by default): one tag per opened page; the home page is affixed.
 * Right-click offers refresh, close, close others and close all.
 */
export function TagsView({ table }: { table: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const visited = useSelector(selectVisitedViews);
  const activeRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const affix = flattenRoutes(table)
      .filter((r) => r.meta?.affix)
      .map((r) => toView(r));
    dispatch(affixViewsInitialized(affix));
  }, [table, dispatch]);

  useEffect(() => {
    const page = findPage(table, location.pathname);
    if (page?.meta?.title) dispatch(viewVisited(toView(page, `${location.pathname}${location.search}`)));
  }, [table, location.pathname, location.search, dispatch]);

  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [location.pathname]);

  const goToLast = (views: TagView[]) => {
    const last = views[views.length - 1];
    void navigate(last ? last.fullPath : '/');
  };

  const close = (view: TagView) => {
    if (view.affix) return;
    dispatch(viewClosed(view.path));
    if (view.path === location.pathname) goToLast(visited.filter((v) => v.path !== view.path));
  };
  const closeOthers = (view: TagView) => {
    dispatch(otherViewsClosed(view.path));
    if (view.path !== location.pathname) void navigate(view.fullPath);
  };
  const closeAll = () => {
    dispatch(allViewsClosed());
    const remaining = visited.filter((v) => v.affix);
    if (!remaining.some((v) => v.path === location.pathname)) goToLast(remaining);
  };
  const refresh = (view: TagView) => {
    dispatch(viewRefreshed(view.path));
    if (view.path !== location.pathname) void navigate(view.fullPath);
  };

  return (
    <nav className="dms-tags-view" aria-label={t('common:tags.label')}>
      <div className="dms-tags-view__scroll">
        {visited.map((view) => {
          const active = view.path === location.pathname;
          return (
            <ContextMenu
              key={view.path}
              tagName="span"
              className="dms-tags-view__item"
              content={
                <Menu>
                  <MenuItem icon="refresh" text={t('common:tags.refresh')} onClick={() => refresh(view)} />
                  {!view.affix && (
                    <MenuItem icon="cross" text={t('common:tags.close')} onClick={() => close(view)} />
                  )}
                  <MenuDivider />
                  <MenuItem
                    icon="disable"
                    text={t('common:tags.closeOthers')}
                    onClick={() => closeOthers(view)}
                  />
                  <MenuItem icon="small-cross" text={t('common:tags.closeAll')} onClick={closeAll} />
                </Menu>
              }
            >
              <Link
                ref={active ? activeRef : undefined}
                to={view.fullPath}
                className={active ? 'dms-tag-link dms-tag-link--active' : 'dms-tag-link'}
                aria-current={active ? 'page' : undefined}
                onAuxClick={(event) => {
                  if (event.button === 1) {
                    event.preventDefault();
                    close(view);
                  }
                }}
              >
                {active && <span className="dms-tag-link__dot" />}
                {t(`route:${view.title}`)}
                {!view.affix && (
                  <span
                    role="button"
                    tabIndex={-1}
                    className="dms-tag-link__close"
                    aria-label={`${t('common:tags.close')} ${t(`route:${view.title}`)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      event.stopPropagation();
                      close(view);
                    }}
                  >
                    <Icon icon="small-cross" size={12} />
                  </span>
                )}
              </Link>
            </ContextMenu>
          );
        })}
      </div>
    </nav>
  );
}
