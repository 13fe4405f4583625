import { Grid, Group, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import {
  departurePlace,
  departurePlaceErrors,
  type InstanceAnswer,
  type InstanceInput,
  instanceInput,
} from '../../../../shared/api/tour-catalogue';
import { effectiveValue } from '../../../../shared/pricing';
import { airportOptions, pickupPointsOf, useDepartureAirports, useTourData } from '../../../api/tours';
import { formatMoney } from '../../../lib/format';
import { DateField } from '../../../ui/DateField';
import { EntityFormFrame, type EntityFormProps, useEntityForm } from '../../../ui/entity';
import { FieldGrid, MoneyInput, NumberField, numberText } from '../../../ui/form';

interface InstanceFormValues {
  instance_title: string;
  departure_date: string | null;
  departure_airport_id: string | null;
  pickup_point_id: string | null;
  deposit_price: string | number;
  base_price: string | number;
  base_sale_price: string | number;
  base_cost: string | number;
  duration: string | number;
  minimum_age: string | number;
  release_days_before: string | number;
  tour_places: string | number;
  stop_sell: boolean;
  is_special_instance: boolean;
  travel_itinerary: string;
}

const toInstanceValues = (inst?: InstanceAnswer): InstanceFormValues => ({
  instance_title: inst?.instance_title ?? '',
  departure_date: inst?.departure_date ?? null,
  departure_airport_id: inst?.departure_airport_id ? String(inst.departure_airport_id) : null,
  pickup_point_id: inst?.pickup_point_id ? String(inst.pickup_point_id) : null,
  deposit_price: inst?.deposit_price ?? '',
  base_price: inst?.base_price ?? '',
  base_sale_price: inst?.base_sale_price ?? '',
  base_cost: inst?.base_cost ?? '',
  duration: inst?.duration ?? '',
  minimum_age: inst?.minimum_age ?? '',
  release_days_before: inst?.release_days_before ?? '',
  tour_places: inst?.tour_places ?? '',
  stop_sell: inst?.stop_sell ?? false,
  is_special_instance: inst?.is_special_instance ?? false,
  travel_itinerary: inst?.travel_itinerary ?? '',
});

const master = (v: string | number | null | undefined, money = false) =>
  v === null || v === undefined || v === '' ? undefined : `Set to ${money ? formatMoney(v) : v} in master`;

/**
 * The instance form of the entity kit (spec 3 §2): every field by tour type, blank values falling
 * back to the group's and tour's (shown as placeholders).
 */
export function InstanceForm({
  mode,
  record: inst,
  send,
  onSaved,
}: EntityFormProps<InstanceAnswer, InstanceInput>) {
  const type = inst?.tour.tour_type ?? '';
  const place = departurePlace(type);
  const airports = useDepartureAirports();
  const lists = useTourData();
  const points = pickupPointsOf(lists.data?.pickUpRegions, inst?.group.pick_up_point_region_id);
  // The instance's own airport stays choosable when it is no longer a UK departure airport.
  const airportChoices = airportOptions(airports.data);
  const ownAirport = inst?.departure_airport_id &&
    inst.airport && { ...inst.airport, id: inst.departure_airport_id };
  if (ownAirport && !airportChoices.some((o) => o.value === String(ownAirport.id))) {
    airportChoices.unshift(...airportOptions([ownAirport]));
  }
  const entity = useEntityForm({
    schema: instanceInput,
    toValues: toInstanceValues,
    toInput: (v: InstanceFormValues): InstanceInput => ({
      instance_title: v.instance_title,
      departure_date: v.departure_date,
      departure_airport_id: v.departure_airport_id ?? '',
      pickup_point_id: v.pickup_point_id ?? '',
      self_drive: place === 'self_drive',
      deposit_price: numberText(v.deposit_price),
      base_price: numberText(v.base_price),
      base_sale_price: numberText(v.base_sale_price),
      base_cost: numberText(v.base_cost),
      duration: numberText(v.duration),
      minimum_age: numberText(v.minimum_age),
      release_days_before: numberText(v.release_days_before),
      tour_places: numberText(v.tour_places),
      stop_sell: v.stop_sell,
      is_special_instance: v.is_special_instance,
      travel_itinerary: v.travel_itinerary,
    }),
    extraValidate: (v) => departurePlaceErrors(type, v),
    permission: 'instances.update',
    mode,
    record: inst,
    send,
    onSaved,
  });
  const { form } = entity;
  const g = inst?.group;
  const t = inst?.tour;
  return (
    <EntityFormFrame entity={entity} maw={960} submitLabel="Update instance">
      <Stack gap="md">
        {/* The departure place gets the widest column: airport names are long
            ('Birmingham International Airport (BHX)') and were cut short in a third. */}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Title" {...form.getInputProps('instance_title')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <DateField
              label="Departure date"
              required
              clearable={false}
              {...form.getInputProps('departure_date')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            {place === 'airport' && (
              <Select
                label="Departure airport"
                required
                data={airportChoices}
                placeholder={airports.isPending ? 'Loading…' : 'Choose an airport'}
                searchable
                // Required: choosing the airport already chosen keeps it (Mantine would clear it).
                allowDeselect={false}
                {...form.getInputProps('departure_airport_id')}
              />
            )}
            {place === 'pickup_point' && (
              <Select
                label="Pickup point"
                required
                data={points.map((p) => ({ value: String(p.id), label: p.pickup_point_name }))}
                placeholder={lists.isPending ? 'Loading…' : 'Choose a pickup point'}
                searchable
                allowDeselect={false}
                {...form.getInputProps('pickup_point_id')}
              />
            )}
            {place === 'self_drive' && <Switch label="Self drive" checked readOnly mt={32} />}
          </Grid.Col>
        </Grid>
        <FieldGrid cols={3}>
          <MoneyInput
            label="Deposit price"
            placeholder={master(effectiveValue(g?.deposit_price, t?.deposit_price), true)}
            {...form.getInputProps('deposit_price')}
          />
          <MoneyInput
            label="Base price"
            placeholder={master(g?.base_price, true)}
            {...form.getInputProps('base_price')}
          />
          <MoneyInput label="Base sale price" {...form.getInputProps('base_sale_price')} />
          <MoneyInput
            label="Base cost"
            placeholder={master(g?.base_cost, true)}
            {...form.getInputProps('base_cost')}
          />
          <NumberField
            label="Duration (days)"
            min={1}
            placeholder={master(effectiveValue(g?.duration, t?.duration))}
            {...form.getInputProps('duration')}
          />
          <NumberField
            label="Minimum age"
            min={0}
            placeholder={master(effectiveValue(g?.minimum_age, t?.minimum_age))}
            {...form.getInputProps('minimum_age')}
          />
          <NumberField
            label="Release days before"
            min={0}
            placeholder={master(effectiveValue(g?.release_days_before, t?.release_days_before))}
            {...form.getInputProps('release_days_before')}
          />
          <NumberField
            label="Places available"
            min={0}
            placeholder={master(effectiveValue(g?.available_places, t?.tour_places))}
            {...form.getInputProps('tour_places')}
          />
        </FieldGrid>
        <Group gap="xl">
          <Switch label="Stop sell" {...form.getInputProps('stop_sell', { type: 'checkbox' })} />
          <Switch
            label="Special instance"
            {...form.getInputProps('is_special_instance', { type: 'checkbox' })}
          />
        </Group>
        <Textarea
          label="Instance itinerary"
          description="Overrides the master and group itinerary."
          autosize
          minRows={3}
          maxRows={12}
          {...form.getInputProps('travel_itinerary')}
        />
      </Stack>
    </EntityFormFrame>
  );
}
