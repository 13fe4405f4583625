import {
  Anchor,
  FileInput,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import {
  TOUR_TYPE_LABELS,
  TOUR_TYPE_VALUES,
  type TourDetail,
  type TourInput,
} from '../../../shared/api/tour-catalogue';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { EntityLoader } from '../../ui/EntityLoader';
import { FieldGrid, FormActions, MoneyInput, NumberField, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { decimalText, intText, tourKey, useTour, useTourData } from './api';
import { TourAccommodationSection } from './TourAccommodationSection';
import { TourExtrasSection } from './TourExtrasSection';
import { TourGroupsSection } from './TourGroupsSection';

interface TourFormValues {
  name: string;
  reference: string;
  tour_type: string | null;
  enabled: string;
  deposit_price: string | number;
  duration: string | number;
  minimum_age: string | number;
  release_days_before: string | number;
  tour_places: string | number;
  destination: string | null;
  bonding_type_id: string | null;
  stop_sell: boolean;
  is_suppressed: boolean;
  is_passport_details_required: boolean;
  itinerary: string;
  covering_emails: string;
  information_doc_file: File | null;
}

const toValues = (t?: TourDetail): TourFormValues => ({
  name: t?.name ?? '',
  reference: t?.reference ?? '',
  tour_type: t?.tour_type ?? null,
  enabled: String(t?.enabled ?? 1),
  deposit_price: t?.deposit_price ?? '',
  duration: t?.duration ?? '',
  minimum_age: t?.minimum_age ?? '',
  release_days_before: t?.release_days_before ?? '',
  tour_places: t?.tour_places ?? '',
  destination: t?.destination ? String(t.destination) : null,
  bonding_type_id: t?.bonding_type_id ? String(t.bonding_type_id) : null,
  stop_sell: t?.stop_sell ?? false,
  is_suppressed: t?.is_suppressed ?? false,
  is_passport_details_required: t?.is_passport_details_required ?? false,
  itinerary: t?.itinerary ?? '',
  covering_emails: t?.covering_emails ?? '',
  information_doc_file: null,
});

const toInput = (v: TourFormValues): TourInput => ({
  name: v.name,
  reference: v.reference,
  tour_type: (v.tour_type ?? '') as TourInput['tour_type'],
  enabled: Number(v.enabled) as 0 | 1,
  deposit_price: decimalText(v.deposit_price),
  duration: intText(v.duration),
  minimum_age: intText(v.minimum_age),
  release_days_before: intText(v.release_days_before),
  tour_places: intText(v.tour_places),
  destination: v.destination ?? '',
  bonding_type_id: v.bonding_type_id ?? '',
  stop_sell: v.stop_sell,
  is_suppressed: v.is_suppressed,
  is_passport_details_required: v.is_passport_details_required,
  itinerary: v.itinerary,
  covering_emails: v.covering_emails,
});

/** The tour (JSON) and its information PDF as the multipart form of POST tours/ (spec 3 §7). */
const toUpload = (v: TourFormValues) => ({
  tour: toInput(v),
  information_doc_file: v.information_doc_file ?? undefined,
});

/** Create tour (/tours/create): 'Create tour' ('Creating tour...'); then the tour's edit screen. */
export function TourCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New tour" />
      <TourForm
        mode="create"
        send={(v) => api.upload<{ data: { id: number } }>('/tours/', toUpload(v))}
        onSaved={(answer) => navigate(pathTo('tour-edit', { id: answer.data.id }))}
      />
    </>
  );
}

/**
 * Edit tour (/tours/edit/{id}): the tour form ('Update tour', role 1) and the Groups,
 * Accommodation and Tour Extras sections, open by default for role 1.
 */
export function TourEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useTour(id);
  const isAdmin = useCan('tours.update');
  return (
    <EntityLoader query={query} label="tour">
      {(tour) => (
        <Stack gap="lg">
          <PageHeader title={`Tour: ${tour.name}`} />
          <TourForm
            key={`${tour.id}-${tour.information_doc_name ?? ''}`}
            mode="update"
            tour={tour}
            send={(v) => api.upload(`/tours/${id}`, toUpload(v))}
            onSaved={() => queryClient.invalidateQueries({ queryKey: tourKey(id) })}
          />
          <TourGroupsSection tour={tour} defaultOpen={isAdmin} />
          <TourAccommodationSection tour={tour} defaultOpen={isAdmin} />
          <TourExtrasSection tour={tour} defaultOpen={isAdmin} />
        </Stack>
      )}
    </EntityLoader>
  );
}

const required = (label: string) => (v: unknown) =>
  v === '' || v === null || v === undefined || (typeof v === 'string' && !v.trim())
    ? `${label} is required.`
    : null;

