import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconBell,
  IconBook,
  IconBus,
  IconCalendar,
  IconCurrencyPound,
  IconDatabase,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Permission } from '../../../shared/permissions';
import { implementedRoutes, pathTo, type RouteName } from '../../../shared/routes';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';

interface SettingsBox {
  title: string;
  description: string;
  /** Tabler outline icon, drawn at 22px beside the title. */
  icon: TablerIcon;
  color: string;
  links: { label: string; route: RouteName }[];
  /** Shown only to roles with this permission (Manage Admin Users, DB Backups: role 1). */
  permission?: Permission;
}

/** The boxes of spec 1 §2 'Settings hub', in its order. */
const BOXES: SettingsBox[] = [
  {
    title: 'Coach Tour Settings',
    description: 'Pick-up regions and the coach pick-up points in each.',
    icon: IconBus,
    color: 'indigo',
    links: [
      { label: 'Manage Regions', route: 'regions' },
      { label: 'Manage Pickup Points', route: 'points' },
    ],
  },
  {
    title: 'Brochures',
    description: 'Brochures customers can request, and which are active.',
    icon: IconBook,
    color: 'grape',
    links: [{ label: 'Manage Brochures', route: 'brochures' }],
  },
  {
    title: 'System Settings',
    description: 'Values the system uses across bookings and documents.',
    icon: IconAdjustmentsHorizontal,
    color: 'gray',
    links: [{ label: 'Manage System Settings', route: 'system-settings' }],
  },
  {
    title: 'Payment reminders',
    description: 'When reminders go before and after a payment falls due, and the email each sends.',
    icon: IconBell,
    color: 'red',
    links: [{ label: 'Manage Payment Reminders', route: 'payment-reminders' }],
  },
  {
    title: 'Admin Users',
    description: 'Staff who sign in: admins and accountants.',
    icon: IconUsers,
    color: 'blue',
    links: [{ label: 'Manage Admin Users', route: 'admin-user-index' }],
    permission: 'adminUsers.read',
  },
  {
    title: 'Currency Exchange Rates',
    description: 'Rates against sterling, with the dates each applies.',
    icon: IconCurrencyPound,
    color: 'teal',
    links: [{ label: 'Manage Currency Exchange Rates', route: 'currency-exchange-index' }],
  },
  {
    title: 'DB Backups',
    description: 'Backups of the database and files, to download or remove.',
    icon: IconDatabase,
    color: 'orange',
    permission: 'backups.manage',
    links: [{ label: 'Manage DB Backups', route: 'backups-list' }],
  },
  {
    title: 'Monthly Accounting',
    description: 'The account number for each month of each year.',
    icon: IconCalendar,
    color: 'cyan',
    links: [{ label: 'Manage Monthly Accounting', route: 'monthly-accounts' }],
  },
];

/**
 * Settings hub (/settings, spec 1 §2): one card per box. Links to screens not built yet are left
 * out (a box with none left is not shown); Manage Admin Users and DB Backups are shown to role 1 only.
 */
export function SettingsPage() {
  const mayManageUsers = useCan('adminUsers.read');
  const mayManageBackups = useCan('backups.manage');
  const allowed: Partial<Record<Permission, boolean>> = {
    'adminUsers.read': mayManageUsers,
    'backups.manage': mayManageBackups,
  };
  const boxes = BOXES.filter((b) => !b.permission || allowed[b.permission])
    .map((b) => ({ ...b, links: b.links.filter((l) => implementedRoutes.has(l.route)) }))
    .filter((b) => b.links.length > 0);
  return (
    <>
      <PageHeader title="Settings" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" maw={1200}>
        {boxes.map((box) => (
          <Card
            key={box.title}
            withBorder
            radius="md"
            padding="lg"
            component="section"
            aria-label={box.title}
          >
            <Stack gap="sm" h="100%">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" color={box.color} size={42} radius="md">
                  <box.icon size={22} stroke={1.75} aria-hidden />
                </ThemeIcon>
                <Text fw={650} size="lg">
                  {box.title}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {box.description}
              </Text>
              <Group gap="xs">
                {box.links.map((link) => (
                  <Button
                    key={link.route}
                    component={Link}
                    to={pathTo(link.route)}
                    variant="light"
                    color={box.color}
                    size="sm"
                  >
                    {link.label}
                  </Button>
                ))}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
