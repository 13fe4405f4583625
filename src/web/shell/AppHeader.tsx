import { ActionIcon, Box, Burger, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '../../shared/permissions';
import { implementedRoutes, pathTo } from '../../shared/routes';
import { useSession } from '../api/session';
import { PRODUCT_NAME } from '../theme';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { GlobalSearch } from './GlobalSearch';
import { useLogout } from './use-logout';

interface Props {
  navOpened: boolean;
  onToggleNav: () => void;
  userName?: string;
}

/**
 * Logo text, breadcrumbs, the global search (issue #14) and the shortcuts: settings and logout
 * (spec 1 §2 'Application shell').
 */
export function AppHeader({ navOpened, onToggleNav, userName }: Props) {
  const { role } = useSession();
  const logout = useLogout();
  const roleLabel = role != null ? ROLE_LABELS[role] : undefined;

  return (
    <Group h={56} px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        <Text
          component={Link}
          to={pathTo('bookings')}
          fw={750}
          size="lg"
          c="indigo.8"
          style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}
        >
          {PRODUCT_NAME}
        </Text>
        <Box visibleFrom="sm" style={{ minWidth: 0 }}>
          <AppBreadcrumbs />
        </Box>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {/* Issue #14: the global search, on every screen ('/' or Ctrl+K). */}
        <Box visibleFrom="xs">
          <GlobalSearch />
        </Box>
        {userName && (
          <Text size="sm" c="dimmed" visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
            {userName}
            {roleLabel ? ` · ${roleLabel}` : ''}
          </Text>
        )}
        {/* Like the navigation, the shortcut appears once the settings hub exists. */}
        {implementedRoutes.has('settings') && (
          <Tooltip label="Settings">
            <ActionIcon
              component={Link}
              to={pathTo('settings')}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Settings"
            >
              <IconSettings size={20} stroke={1.75} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLogout size={18} stroke={1.75} aria-hidden />}
          onClick={() => void logout()}
        >
          Log out
        </Button>
      </Group>
    </Group>
  );
}