function TourForm<A>({
  mode,
  tour,
  send,
  onSaved,
}: {
  mode: 'create' | 'update';
  tour?: TourDetail;
  send: (values: TourFormValues) => Promise<A>;
  onSaved: (answer: A) => void;
}) {
  const mayCreate = useCan('tours.create');
  const mayUpdate = useCan('tours.update');
  const maySave = mode === 'create' ? mayCreate : mayUpdate;
  const lists = useTourData();
  const form = useForm<TourFormValues>({
    initialValues: toValues(tour),
    validate: {
      name: required('Name'),
      reference: required('Reference'),
      tour_type: required('Tour type'),
      deposit_price: required('Deposit price'),
      duration: required('Duration'),
      release_days_before: required('Release days before'),
      tour_places: required('Tour places'),
      information_doc_file: (f) =>
        f && !/\.pdf$/i.test(f.name) && f.type !== 'application/pdf'
          ? 'The information document must be a PDF file.'
          : null,
    },
  });
  const { onSubmit, saving } = useFormSubmit(form, send, { onSuccess: (a) => onSaved(a) });
  const placeholder = lists.isPending ? 'Loading…' : undefined;
  return (
    <Paper withBorder p="lg" radius="md" maw={960}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="md">
            <FieldGrid>
              <TextInput label="Name" required {...form.getInputProps('name')} />
              <TextInput label="Reference" required {...form.getInputProps('reference')} />
              <Select
                label="Tour type"
                required
                placeholder="Choose a tour type"
                data={TOUR_TYPE_VALUES.map((t) => ({ value: t, label: TOUR_TYPE_LABELS[t] }))}
                {...form.getInputProps('tour_type')}
              />
              <Select
                label="Enabled"
                allowDeselect={false}
                data={[
                  { value: '1', label: 'Enabled' },
                  { value: '0', label: 'Disabled' },
                ]}
                {...form.getInputProps('enabled')}
              />
              <Select
                label="Destination"
                placeholder={placeholder ?? 'Choose a country'}
                data={(lists.data?.countries ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                searchable
                clearable
                nothingFoundMessage="No country matches"
                {...form.getInputProps('destination')}
              />
              <Select
                label="Bonding type"
                placeholder={placeholder ?? 'Choose a bonding type'}
                data={(lists.data?.bonding_types ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
                clearable
                {...form.getInputProps('bonding_type_id')}
              />
            </FieldGrid>
            <FieldGrid cols={3}>
              <MoneyInput label="Deposit price" required {...form.getInputProps('deposit_price')} />
              <NumberField label="Duration (days)" required min={1} {...form.getInputProps('duration')} />
              <NumberField label="Minimum age" min={0} {...form.getInputProps('minimum_age')} />
              <NumberField
                label="Release days before"
                required
                min={0}
                {...form.getInputProps('release_days_before')}
              />
              <NumberField label="Tour places" required min={0} {...form.getInputProps('tour_places')} />
            </FieldGrid>
            <Group gap="xl" wrap="wrap">
              <Switch label="Stop sell" {...form.getInputProps('stop_sell', { type: 'checkbox' })} />
              <Switch label="Suppressed" {...form.getInputProps('is_suppressed', { type: 'checkbox' })} />
              <Switch
                label="Passport details required"
                {...form.getInputProps('is_passport_details_required', { type: 'checkbox' })}
              />
            </Group>
            <Textarea
              label="Itinerary"
              autosize
              minRows={4}
              maxRows={14}
              {...form.getInputProps('itinerary')}
            />
            <Textarea
              label="Covering emails"
              description="Text added to the emails sent with this tour's documents."
              autosize
              minRows={3}
              maxRows={10}
              {...form.getInputProps('covering_emails')}
            />
            <FileInput
              label="Information document (PDF)"
              placeholder={tour?.information_doc_name ? 'Replace the PDF…' : 'Choose a PDF…'}
              accept="application/pdf,.pdf"
              clearable
              {...form.getInputProps('information_doc_file')}
            />
          </Stack>
        </fieldset>
        {tour?.has_information_doc && (
          <Group gap="xs" mt="xs">
            <Text size="sm" c="dimmed">
              Current information document:
            </Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="left"
              onClick={() =>
                api
                  .download(`/tours/tours-document/${tour.id}/download`, {
                    fallbackName: tour.information_doc_name ?? 'tour.pdf',
                  })
                  .catch(() =>
                    notifications.show({ color: 'red', title: 'Error', message: 'File not found' }),
                  )
              }
            >
              {tour.information_doc_name ?? 'Download'}
            </Anchor>
          </Group>
        )}
        {maySave && (
          <FormActions>
            <SaveButton
              mode={mode}
              saving={saving}
              busyLabel={mode === 'create' ? 'Creating tour...' : undefined}
            >
              {mode === 'create' ? 'Create tour' : 'Update tour'}
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}
