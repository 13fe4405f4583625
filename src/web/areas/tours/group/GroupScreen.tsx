import { Anchor, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { GroupAnswer } from '../../../../shared/api/tour-catalogue';
import { pathTo } from '../../../../shared/routes';
import { keys } from '../../../api/query-keys';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../ui/permissions';
import { Section } from '../../../ui/Section';
import { BookingsTable } from '../BookingsTable';
import { GroupDocumentsSection } from '../GroupDocumentsSection';
import { GroupPaymentsSection } from '../GroupPaymentsSection';
import { AccommodationExcludeSection } from './AccommodationExcludeSection';
import { InstancesSection } from './InstancesSection';
import { LinkedGroupsSection } from './LinkedGroupsSection';

/**
 * The tour group screen under its title: the group's tour and passengers, the form, then its sections
 * (instances, accommodation exclude, linked groups, documents, payments, bookings).
 */
export function GroupScreen({ g, form }: { g: GroupAnswer['tourGroup']; form: ReactNode }) {
  const queryClient = useQueryClient();
  const isAdmin = useCan('groups.update');
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.groups.all });
  return (
    <Stack gap="lg">
      <Text size="sm" mt={-12}>
        Starts {formatDate(g.start_date)} ·{' '}
        <Anchor component={Link} to={pathTo('tour-edit', { id: g.tour.id })}>
          {g.tour.name}
        </Anchor>{' '}
        · {g.passengers} passengers (Paid or Confirmed)
      </Text>
      {form}
      <InstancesSection g={g} defaultOpen={isAdmin} onChanged={reload} />
      <AccommodationExcludeSection g={g} defaultOpen={isAdmin} onChanged={reload} />
      <LinkedGroupsSection g={g} defaultOpen={isAdmin} onChanged={reload} />
      {/* Spec 3 §2: not among the sections role 1 sees open by default. */}
      <GroupDocumentsSection g={g} defaultOpen={false} />
      <GroupPaymentsSection groupId={g.id} defaultOpen={false} />
      <Section title="Bookings for this tour group" defaultOpen={isAdmin}>
        <BookingsTable bookings={g.bookings} groupId={g.id} onUpdated={reload} />
      </Section>
    </Stack>
  );
}
