import { Anchor, FileInput, Group, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import {
  TOUR_TYPE_LABELS,
  TOUR_TYPE_VALUES,
  type TourDetail,
  type TourInput,
  tourInput,
} from '../../../shared/api/tour-catalogue';
import { TOUR_DOC_FIELD, toursApi } from '../../../shared/api/tours';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { useTourData } from '../../api/tours';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';
import { FieldGrid, MoneyInput, NumberField, numberText } from '../../ui/form';
import { useCan } from '../../ui/permissions';
import { TourAccommodationSection } from './TourAccommodationSection';
import { TourExtrasSection } from './TourExtrasSection';
import { TourGroupsSection } from './TourGroupsSection';

/** The tour form's payload: the shared tour schema, and the information PDF beside it. */
const tourFormSchema = tourInput.extend({ [TOUR_DOC_FIELD]: z.unknown().optional() });
type TourFormInput = z.input<typeof tourFormSchema>;

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

const toInput = (v: TourFormValues): TourFormInput => ({
  name: v.name,
  reference: v.reference,
  tour_type: (v.tour_type ?? '') as TourInput['tour_type'],
  enabled: Number(v.enabled) as 0 | 1,
  deposit_price: numberText(v.deposit_price),
  duration: numberText(v.duration),
  minimum_age: numberText(v.minimum_age),
  release_days_before: numberText(v.release_days_before),
  tour_places: numberText(v.tour_places),
  destination: v.destination ?? '',
  bonding_type_id: v.bonding_type_id ?? '',
  stop_sell: v.stop_sell,
  is_suppressed: v.is_suppressed,
  is_passport_details_required: v.is_passport_details_required,
  itinerary: v.itinerary,
  covering_emails: v.covering_emails,
  information_doc_file: v.information_doc_file ?? undefined,
});

/** The multipart form of POST tours/ and tours/{id} (spec 3 §7): the tour as JSON, and its PDF. */
const toUpload = ({ information_doc_file, ...tour }: TourFormInput) => ({
  tour,
  [TOUR_DOC_FIELD]: information_doc_file,
});

/** The information document must be a PDF (the server checks its bytes too). */
const pdfRule = (v: TourFormValues): Record<string, string> => {
  const f = v.information_doc_file;
  return f && !/\.pdf$/i.test(f.name) && f.type !== 'application/pdf'
    ? { information_doc_file: 'The information document must be a PDF file.' }
    : {};
};

/** Create tour (/tours/create): 'Create tour' ('Creating tour...'); then the tour's edit screen. */
export function TourCreatePage() {
  return (
    <EntityCreatePage
      title="New tour"
      create={toursApi.create}
      toBody={toUpload}
      invalidate={keys.tours.all}
      afterCreate={(answer) => pathTo('tour-edit', { id: answer.data.id })}
      form={TourForm}
    />
  );
}

/**
 * Edit tour (/tours/edit/{id}): the tour form ('Update tour', role 1) and the Groups,
 * Accommodation and Tour Extras sections, open by default for role 1.
 */
export function TourEditPage() {
  return (
    <EntityEditPage
      label="tour"
      load={toursApi.get}
      select={(answer) => answer.data[0]}
      queryKey={keys.tours.one}
      invalidate={keys.tours.all}
      title={(tour) => `Tour: ${tour.name}`}
      update={toursApi.update}
      toBody={toUpload}
      form={TourForm}
    >
      {(tour) => <TourSections tour={tour} />}
    </EntityEditPage>
  );
}

function TourSections({ tour }: { tour: TourDetail }) {
  const isAdmin = useCan('tours.update');
  return (
    <Stack gap="lg" mt="lg">
      <TourGroupsSection tour={tour} defaultOpen={isAdmin} />
      <TourAccommodationSection tour={tour} defaultOpen={isAdmin} />
      <TourExtrasSection tour={tour} defaultOpen={isAdmin} />
    </Stack>
  );
}

function TourForm({ mode, record: tour, send, onSaved }: EntityFormProps<TourDetail, TourFormInput>) {
  const lists = useTourData();
  const entity = useEntityForm({
    schema: tourFormSchema,
    toValues,
    toInput,
    permission: { create: 'tours.create', update: 'tours.update' },
    mode,
    record: tour,
    send,
    extraValidate: pdfRule,
    onSaved: (answer) => {
      // The PDF is stored: the file box empties (the record now names the current document).
      entity.form.setFieldValue('information_doc_file', null);
      onSaved(answer);
    },
  });
  const { form } = entity;
  const placeholder = lists.isPending ? 'Loading…' : undefined;
  return (
    <EntityFormFrame
      entity={entity}
      maw={960}
      submitLabel={{ create: 'Create tour', update: 'Update tour' }}
      busyLabel={mode === 'create' ? 'Creating tour...' : undefined}
      afterFields={tour?.has_information_doc && <InformationDocLink tour={tour} />}
    >
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
        <Textarea label="Itinerary" autosize minRows={4} maxRows={14} {...form.getInputProps('itinerary')} />
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
    </EntityFormFrame>
  );
}

/** 'Current information document:' and its download (GET tours/tours-document/{id}/download). */
function InformationDocLink({ tour }: { tour: TourDetail }) {
  return (
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
            .call(toursApi.document, {
              params: { id: tour.id },
              fallbackName: tour.information_doc_name ?? 'tour.pdf',
            })
            .catch(() => notifications.show({ color: 'red', title: 'Error', message: 'File not found' }))
        }
      >
        {tour.information_doc_name ?? 'Download'}
      </Anchor>
    </Group>
  );
}
