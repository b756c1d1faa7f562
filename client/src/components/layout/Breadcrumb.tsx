import { Breadcrumbs, type BreadcrumbProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AppRoute } from '@dms/shared/permissions/routes';
import { routeTrail } from '@/lib/menu/routeLookup';

/** Home Page › group › page, from the route table. */
export function Breadcrumb({ table }: { table: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const trail = routeTrail(table, pathname).filter((r) => r.meta?.title && r.meta.breadcrumb !== false);
  const items: BreadcrumbProps[] = [];
  if (trail[0]?.path !== '/homepage') {
    items.push({ text: t('route:homepage'), onClick: () => navigate('/homepage') });
  }
  trail.forEach((route, i) => {
    const last = i === trail.length - 1;
    items.push({
      text: t(`route:${route.meta?.title ?? ''}`),
      current: last,
      onClick: last || route.children?.length ? undefined : () => navigate(route.path),
    });
  });
  return (
    <div className="dms-breadcrumb">
      <Breadcrumbs items={items} minVisibleItems={1} />
    </div>
  );
}
