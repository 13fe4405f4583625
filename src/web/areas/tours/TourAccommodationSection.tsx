import { Anchor, Button, Group, Modal, Select, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TourAccommodationRow, TourDetail } from '../../../shared/api/tour-catalogue';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { formatDate } from '../../lib/format';
import { confirmAction } from '../../ui/confirm';
import { NumberField, useFormSubmit } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { Section } from '../../ui/Section';
import { intText, tourKey, useTourData } from './api';

/** Spec 3 §8, word for word. */
export const DELETE_ACCOMMODATION_CONFIRM =
  'Are you sure you want to delete this accomodation? ... deletion will be prevented automatically.';
export const EXCLUDE_ACCOMMODATION_CONFIRM = 'Are you sure you want to exclude the accommodation?';

/**
 * The form that attaches accommodation to a tour or to one group: accommodation, check-in and
 * check-out day from 1 to duration+1 (spec 3 §5 Tour accommodation).
 */
export function AddAccommodationForm({
  endpoint,
  extra,
  duration,
  onAdded,
  label = 'Add accommodation',
}: {
  endpoint: string;
  extra?: Record<string, unknown>;
  duration: number | null;
  onAdded: () => void;
  label?: string;
}) {
  const lists = useTourData();
  const max = (duration ?? 365) + 1;
  const form = useForm<{
    accommodation_id: string | null;
    check_in_day: string | number;
    check_out_day: string | number;
  }>({
    initialValues: { accommodation_id: null, check_in_day: 1, check_out_day: duration ?? '' },
    validate: {
      accommodation_id: (v) => (v ? null : 'Accommodation is required.'),
      check_in_day: (v) =>
        v === ''
          ? 'Check-in day is required.'
          : Number(v) < 1 || Number(v) > max
            ? `Check-in day must be between 1 and ${max}.`
            : null,
      check_out_day: (v, values) =>
        v === ''
          ? 'Check-out day is required.'
          : Number(v) < 1 || Number(v) > max
            ? `Check-out day must be between 1 and ${max}.`
            : Number(v) <= Number(values.check_in_day)
              ? 'Check-out day must be after the check-in day.'
              : null,
    },
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) =>
      api.post(endpoint, {
        ...extra,
        accommodation_id: v.accommodation_id,
        check_in_day: intText(v.check_in_day),
        check_out_day: intText(v.check_out_day),
      }),
    {
      onSuccess: () => {
        form.reset();
        onAdded();
      },
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Text fw={600} size="sm" mb={4}>
        {label}
      </Text>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Select
          label="Accommodation"
          required
          w={320}
          placeholder={lists.isPending ? 'Loading…' : 'Choose accommodation'}
          data={(lists.data?.accomodations ?? []).map((a) => ({
            value: String(a.id),
            label: a.resort_name ? `${a.accommodation_name} (${a.resort_name})` : a.accommodation_name,
          }))}
          searchable
          nothingFoundMessage="No accommodation matches"
          {...form.getInputProps('accommodation_id')}
        />
        <NumberField
          label="Check-in day"
          required
          min={1}
          max={max}
          w={130}
          {...form.getInputProps('check_in_day')}
        />
        <NumberField
          label="Check-out day"
          required
          min={1}
          max={max}
          w={130}
          {...form.getInputProps('check_out_day')}
        />
        <Button type="submit" mt={25} disabled={saving}>
          {saving ? 'Adding...' : 'Add accommodation'}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The Accommodation section of the tour screen (spec 3 §2): add form; table with Edit (the tour
 * accommodation screen), Exclude Accommodation (a modal of the tour's groups, one switch each) and
 * Delete, the last two for role 1.
 */
export function TourAccommodationSection({ tour, defaultOpen }: { tour: TourDetail; defaultOpen: boolean }) {
  const queryClient = useQueryClient();
  const mayExclude = useCan('tourAccommodation.save');
  const mayDelete = useCan('tourAccommodation.delete');
  const [excluding, setExcluding] = useState<TourAccommodationRow | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: tourKey(tour.id) });
  return (
    <Section title="Accommodation" defaultOpen={defaultOpen}>
      <Stack gap="md">
        <Can permission="tourAccommodation.save">
          <AddAccommodationForm
            endpoint={`/tours/${tour.id}/accommodation`}
            extra={{ tour_id: tour.id }}
            duration={tour.duration}
            onAdded={reload}
          />
        </Can>
        <ListTable<TourAccommodationRow>
          label="Tour accommodation"
          records={tour.accommodation}
          emptyText="No accommodation on this tour yet"
          columns={[
            { accessor: 'accommodation_name', title: 'Accommodation' },
            { accessor: 'check_in_day', title: 'Check-in day', textAlign: 'right' },
            { accessor: 'check_out_day', title: 'Check-out day', textAlign: 'right' },
            { accessor: 'rooms_count', title: 'Rooms', textAlign: 'right' },
            {
              accessor: 'excluded_group_ids',
              title: 'Excluded by',
              render: (r) => (r.excluded_group_ids.length ? `${r.excluded_group_ids.length} group(s)` : ''),
            },
            {
              accessor: 'actions',
              title: '',
              render: (r) => (
                <RowActions>
                  <EditLink to={pathTo('tour-accommodation', { id: r.id })} />
                  {mayExclude && (
                    <Anchor component="button" type="button" size="sm" onClick={() => setExcluding(r)}>
                      Exclude Accommodation
                    </Anchor>
                  )}
                  {mayDelete && (
                    <DeleteAction
                      endpoint={`/tours/accommodation/${r.id}/delete`}
                      confirmMessage={DELETE_ACCOMMODATION_CONFIRM}
                      onDeleted={reload}
                    />
                  )}
                </RowActions>
              ),
            },
          ]}
        />
      </Stack>
      <ExcludeAccommodationModal
        tourId={tour.id}
        accommodation={excluding}
        onClose={() => {
          setExcluding(null);
          void reload();
        }}
      />
    </Section>
  );
}

/**
 * A switch that excludes a tour accommodation for one group (spec 3 §4): turning it on asks
 * 'Are you sure you want to exclude the accommodation?'; it reverts if the user cancels or the
 * server refuses.
 */
export function ExcludeSwitch({
  groupId,
  accommodation,
  initial,
  label,
  disabled,
  onChanged,
}: {
  groupId: number;
  accommodation: { id: number; accommodation_id: number };
  initial: boolean;
  label: string;
  disabled?: boolean;
  onChanged?: () => void;
}) {
  const [checked, setChecked] = useState(initial);
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      label={label}
      checked={checked}
      disabled={disabled || busy}
      onChange={async (e) => {
        const next = e.currentTarget.checked;
        if (next && !(await confirmAction(EXCLUDE_ACCOMMODATION_CONFIRM, { title: 'Exclude accommodation' })))
          return;
        setBusy(true);
        setChecked(next);
        try {
          const answer = await api.post<{ message: string }>('/tours/groups/exclude-accommodation', {
            tour_group_id: groupId,
            tour_accommodation_id: accommodation.id,
            accommodation_id: accommodation.accommodation_id,
            checked: next,
          });
          notifications.show({ color: 'green', message: answer.message });
          onChanged?.();
        } catch (err) {
          setChecked(!next);
          notifications.show({ color: 'red', title: 'Error', message: (err as Error).message });
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

/** The exclude-accommodation modal: the tour's groups with one switch each (spec 3 §2). */
function ExcludeAccommodationModal({
  tourId,
  accommodation,
  onClose,
}: {
  tourId: number;
  accommodation: TourAccommodationRow | null;
  onClose: () => void;
}) {
  const groups = useQuery({
    queryKey: ['tour', tourId, 'groups'],
    queryFn: () =>
      api.get<{ data: { id: number; start_date: string }[] }>(`/tours/${tourId}/groups`).then((r) => r.data),
    enabled: accommodation !== null,
  });
  return (
    <Modal
      opened={accommodation !== null}
      onClose={onClose}
      title={accommodation ? `Exclude ${accommodation.accommodation_name}` : ''}
      centered
    >
      <Text size="sm" c="dimmed" mb="sm">
        A group that excludes this accommodation does not offer its rooms.
      </Text>
      {groups.isPending && <Text size="sm">Loading groups…</Text>}
      {groups.isError && (
        <Text c="red" size="sm">
          {groups.error.message}
        </Text>
      )}
      {groups.data?.length === 0 && <Text size="sm">This tour has no groups yet.</Text>}
      <Stack gap="xs" mah={420} style={{ overflowY: 'auto' }}>
        {accommodation &&
          groups.data?.map((g) => (
            <ExcludeSwitch
              key={`${accommodation.id}-${g.id}`}
              groupId={g.id}
              accommodation={accommodation}
              initial={accommodation.excluded_group_ids.includes(g.id)}
              label={`Group of ${formatDate(g.start_date)} (id ${g.id})`}
            />
          ))}
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
