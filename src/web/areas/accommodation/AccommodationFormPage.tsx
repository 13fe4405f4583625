import { Badge, Group, Paper, Select, Tabs, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  type Accommodation,
  type AccommodationInput,
  accommodationInput,
} from '../../../shared/api/accommodation';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { EntityLoader } from '../../ui/EntityLoader';
import { FieldGrid, FormActions, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { zodValidate } from '../../ui/zod-validate';
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

const STAR_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${'★'.repeat(n)} (${n})` }));

/** The accommodation's key for queries; the room screen and the tabs refresh it after changes. */
export const accommodationKey = (id: number) => ['accommodation', id] as const;

/** GET accommodation/supplier-and-resorts: the two lists the details form chooses from. */
function useSuppliersAndResorts() {
  return useQuery({
    queryKey: ['accommodation', 'supplier-and-resorts'],
    queryFn: () =>
      api
        .get<{
          data: {
            suppliers: { id: number; supplier_name: string }[];
            resorts: { id: number; resort_name: string }[];
          };
        }>('/accommodation/supplier-and-resorts')
        .then((r) => r.data),
    staleTime: 60_000,
  });
}

/** Create accommodation (/accommodation/create); goes to the edit screen afterwards (spec 3 §4). */
export function AccommodationCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New accommodation" />
      <DetailsForm
        mode="create"
        send={(input) => api.post<{ data: { id: number } }>('/accommodation', { accommodation: input })}
        onSaved={(answer) => navigate(pathTo('accommodation-edit', { id: answer.data.id }))}
      />
    </>
  );
}

const TABS = ['details', 'gallery', 'rooms', 'tours'] as const;

/**
 * Edit accommodation (/accommodation/edit/{id}, route accommodation-edit): tabs Accommodation
 * Details, Gallery, Rooms and Tours (spec 3 §2). The page reloads when the route's id changes.
 */
export function AccommodationEditPage() {
  const id = Number(useParams().id);
  return <AccommodationEdit key={id} id={id} />;
}

function AccommodationEdit({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.includes(asked as (typeof TABS)[number]) ? (asked as string) : 'details';
  const query = useQuery({
    queryKey: accommodationKey(id),
    queryFn: () => api.get<{ data: Accommodation[] }>(`/accommodation/${id}`).then((r) => r.data[0]),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: accommodationKey(id) });
  return (
    <EntityLoader query={query} label="accommodation">
      {(acc) => (
        <>
          <PageHeader
            title={
              <Group gap="sm" component="span">
                <span>Accommodation: {acc.accommodation_name}</span>
                {acc.star_rating ? (
                  <Badge variant="light" color="yellow" size="lg" aria-label={`${acc.star_rating} stars`}>
                    {'★'.repeat(acc.star_rating)}
                  </Badge>
                ) : null}
              </Group>
            }
          />
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
            <Tabs.Panel value="details">
              <DetailsForm
                key={acc.id}
                mode="update"
                accommodation={acc}
                send={(input) => api.post(`/accommodation/${id}`, { accommodation: input })}
                onSaved={reload}
              />
            </Tabs.Panel>
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
        </>
      )}
    </EntityLoader>
  );
}

function DetailsForm<A>({
  mode,
  accommodation,
  send,
  onSaved,
}: {
  mode: 'create' | 'update';
  accommodation?: Accommodation;
  send: (input: AccommodationInput) => Promise<A>;
  onSaved: (answer: A) => void;
}) {
  const lists = useSuppliersAndResorts();
  const maySave = useCan(mode === 'create' ? 'accommodation.create' : 'accommodation.update');
  const form = useForm<DetailsValues>({
    initialValues: toValues(accommodation),
    validate: zodValidate<DetailsValues>(accommodationInput, toInput),
  });
  const { onSubmit, saving } = useFormSubmit(form, (v) => send(toInput(v)), { onSuccess: (a) => onSaved(a) });
  const resortOptions = (lists.data?.resorts ?? []).map((r) => ({
    value: String(r.id),
    label: r.resort_name,
  }));
  const supplierOptions = (lists.data?.suppliers ?? []).map((s) => ({
    value: String(s.id),
    label: s.supplier_name,
  }));
  const loading = lists.isPending ? 'Loading…' : undefined;
  return (
    <Paper withBorder p="lg" radius="md" maw={900}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0 }}>
          <FieldGrid>
            <TextInput label="Accommodation name" required {...form.getInputProps('accommodation_name')} />
            <TextInput label="Phone number" type="tel" {...form.getInputProps('phone_number')} />
            <Select
              label="Resort"
              placeholder={loading ?? 'Choose a resort'}
              data={resortOptions}
              searchable
              clearable
              nothingFoundMessage="No resort matches"
              {...form.getInputProps('resort_id')}
            />
            <Select
              label="Supplier"
              placeholder={loading ?? 'Choose a supplier'}
              data={supplierOptions}
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
          <Textarea
            label="Address"
            mt="sm"
            autosize
            minRows={2}
            maxRows={4}
            {...form.getInputProps('address')}
          />
          <Textarea
            label="Short description"
            mt="sm"
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('short_description')}
          />
        </fieldset>
        {maySave && (
          <FormActions>
            <SaveButton mode={mode} saving={saving}>
              {mode === 'create' ? 'Create accommodation' : 'Update accommodation'}
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}
