import { Stack, Text } from '@mantine/core';
import type { TourGroupDetail } from '../../../../shared/api/tour-catalogue';
import { tourAccommodationApi } from '../../../../shared/api/tours';
import { pathTo } from '../../../../shared/routes';
import { ListTable } from '../../../ui/ListTable';
import { Can, useCan } from '../../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../../ui/RowActions';
import { Section } from '../../../ui/Section';
import {
  AddAccommodationForm,
  DELETE_ACCOMMODATION_CONFIRM,
  ExcludeSwitch,
} from '../TourAccommodationSection';

/**
 * Accommodation Exclude of a group (spec 3 §2): a switch per tour accommodation, and the group's own
 * accommodation (which overrides the tour's) with its add form.
 */
export function AccommodationExcludeSection({
  g,
  defaultOpen,
  onChanged,
}: {
  g: TourGroupDetail;
  defaultOpen: boolean;
  onChanged: () => void;
}) {
  const mayExclude = useCan('tourAccommodation.save');
  const excluded = new Set(g.excluded_accommodations.map((x) => x.tour_accommodation_id));
  const duration = g.duration ?? g.tour.duration;
  return (
    <Section title="Accommodation Exclude" defaultOpen={defaultOpen}>
      <Stack gap="md">
        {g.group_accommodations.length > 0 && (
          <Text size="sm" c="orange.8">
            This group has its own accommodation, which overrides the tour's for its instances.
          </Text>
        )}
        {g.tour_accommodations.length === 0 ? (
          <Text size="sm" c="dimmed">
            The tour has no accommodation.
          </Text>
        ) : (
          <Stack gap="xs" aria-label="Tour accommodation of this group">
            {g.tour_accommodations.map((a) => (
              <ExcludeSwitch
                key={`${a.id}-${excluded.has(a.id)}`}
                groupId={g.id}
                accommodation={a}
                initial={excluded.has(a.id)}
                disabled={!mayExclude}
                label={`Exclude ${a.accommodation_name} (days ${a.check_in_day}–${a.check_out_day})`}
                onChanged={onChanged}
              />
            ))}
          </Stack>
        )}
        <Text fw={600} size="sm">
          Group accommodation
        </Text>
        <ListTable
          label="Group accommodation"
          records={g.group_accommodations}
          emptyText="No accommodation of its own: the group offers the tour's"
          columns={[
            { accessor: 'accommodation_name', title: 'Accommodation' },
            { accessor: 'check_in_day', title: 'Check-in day', textAlign: 'right' },
            { accessor: 'check_out_day', title: 'Check-out day', textAlign: 'right' },
            { accessor: 'rooms_count', title: 'Rooms', textAlign: 'right' },
            {
              accessor: 'actions',
              title: '',
              render: (a) => (
                <RowActions>
                  <EditLink
                    to={pathTo('tour-accommodation', { id: a.id })}
                    permission="tourAccommodation.save"
                  />
                  <Can permission="tourAccommodation.delete">
                    <DeleteAction
                      endpoint={tourAccommodationApi.delete}
                      params={{ id: a.id }}
                      confirmMessage={DELETE_ACCOMMODATION_CONFIRM}
                      onDeleted={onChanged}
                    />
                  </Can>
                </RowActions>
              ),
            },
          ]}
        />
        <Can permission="tourAccommodation.save">
          <AddAccommodationForm
            target={{ groupId: g.id }}
            duration={duration}
            onAdded={onChanged}
            label="Add group accommodation"
          />
        </Can>
      </Stack>
    </Section>
  );
}
