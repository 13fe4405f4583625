import { Anchor, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { departurePlace, type InstanceAnswer } from '../../../../shared/api/tour-catalogue';
import { pathTo } from '../../../../shared/routes';
import { keys } from '../../../api/query-keys';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../ui/permissions';
import { Section } from '../../../ui/Section';
import { BookingsTable } from '../BookingsTable';
import { FlightsSection } from './FlightsSection';
import { PricesSection } from './PricesSection';

/**
 * The instance screen under its title: its group and bookings, the form, Flights (air tours),
 * Prices and Bookings.
 */
export function InstanceScreen({ inst, form }: { inst: InstanceAnswer; form: ReactNode }) {
  const queryClient = useQueryClient();
  const isAdmin = useCan('instances.update');
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.instances.all });
  const air = departurePlace(inst.tour.tour_type) === 'airport';
  return (
    <Stack gap="lg">
      <Text size="sm" mt={-12}>
        {inst.instance_title} · departs {formatDate(inst.departure_date)} ·{' '}
        <Anchor component={Link} to={pathTo('tour-group', { id: inst.tour_group_id })}>
          group of {formatDate(inst.group.start_date)}
        </Anchor>{' '}
        · {inst.booking_count} bookings, {inst.pax_count} passengers
      </Text>
      {form}
      {air && <FlightsSection inst={inst} defaultOpen={isAdmin} onChanged={reload} />}
      <PricesSection inst={inst} defaultOpen onChanged={reload} />
      <Section title="Bookings" defaultOpen={isAdmin}>
        <BookingsTable bookings={inst.bookings} />
      </Section>
    </Stack>
  );
}
