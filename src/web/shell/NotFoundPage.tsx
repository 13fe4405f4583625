import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '../../shared/routes';

/** Any path the app does not know (or a screen not built yet). */
export function NotFoundPage() {
  return (
    <Paper withBorder p="xl" maw={560} mx="auto" mt="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you asked for does not exist, or it has moved.</Text>
        <Button component={Link} to={pathTo('bookings')}>
          Go to bookings
        </Button>
      </Stack>
    </Paper>
  );
}
