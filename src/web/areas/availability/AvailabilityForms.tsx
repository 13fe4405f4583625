import { Alert, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  AVAILABILITY_REQUIRED,
  CHANGE_TYPE_REQUIRED,
  CHANGE_TYPES,
  type ChangeType,
  COUNT_TYPES,
  DELETE_REFUSED,
  END_DATE_MESSAGE,
  PRICE_BY,
} from '../../../shared/api/availability';
import { api } from '../../api/client';
import { DateField } from '../../ui/DateField';
import { FieldGrid, FormActions, NumberField, SaveButton, useFormSubmit } from '../../ui/form';
import { currencyOptions, currencyPayload, useCurrentRates } from './hooks';

interface AvailabilityValues {
  start_date: string | null;
  end_date: string | null;
  type: ChangeType | null;
  availability: string | number;
}

const NUMBER_LABELS: Partial<Record<ChangeType, { label: string; description: string }>> = {
  updateExisting: { label: 'Rooms available', description: 'Set every night of the range to this number.' },
  incrementAvailability: {
    label: 'Rooms to add',
    description: 'A negative number takes rooms away (never below the rooms booked).',
  },
  skipExistingAndCreate: {
    label: 'Rooms available',
    description: 'Only nights without availability get it.',
  },
};

const requiredDate = (label: string) => (v: string | null) => (v ? null : `${label} is required.`);

/** Shared date rules of both forms (spec 3 §5): both dates given; end not before start. */
const endRule = (v: string | null, values: { start_date: string | null }) =>
  !v ? 'End date is required.' : values.start_date && v < values.start_date ? END_DATE_MESSAGE : null;

/**
 * Manage Availability form (spec 3 §2, §4, §5): a date range and one of the six change types; the
 * number shows only for the three count types and is then required. Delete is refused with the
 * spec's warning. Answers with the number of nights changed; `onSaved` refreshes the tables.
 */
export function AvailabilityForm({ roomId, onSaved }: { roomId: number; onSaved: () => void }) {
  const form = useForm<AvailabilityValues>({
    initialValues: { start_date: null, end_date: null, type: null, availability: '' },
    validate: {
      start_date: requiredDate('Start date'),
      end_date: endRule,
      type: (v) => (v ? null : CHANGE_TYPE_REQUIRED),
      availability: (v, values) => {
        if (!values.type || !COUNT_TYPES.includes(values.type)) return null;
        if (v === '' || v === null) return AVAILABILITY_REQUIRED;
        return values.type !== 'incrementAvailability' && Number(v) < 0
          ? 'Availability must be at least 0.'
          : null;
      },
    },
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) =>
      api.post(`/accommodation/room/availability/${roomId}`, {
        start_date: v.start_date,
        end_date: v.end_date,
        type: v.type,
        availability: v.type && COUNT_TYPES.includes(v.type) ? Number(v.availability) : undefined,
      }),
    { onSuccess: onSaved },
  );
  const type = form.values.type;
  const numberLabel = type ? NUMBER_LABELS[type] : undefined;
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Title order={2} size="h4" mb="sm">
        Manage Availability
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <FieldGrid>
            <DateField label="Start date" required {...form.getInputProps('start_date')} />
            <DateField label="End date" required {...form.getInputProps('end_date')} />
          </FieldGrid>
          <Select
            label="Change availability"
            placeholder="Choose how to change it"
            required
            data={CHANGE_TYPES.map((t) => ({ value: t.value, label: t.label }))}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          {numberLabel && (
            <NumberField
              label={numberLabel.label}
              description={numberLabel.description}
              required
              min={type === 'incrementAvailability' ? undefined : 0}
              maw={260}
              {...form.getInputProps('availability')}
            />
          )}
          {type === 'delete' && (
            <Alert color="yellow" title="Not available">
              {DELETE_REFUSED}
            </Alert>
          )}
        </Stack>
        <FormActions>
          <SaveButton mode="update" saving={saving} disabled={saving || type === 'delete'}>
            Update availability
          </SaveButton>
        </FormActions>
      </form>
    </Paper>
  );
}

interface PriceValues {
  start_date: string | null;
  end_date: string | null;
  selected_currency: string | null;
  exchange_rate: string | number;
  price_by: 'per_person' | 'per_night';
  price: string | number;
}

/**
 * Manage Availability Prices form (spec 3 §2, §7): a date range, the currency (rates valid today,
 * GBP at rate 1 by default), exchange rate > 0, per person or per night, and the price (≥ 0, step
 * 0.01). Saves that price for every night of the range (sent to the same call as availability).
 */
export function PricesForm({ roomId, onSaved }: { roomId: number; onSaved: () => void }) {
  const rates = useCurrentRates();
  const form = useForm<PriceValues>({
    initialValues: {
      start_date: null,
      end_date: null,
      selected_currency: 'GBP',
      exchange_rate: 1,
      price_by: 'per_person',
      price: '',
    },
    validate: {
      start_date: requiredDate('Start date'),
      end_date: endRule,
      exchange_rate: (v) =>
        v === ''
          ? 'Exchange rate is required.'
          : Number(v) > 0
            ? null
            : 'The exchange rate must be greater than 0.',
      price: (v) => (v === '' ? 'Price is required.' : Number(v) < 0 ? 'Price must be at least 0.' : null),
    },
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) =>
      api.post(`/accommodation/room/availability/${roomId}`, {
        start_date: v.start_date,
        end_date: v.end_date,
        selected_currency: currencyPayload(v.selected_currency),
        exchange_rate: String(v.exchange_rate),
        price_by: v.price_by,
        price: String(v.price),
      }),
    { onSuccess: onSaved },
  );
  const chosen = rates.data?.find((r) => String(r.currency_id ?? 'GBP') === form.values.selected_currency);
  const sterling = form.values.selected_currency === 'GBP';
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Title order={2} size="h4" mb="sm">
        Manage Availability Prices
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <FieldGrid>
            <DateField label="Start date" required {...form.getInputProps('start_date')} />
            <DateField label="End date" required {...form.getInputProps('end_date')} />
            <Select
              label="Currency"
              data={currencyOptions(rates.data)}
              allowDeselect={false}
              {...form.getInputProps('selected_currency')}
              onChange={(v) => {
                form.setFieldValue('selected_currency', v);
                const rate = rates.data?.find((r) => String(r.currency_id ?? 'GBP') === v);
                form.setFieldValue('exchange_rate', rate ? Number(rate.exchange_rate) : 1);
              }}
            />
            <NumberField
              label="Exchange rate"
              description={sterling ? 'Sterling is the base currency' : 'Units of this currency per £1'}
              required
              min={0}
              step={0.01}
              disabled={sterling}
              {...form.getInputProps('exchange_rate')}
            />
          </FieldGrid>
          <div>
            <Text size="sm" fw={500} mb={4} id={`price-by-${roomId}`}>
              Price by
            </Text>
            <SegmentedControl
              aria-labelledby={`price-by-${roomId}`}
              data={PRICE_BY.map((p) => ({ value: p.value, label: p.label }))}
              {...form.getInputProps('price_by')}
            />
          </div>
          <NumberField
            label="Price"
            required
            prefix={chosen?.symbol ?? (sterling ? '£' : '')}
            step={0.01}
            min={0}
            thousandSeparator=","
            maw={260}
            {...form.getInputProps('price')}
          />
        </Stack>
        <FormActions>
          <SaveButton mode="update" saving={saving}>
            Update prices
          </SaveButton>
        </FormActions>
      </form>
    </Paper>
  );
}
