import { Breadcrumbs, Text } from '@mantine/core';
import { useEffect } from 'react';
import { implementedRoutes, pathTo, type RouteDef, type RouteName, routeTrail } from '../../shared/routes';
import { PRODUCT_NAME } from '../theme';
import { RouterAnchor } from '../ui/RouterAnchor';
import { useCurrentRoute } from './current-route';

/**
 * Spec 1 §2: breadcrumbs show route titles starting from Dashboard. Ancestors link to their screen
 * when it exists and needs no parameter; the current page is plain text. Also sets the tab title.
 */
export function AppBreadcrumbs() {
  const current = useCurrentRoute();
  const trail: RouteDef[] = current ? routeTrail(current.name as RouteName) : [];
  const items = trail.filter((r) => r.name !== 'dashboard');
  const currentTitle = current?.title ?? 'Page not found';

  useEffect(() => {
    document.title = `${currentTitle} · ${PRODUCT_NAME}`;
  }, [currentTitle]);

  const linkable = (r: RouteDef) => implementedRoutes.has(r.name as RouteName) && !r.path.includes(':');
  const crumbs = [
    { key: 'dashboard', title: 'Dashboard', to: current?.name === 'dashboard' ? null : pathTo('dashboard') },
    ...items.map((r, i) => ({
      key: r.name,
      title: r.title,
      to: i < items.length - 1 && linkable(r) ? r.path : null,
    })),
    ...(current ? [] : [{ key: 'not-found', title: 'Page not found', to: null }]),
  ];

  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="›" separatorMargin={6}>
        {crumbs.map((c, i) =>
          c.to ? (
            <RouterAnchor key={c.key} to={c.to} size="sm">
              {c.title}
            </RouterAnchor>
          ) : (
            <Text
              key={c.key}
              size="sm"
              c={i === crumbs.length - 1 ? undefined : 'dimmed'}
              aria-current={i === crumbs.length - 1 ? 'page' : undefined}
            >
              {c.title}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
