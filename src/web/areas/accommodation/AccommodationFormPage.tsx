import { Badge, Group, Select, Tabs, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  type Accommodation,
  type AccommodationInput,
  accommodationApi,
  accommodationInput,
} from '../../../shared/api/accommodation';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { toOptions } from '../../api/reference';
import { useSuppliersAndResorts } from '../../api/tours';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';
import { FieldGrid } from '../../ui/form';
import { GalleryTab } from './GalleryTab';
import { RoomsTab } from './RoomsTab';
import { ToursTab } from './ToursTab';

interface DetailsValues {
  accommodation_name: string;
  phone_number: string;
  address: string;
  resort_id: string | null;
  supplier_id: string | null;
  star_rating: string | null;
  short_description: string;
}

const toValues = (a?: Accommodation): DetailsValues => ({
  accommodation_name: a?.accommodation_name ?? '',
  phone_number: a?.phone_number ?? '',
  address: a?.address ?? '',
  resort_id: a?.resort_id ? String(a.resort_id) : null,
  supplier_id: a?.supplier_id ? String(a.supplier_id) : null,
  star_rating: a?.star_rating ? String(a.star_rating) : null,
  short_description: a?.short_description ?? '',
});

const toInput = (v: DetailsValues): AccommodationInput => ({
  accommodation_name: v.accommodation_name,
  phone_number: v.phone_number,
  address: v.address,
  resort_id: v.resort_id ? Number(v.resort_id) : null,
  supplier_id: v.supplier_id ? Number(v.supplier_id) : null,
  star_rating: v.star_rating ? Number(v.star_rating) : null,
  short_description: v.short_description,
});

/** The spec nests the payload: `{accommodation: {...}}`. */
const toBody = (accommodation: AccommodationInput) => ({ accommodation });

const STAR_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${'★'.repeat(n)} (${n})` }));

/** Create accommodation (/accommodation/create); goes to the edit screen afterwards (spec 3 §4). */
export function AccommodationCreatePage() {
  return (
    <EntityCreatePage
      title="New accommodation"
      create={accommodationApi.create}
      toBody={toBody}
      invalidate={keys.accommodation.all}
      afterCreate={(answer) => pathTo('accommodation-edit', { id: answer.data.id })}
      form={DetailsForm}
    />
  );
}

const TABS = ['details', 'gallery', 'rooms', 'tours'] as const;

/**
 * Edit accommodation (/accommodation/edit/{id}, route accommodation-edit): tabs Accommodation
 * Details, Gallery, Rooms and Tours (spec 3 §2); the details form is the first tab. The gallery
 * and rooms tabs reload the accommodation (`keys.accommodation.one`) after their changes.
 */
export function AccommodationEditPage() {
  return (
    <EntityEditPage
      label="accommodation"
      load={accommodationApi.get}
      select={(answer) => answer.data[0]}
      queryKey={keys.accommodation.one}
      invalidate={keys.accommodation.all}
      title={(acc) => (
        <Group gap="sm" component="span">
          <span>Accommodation: {acc.accommodation_name}</span>
          {acc.star_rating ? (
            <Badge variant="light" color="yellow" size="lg" aria-label={`${acc.star_rating} stars`}>
              {'★'.repeat(acc.star_rating)}
            </Badge>
          ) : null}
        </Group>
      )}
      update={accommodationApi.update}
      toBody={toBody}
      form={DetailsForm}
      layout={(form, acc) => <AccommodationTabs accommodation={acc} details={form} />}
    />
  );
}

function AccommodationTabs({
  accommodation: acc,
  details,
}: {
  accommodation: Accommodation;
  details: React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.includes(asked as (typeof TABS)[number]) ? (asked as string) : 'details';
  const reload = () => void queryClient.invalidateQueries({ queryKey: keys.accommodation.all });
  return (
    <Tabs
      value={tab}
      onChange={(v) => setParams(v && v !== 'details' ? { tab: v } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="details">Accommodation Details</Tabs.Tab>
        <Tabs.Tab value="gallery">Gallery ({acc.gallery_image_link.length})</Tabs.Tab>
        <Tabs.Tab value="rooms">Rooms ({acc.accommodation_rooms.length})</Tabs.Tab>
        <Tabs.Tab value="tours">Tours ({acc.tour_accommodation.length})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details">{details}</Tabs.Panel>
      <Tabs.Panel value="gallery">
        <GalleryTab accommodation={acc} onChanged={reload} />
      </Tabs.Panel>
      <Tabs.Panel value="rooms">
        <RoomsTab accommodation={acc} onChanged={reload} />
      </Tabs.Panel>
      <Tabs.Panel value="tours">
        <ToursTab accommodation={acc} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** Accommodation Details (spec 3 §3 Accommodation): checked with the shared `accommodationInput`. */
function DetailsForm({ mode, record, send, onSaved }: EntityFormProps<Accommodation, AccommodationInput>) {
  const lists = useSuppliersAndResorts();
  const entity = useEntityForm({
    schema: accommodationInput,
    toValues,
    toInput,
    permission: { create: 'accommodation.create', update: 'accommodation.update' },
    mode,
    record,
    send,
    onSaved,
  });
  const { form } = entity;
  const loading = lists.isPending ? 'Loading…' : undefined;
  return (
    <EntityFormFrame
      entity={entity}
      maw={900}
      submitLabel={{ create: 'Create accommodation', update: 'Update accommodation' }}
    >
      <FieldGrid>
        <TextInput label="Accommodation name" required {...form.getInputProps('accommodation_name')} />
        <TextInput label="Phone number" type="tel" {...form.getInputProps('phone_number')} />
        <Select
          label="Resort"
          placeholder={loading ?? 'Choose a resort'}
          data={toOptions(lists.data?.resorts, (r) => r.resort_name)}
          searchable
          clearable
          nothingFoundMessage="No resort matches"
          {...form.getInputProps('resort_id')}
        />
        <Select
          label="Supplier"
          placeholder={loading ?? 'Choose a supplier'}
          data={toOptions(lists.data?.suppliers, (s) => s.supplier_name)}
          searchable
          clearable
          nothingFoundMessage="No supplier matches"
          {...form.getInputProps('supplier_id')}
        />
        <Select
          label="Star rating"
          placeholder="Not rated"
          data={STAR_OPTIONS}
          clearable
          {...form.getInputProps('star_rating')}
        />
      </FieldGrid>
      <Textarea label="Address" mt="sm" autosize minRows={2} maxRows={4} {...form.getInputProps('address')} />
      <Textarea
        label="Short description"
        mt="sm"
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('short_description')}
      />
    </EntityFormFrame>
  );
}
