import { Select, TextInput } from '@mantine/core';
import { instancesApi } from '../../../../shared/api/instances';
import {
  departurePlace,
  departurePlaceErrors,
  instanceCreateInput,
  type TourGroupDetail,
} from '../../../../shared/api/tour-catalogue';
import { api } from '../../../api/client';
import { airportOptions, pickupPointsOf, useDepartureAirports, useTourData } from '../../../api/tours';
import { formatMoney } from '../../../lib/format';
import { DateField } from '../../../ui/DateField';
import { useEntityForm } from '../../../ui/entity';
import { MoneyInput, numberText } from '../../../ui/form';
import { InlineAddForm } from '../InlineAddForm';

interface AddInstanceValues {
  departure_date: string | null;
  departure_airport_id: string | null;
  pickup_point_id: string | null;
  instance_title: string;
  base_price: string | number;
}

/**
 * Adds an instance to a group: departure date and place by tour type (airport, pickup point of the
 * group's region, or self drive), title and base price; blank again after each add.
 */
export function AddInstanceForm({ g, onAdded }: { g: TourGroupDetail; onAdded: () => void }) {
  const type = g.tour.tour_type;
  const place = departurePlace(type);
  const airports = useDepartureAirports();
  const lists = useTourData();
  const region = lists.data?.pickUpRegions.find((r) => r.id === g.pick_up_point_region_id);
  const points = pickupPointsOf(lists.data?.pickUpRegions, g.pick_up_point_region_id);
  const entity = useEntityForm({
    schema: instanceCreateInput,
    toValues: (): AddInstanceValues => ({
      departure_date: g.start_date,
      departure_airport_id: null,
      pickup_point_id: null,
      instance_title: '',
      base_price: '',
    }),
    toInput: (v: AddInstanceValues) => ({
      tour_id: g.tour_id,
      tour_group_id: g.id,
      departure_date: v.departure_date,
      departure_airport_id: v.departure_airport_id ?? '',
      pickup_point_id: v.pickup_point_id ?? '',
      self_drive: place === 'self_drive',
      instance_title: v.instance_title,
      base_price: numberText(v.base_price),
      currency: 'GBP',
      indirect_flights: 0,
    }),
    extraValidate: (v) => departurePlaceErrors(type, v),
    permission: 'instances.create',
    mode: 'create',
    send: (body) => api.call(instancesApi.create, { body }),
    resetAfterCreate: true,
    onSaved: onAdded,
  });
  const { form } = entity;
  return (
    <InlineAddForm entity={entity} label="Add instance" submitLabel="Add instance">
      <DateField label="Departure date" required w={170} {...form.getInputProps('departure_date')} />
      {place === 'airport' && (
        <Select
          label="Departure airport"
          required
          w={280}
          placeholder={airports.isPending ? 'Loading…' : 'Choose an airport'}
          data={airportOptions(airports.data)}
          searchable
          nothingFoundMessage="No airport matches"
          {...form.getInputProps('departure_airport_id')}
        />
      )}
      {place === 'pickup_point' && (
        <Select
          label="Pickup point"
          required
          w={260}
          placeholder={
            lists.isPending
              ? 'Loading…'
              : region
                ? `A point of ${region.region_name}`
                : 'Choose a pickup point'
          }
          data={points.map((p) => ({ value: String(p.id), label: p.pickup_point_name }))}
          searchable
          nothingFoundMessage="No pickup point matches"
          {...form.getInputProps('pickup_point_id')}
        />
      )}
      {place === 'self_drive' && <TextInput label="Departs" value="Self drive" readOnly w={140} />}
      <TextInput
        label="Title"
        placeholder="Default: the airport or point"
        w={220}
        {...form.getInputProps('instance_title')}
      />
      <MoneyInput
        label="Base price"
        w={150}
        placeholder={g.base_price ? `${formatMoney(g.base_price)} (group)` : undefined}
        {...form.getInputProps('base_price')}
      />
    </InlineAddForm>
  );
}
