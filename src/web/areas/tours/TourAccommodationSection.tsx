import { Anchor, Button, Group, Select, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { groupsApi } from '../../../shared/api/groups';
import {
  type TourAccommodationInput,
  type TourAccommodationRow,
  type TourDetail,
  tourAccommodationInput,
} from '../../../shared/api/tour-catalogue';
import { tourAccommodationApi } from '../../../shared/api/tours';
import { stayDayErrors } from '../../../shared/pricing';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { useTourData } from '../../api/tours';
import { formatDate } from '../../lib/format';
import { confirmAction } from '../../ui/confirm';
import { useEntityForm } from '../../ui/entity';
import { NumberField, numberText } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { Modal } from '../../ui/Modal';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { Section } from '../../ui/Section';
import { InlineAddForm } from './InlineAddForm';

/** Spec 3 §8, word for word. */
export const DELETE_ACCOMMODATION_CONFIRM =
  'Are you sure you want to delete this accomodation? ... deletion will be prevented automatically.';
export const EXCLUDE_ACCOMMODATION_CONFIRM = 'Are you sure you want to exclude the accommodation?';

/** The check-in and check-out days as a tour accommodation form holds them. */
export interface StayDayValues {
  check_in_day: string | number;
  check_out_day: string | number;
}

/**
 * The check-in / check-out day rule against `duration` (`stayDayErrors`, the rule the server
 * applies), once both days pass the shared schema's own checks — the order the server checks in.
 */
export function stayDayRule(duration: number | null) {
  const { check_in_day, check_out_day } = tourAccommodationInput.shape;
  return (v: StayDayValues): Record<string, string> => {
    const inDay = check_in_day.safeParse(numberText(v.check_in_day));
    const outDay = check_out_day.safeParse(numberText(v.check_out_day));
    if (!inDay.success || !outDay.success) return {};
    const errors = stayDayErrors({ check_in_day: inDay.data, check_out_day: outDay.data }, duration);
    return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages[0]]));
  };
}

/** A tour accommodation form's values: the accommodation and the stay's days. */
export interface TourAccommodationValues extends StayDayValues {
  accommodation_id: string | null;
}

/** The payload of a tour accommodation form (the shared `tourAccommodationInput`). */
export const toTourAccommodationInput = (v: TourAccommodationValues): TourAccommodationInput => ({
  accommodation_id: v.accommodation_id,
  check_in_day: numberText(v.check_in_day),
  check_out_day: numberText(v.check_out_day),
});

/**
 * The check-in and check-out day inputs of a tour accommodation form, each from day 1 to the day
 * after the tour's last (duration+1, spec 3 §5; 366 while the tour has no duration). `hint` says
 * the range under each input; `w` sets their width in an inline form.
 */
export function StayDayFields<V extends StayDayValues>({
  form,
  duration,
  w,
  hint = false,
}: {
  form: UseFormReturnType<V>;
  duration: number | null;
  w?: number;
  hint?: boolean;
}) {
  const max = (duration ?? 365) + 1;
  const description = hint ? `Day 1 to ${max} of the tour` : undefined;
  return (
    <>
      <NumberField
        label="Check-in day"
        required
        min={1}
        max={max}
        w={w}
        description={description}
        {...form.getInputProps('check_in_day')}
      />
      <NumberField
        label="Check-out day"
        required
        min={1}
        max={max}
        w={w}
        description={description}
        {...form.getInputProps('check_out_day')}
      />
    </>
  );
}

/**
 * The form that attaches accommodation to a tour (POST tours/{id}/accommodation) or to one group
 * (POST tours/groups/{id}/accommodation): accommodation, check-in and check-out day from 1 to
 * duration+1 (spec 3 §5 Tour accommodation).
 */
export function AddAccommodationForm({
  target,
  duration,
  onAdded,
  label = 'Add accommodation',
}: {
  target: { tourId: number } | { groupId: number };
  duration: number | null;
  onAdded: () => void;
  label?: string;
}) {
  const lists = useTourData();
  const entity = useEntityForm({
    schema: tourAccommodationInput,
    toValues: (): TourAccommodationValues => ({
      accommodation_id: null,
      check_in_day: 1,
      check_out_day: duration ?? '',
    }),
    toInput: toTourAccommodationInput,
    extraValidate: stayDayRule(duration),
    permission: 'tourAccommodation.save',
    mode: 'create',
    send: (body) =>
      'tourId' in target
        ? api.call(tourAccommodationApi.create, {
            params: { id: target.tourId },
            body: { ...body, tour_id: target.tourId },
          })
        : api.call(groupsApi.addAccommodation, { params: { id: target.groupId }, body }),
    resetAfterCreate: true,
    onSaved: onAdded,
  });
  const { form } = entity;
  return (
    <InlineAddForm entity={entity} label={label} submitLabel="Add accommodation">
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
      <StayDayFields form={form} duration={duration} w={130} />
    </InlineAddForm>
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
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.tours.all });
  return (
    <Section title="Accommodation" defaultOpen={defaultOpen}>
      <Stack gap="md">
        <Can permission="tourAccommodation.save">
          <AddAccommodationForm target={{ tourId: tour.id }} duration={tour.duration} onAdded={reload} />
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
                      endpoint={tourAccommodationApi.delete}
                      params={{ id: r.id }}
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
  const exclude = useNoticeMutation(
    (next: boolean) =>
      api.call(groupsApi.excludeAccommodation, {
        body: {
          tour_group_id: groupId,
          tour_accommodation_id: accommodation.id,
          accommodation_id: accommodation.accommodation_id,
          checked: next,
        },
      }),
    { onSuccess: () => onChanged?.(), onError: (_err, next) => setChecked(!next) },
  );
  return (
    <Switch
      label={label}
      checked={checked}
      disabled={disabled || exclude.isPending}
      onChange={async (e) => {
        const next = e.currentTarget.checked;
        if (next && !(await confirmAction(EXCLUDE_ACCOMMODATION_CONFIRM, { title: 'Exclude accommodation' })))
          return;
        setChecked(next);
        exclude.mutate(next);
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
    queryKey: keys.groups.list('of-tour', tourId),
    queryFn: ({ signal }) =>
      api.call(groupsApi.ofTour, { params: { id: tourId }, signal }).then((r) => r.data),
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
