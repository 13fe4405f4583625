import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { implementedRoutes, navigation, routeByName } from '../../shared/routes';

/** The main navigation in spec order, limited to the areas whose screens exist. */
export function MainNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const items = navigation.filter((item) => implementedRoutes.has(item.route));

  return (
    <ScrollArea type="auto" p="xs" component="nav" aria-label="Main">
      {items.map((item) => {
        const path = routeByName[item.route].path;
        const active = pathname === path || pathname.startsWith(`${path}/`);
        return (
          <NavLink
            key={item.route}
            component={Link}
            to={path}
            label={item.label}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
            variant="light"
            fw={500}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        );
      })}
    </ScrollArea>
  );
}
