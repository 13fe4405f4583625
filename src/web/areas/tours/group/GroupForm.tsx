import { Group, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import {
  type GroupAnswer,
  type GroupInput,
  groupInput,
  groupRegionErrors,
} from '../../../../shared/api/tour-catalogue';
import { useTourData } from '../../../api/tours';
import { formatMoney } from '../../../lib/format';
import { DateField } from '../../../ui/DateField';
import { EntityFormFrame, type EntityFormProps, useEntityForm } from '../../../ui/entity';
import { FieldGrid, MoneyInput, NumberField, numberText } from '../../../ui/form';

interface GroupFormValues {
  start_date: string | null;
  pick_up_point_region_id: string | null;
  deposit_price: string | number;
  base_price: string | number;
  base_cost: string | number;
  duration: string | number;
  minimum_age: string | number;
  release_days_before: string | number;
  available_places: string | number;
  stop_sell: boolean;
  is_special_group: boolean;
  group_itinerary: string;
}

const toGroupValues = (answer?: GroupAnswer): GroupFormValues => {
  const g = answer?.tourGroup;
  return {
    start_date: g?.start_date ?? null,
    pick_up_point_region_id: g?.pick_up_point_region_id ? String(g.pick_up_point_region_id) : null,
    deposit_price: g?.deposit_price ?? '',
    base_price: g?.base_price ?? '',
    base_cost: g?.base_cost ?? '',
    duration: g?.duration ?? '',
    minimum_age: g?.minimum_age ?? '',
    release_days_before: g?.release_days_before ?? '',
    available_places: g?.available_places ?? '',
    stop_sell: g?.stop_sell ?? false,
    is_special_group: g?.is_special_group ?? false,
    group_itinerary: g?.group_itinerary ?? '',
  };
};

const toGroupInput = (v: GroupFormValues): GroupInput => ({
  start_date: v.start_date,
  pick_up_point_region_id: v.pick_up_point_region_id ?? '',
  deposit_price: numberText(v.deposit_price),
  base_price: numberText(v.base_price),
  base_cost: numberText(v.base_cost),
  duration: numberText(v.duration),
  minimum_age: numberText(v.minimum_age),
  release_days_before: numberText(v.release_days_before),
  available_places: numberText(v.available_places),
  stop_sell: v.stop_sell,
  is_special_group: v.is_special_group,
  group_itinerary: v.group_itinerary,
});

const tourValue = (v: string | number | null | undefined, money = false) =>
  v === null || v === undefined || v === '' ? undefined : `${money ? formatMoney(v) : v} (tour)`;

/**
 * The group form of the entity kit (spec 3 §2): blank values fall back to the master tour's, shown as
 * grey placeholders; a coach tour's group needs its pickup region.
 */
export function GroupForm({ mode, record: answer, send, onSaved }: EntityFormProps<GroupAnswer, GroupInput>) {
  const lists = useTourData();
  const g = answer?.tourGroup;
  const tourType = g?.tour.tour_type ?? '';
  const entity = useEntityForm({
    schema: groupInput,
    toValues: toGroupValues,
    toInput: toGroupInput,
    extraValidate: (v) => groupRegionErrors(tourType, v.pick_up_point_region_id),
    permission: 'groups.update',
    mode,
    record: answer,
    send,
    onSaved,
  });
  const { form } = entity;
  return (
    <EntityFormFrame entity={entity} maw={960} submitLabel="Update group">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Blank values fall back to the master tour's values (shown in grey).
        </Text>
        <FieldGrid cols={3}>
          <DateField label="Start date" required clearable={false} {...form.getInputProps('start_date')} />
          {tourType === 'coach' && (
            <Select
              label="Pickup region"
              required
              data={(lists.data?.pickUpRegions ?? []).map((r) => ({
                value: String(r.id),
                label: r.region_name,
              }))}
              placeholder={lists.isPending ? 'Loading…' : 'Choose a region'}
              searchable
              {...form.getInputProps('pick_up_point_region_id')}
            />
          )}
          <MoneyInput
            label="Deposit price"
            placeholder={tourValue(g?.tour.deposit_price, true)}
            {...form.getInputProps('deposit_price')}
          />
          <MoneyInput label="Base price" {...form.getInputProps('base_price')} />
          <MoneyInput label="Base cost" {...form.getInputProps('base_cost')} />
          <NumberField
            label="Duration (days)"
            min={1}
            placeholder={tourValue(g?.tour.duration)}
            {...form.getInputProps('duration')}
          />
          <NumberField
            label="Minimum age"
            min={0}
            placeholder={tourValue(g?.tour.minimum_age)}
            {...form.getInputProps('minimum_age')}
          />
          <NumberField
            label="Release days before"
            min={0}
            placeholder={tourValue(g?.tour.release_days_before)}
            {...form.getInputProps('release_days_before')}
          />
          <NumberField
            label="Available places"
            min={0}
            placeholder={tourValue(g?.tour.tour_places)}
            {...form.getInputProps('available_places')}
          />
          <TextInput label="Passengers (places taken)" value={String(g?.passengers ?? 0)} readOnly disabled />
        </FieldGrid>
        <Group gap="xl">
          <Switch label="Stop sell" {...form.getInputProps('stop_sell', { type: 'checkbox' })} />
          <Switch label="Special group" {...form.getInputProps('is_special_group', { type: 'checkbox' })} />
        </Group>
        <Textarea
          label="Group itinerary"
          description="Overrides the tour's itinerary. Variables: {hotel}, {room_type}, {board_basis}, {hotel_contact}, {hotel_address}, {hotel_resort}, {transfer_pickup_time}"
          placeholder={
            g?.tour.itinerary
              ? `${g.tour.itinerary.slice(0, 300)}${g.tour.itinerary.length > 300 ? '…' : ''}`
              : undefined
          }
          autosize
          minRows={3}
          maxRows={12}
          {...form.getInputProps('group_itinerary')}
        />
      </Stack>
    </EntityFormFrame>
  );
}
