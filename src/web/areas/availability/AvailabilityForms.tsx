import { Alert, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import {
  type AvailabilityInput,
  availabilityApi,
  availabilityInput,
  CHANGE_TYPES,
  type ChangeType,
  COUNT_TYPES,
  DELETE_REFUSED,
  PRICE_BY,
} from '../../../shared/api/availability';
import { moneySchema } from '../../../shared/api/common';
import { exchangeRateText } from '../../../shared/money-text';
import { api } from '../../api/client';
import { DateField } from '../../ui/DateField';
import { EntityFormFrame, useEntityForm } from '../../ui/entity';
import { FieldGrid, NumberField, numberText } from '../../ui/form';
import { zodField } from '../../ui/zod-validate';
import { currencyOptions, currencyPayload, useCurrentRates } from './hooks';

/**
 * The two forms of the room screen (spec 3 §2, §4, §5): both send POST
 * accommodation/room/availability/{id} and are checked with its shared schema `availabilityInput`.
 */

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

const availabilityToInput = (v: AvailabilityValues): AvailabilityInput => ({
  start_date: v.start_date,
  end_date: v.end_date,
  type: v.type,
  availability: v.type && COUNT_TYPES.includes(v.type) ? v.availability : undefined,
});

/**
 * Manage Availability form (spec 3 §2, §4, §5): a date range and one of the six change types; the
 * number shows only for the three count types and is then required. Delete is refused with the
 * spec's warning. Answers with the number of nights changed; `onSaved` refreshes the tables.
 */
export function AvailabilityForm({ roomId, onSaved }: { roomId: number; onSaved: () => void }) {
  const entity = useEntityForm({
    schema: availabilityInput,
    toValues: (): AvailabilityValues => ({ start_date: null, end_date: null, type: null, availability: '' }),
    toInput: availabilityToInput,
    permission: 'availability.update',
    mode: 'update',
    send: (body) => api.call(availabilityApi.change, { params: { id: roomId }, body }),
    onSaved,
  });
  const { form } = entity;
  const type = form.values.type;
  const numberLabel = type ? NUMBER_LABELS[type] : undefined;
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Title order={2} size="h4" mb="sm">
        Manage Availability
      </Title>
      <EntityFormFrame
        entity={entity}
        submitLabel="Update availability"
        saveDisabled={type === 'delete'}
        bare
      >
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
      </EntityFormFrame>
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

const text = (v: string | number) => (v === '' ? '' : String(v));

const priceToInput = (v: PriceValues): AvailabilityInput => ({
  start_date: v.start_date,
  end_date: v.end_date,
  selected_currency: currencyPayload(v.selected_currency),
  exchange_rate: text(v.exchange_rate),
  price_by: v.price_by,
  price: text(v.price),
});

/** The call takes a price as optional (it may change availability only); this form is for the price. */
const priceRequired = zodField<string | number>(moneySchema('Price'), text);

/**
 * Manage Availability Prices form (spec 3 §2, §7): a date range, the currency (rates valid today,
 * GBP at rate 1 by default), exchange rate > 0, per person or per night, and the price (≥ 0, step
 * 0.01). Saves that price for every night of the range (sent to the same call as availability).
 */
export function PricesForm({ roomId, onSaved }: { roomId: number; onSaved: () => void }) {
  const rates = useCurrentRates();
  const entity = useEntityForm({
    schema: availabilityInput,
    toValues: (): PriceValues => ({
      start_date: null,
      end_date: null,
      selected_currency: 'GBP',
      exchange_rate: 1,
      price_by: 'per_person',
      price: '',
    }),
    toInput: priceToInput,
    extraValidate: (v): Record<string, string> => {
      const price = priceRequired(v.price);
      return price ? { price } : {};
    },
    permission: 'availability.update',
    mode: 'update',
    send: (body) => api.call(availabilityApi.change, { params: { id: roomId }, body }),
    onSaved,
  });
  const { form } = entity;
  const chosen = rates.data?.find((r) => String(r.currency_id ?? 'GBP') === form.values.selected_currency);
  const sterling = form.values.selected_currency === 'GBP';
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Title order={2} size="h4" mb="sm">
        Manage Availability Prices
      </Title>
      <EntityFormFrame entity={entity} submitLabel="Update prices" bare>
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
              description={
                sterling
                  ? 'Sterling is the base currency'
                  : exchangeRateText(
                      chosen?.symbol || `${chosen?.short_name ?? ''} `,
                      numberText(form.values.exchange_rate),
                    )
              }
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
      </EntityFormFrame>
    </Paper>
  );
}
