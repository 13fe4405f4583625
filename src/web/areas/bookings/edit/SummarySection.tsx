import {
  Badge,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { z } from 'zod';
import { type BookingDetailAnswer, bookingUpdateSchema } from '../../../../shared/api/booking-edit';
import { formatDate, formatDateTime } from '../../../lib/format';
import { DateField } from '../../../ui/DateField';
import { type EntityFormProps, useEntityForm } from '../../../ui/entity';
import { NumberField, SaveButton } from '../../../ui/form';
import { amountText, isCancelled } from './booking-view';
import { CancellationDetails } from './CancelBooking';
import { Fact } from './Fact';
import { PartyLinks } from './PartyLinks';
import { TotalsHeadline } from './TotalsHeadline';

type BookingUpdateInput = z.input<typeof bookingUpdateSchema>;

interface SummaryValues {
  booking_ref: string;
  balance_due: string | null;
  deposit_due: string | null;
  agent_comission_percent: string | number;
  bonding_type: string | null;
}

const toValues = (data?: BookingDetailAnswer['data']): SummaryValues => {
  const b = data?.booking[0];
  return {
    booking_ref: b?.booking_ref ?? '',
    balance_due: b?.balance_due ?? null,
    deposit_due: b?.deposit_due ?? null,
    agent_comission_percent: b?.agent_comission_percent ?? '',
    bonding_type: b?.bonding_type == null ? null : String(b.bonding_type),
  };
};

/**
 * POST bookings/{id} sends only what changed (spec 1 §7: only the fields sent change), with the
 * version it was loaded at; the shared schema checks just those fields, as the server does.
 */
function summaryChanges(data: BookingDetailAnswer['data'], v: SummaryValues): BookingUpdateInput {
  const start = toValues(data);
  const body: BookingUpdateInput = { version: data.booking[0].version };
  if (v.booking_ref.trim() !== start.booking_ref) body.booking_ref = v.booking_ref.trim();
  if (v.balance_due !== start.balance_due) body.balance_due = v.balance_due ?? '';
  if (v.deposit_due !== start.deposit_due) body.deposit_due = v.deposit_due ?? '';
  if (amountText(v.agent_comission_percent) !== amountText(start.agent_comission_percent))
    body.agent_comission_percent = amountText(v.agent_comission_percent);
  if (v.bonding_type !== start.bonding_type) body.bonding_type = v.bonding_type ?? '';
  return body;
}

/**
 * The summary of the booking edit screen (spec 1 §2, §3), the edit page's form (entity kit):
 * reference, parties (PartyLinks), dates, status, terms and the totals headline. Role 1 edits the
 * reference (unique: the server's 422 shows on the field), balance and deposit due dates, the
 * agent's commission and the bonding type in one form (POST bookings/{id} with only what changed,
 * checked with the shared bookingUpdateSchema); other roles see the same read-only.
 */
export function SummaryForm(props: EntityFormProps<BookingDetailAnswer['data'], BookingUpdateInput>) {
  const data = props.record;
  if (!data) return null;
  // A new version (anyone's change) starts the form again from what is stored.
  return <SummarySection key={data.booking[0].version} {...props} data={data} />;
}

function SummarySection({
  data,
  mode,
  send,
  onSaved,
}: EntityFormProps<BookingDetailAnswer['data'], BookingUpdateInput> & { data: BookingDetailAnswer['data'] }) {
  const booking = data.booking[0];
  const bondingTypes = data.bondingTypes;
  const entity = useEntityForm({
    schema: bookingUpdateSchema,
    toValues,
    toInput: (v: SummaryValues) => summaryChanges(data, v),
    permission: 'bookings.update',
    mode,
    record: data,
    send,
    onSaved,
  });
  const { form, onSubmit, saving } = entity;
  const mayEdit = entity.maySave;
  const readOnly = !mayEdit;
  const agentBooking = booking.agent_id !== null;
  const bondingOptions = bondingTypes.map((t) => ({ value: String(t.id), label: t.name }));
  const createdBy = [
    booking.created_by?.name,
    booking.created_by_agent_name ? `agent: ${booking.created_by_agent_name}` : null,
    booking.created_from ? `from ${booking.created_from.replace(/_/g, ' ')}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Summary">
      <Stack gap="md">
        <TotalsHeadline booking={booking} />
        {isCancelled(booking) && <CancellationDetails booking={booking} />}
        <form onSubmit={onSubmit} noValidate>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl" verticalSpacing="lg">
            <Stack gap="sm">
              <Title order={3} size="h5">
                Booking
              </Title>
              {readOnly ? (
                <Fact label="Booking ref">{booking.booking_ref}</Fact>
              ) : (
                <TextInput
                  label="Booking ref"
                  placeholder={booking.old_booking_id ? `Old booking ${booking.old_booking_id}` : undefined}
                  maxLength={30}
                  {...form.getInputProps('booking_ref')}
                />
              )}
              <SimpleGrid cols={2} spacing="sm">
                <Fact label="Booking date">{formatDateTime(booking.created_at)}</Fact>
                <Fact label="Departure date">{formatDate(booking.departure_date)}</Fact>
                <Fact label="Created by">{createdBy}</Fact>
                <Fact label="Status">
                  {isCancelled(booking) ? (
                    <Badge color="red" variant="filled" radius="sm" tt="none">
                      Cancelled
                    </Badge>
                  ) : (
                    booking.status
                  )}
                </Fact>
              </SimpleGrid>
            </Stack>
            <Stack gap="sm">
              <Title order={3} size="h5">
                Customer, agent and affiliate
              </Title>
              <PartyLinks booking={booking} />
            </Stack>
            <Stack gap="sm">
              <Title order={3} size="h5">
                Dates and terms
              </Title>
              {readOnly ? (
                <SimpleGrid cols={2} spacing="sm">
                  <Fact label="Balance due">{formatDate(booking.balance_due)}</Fact>
                  <Fact label="Deposit due">{formatDate(booking.deposit_due)}</Fact>
                  {agentBooking && (
                    <Fact label="Agent commission">
                      {booking.agent_comission_percent ? `${booking.agent_comission_percent} %` : ''}
                    </Fact>
                  )}
                  <Fact label="Bonding type">
                    {bondingTypes.find((t) => t.id === booking.bonding_type)?.name}
                  </Fact>
                </SimpleGrid>
              ) : (
                <>
                  <SimpleGrid cols={2} spacing="sm">
                    <DateField label="Balance due" clearable={false} {...form.getInputProps('balance_due')} />
                    <DateField label="Deposit due" clearable={false} {...form.getInputProps('deposit_due')} />
                  </SimpleGrid>
                  {agentBooking && (
                    <NumberField
                      label="Agent commission"
                      suffix=" %"
                      step={0.01}
                      min={0}
                      max={100}
                      {...form.getInputProps('agent_comission_percent')}
                    />
                  )}
                  <Select
                    label="Bonding type"
                    data={bondingOptions}
                    placeholder="Choose a bonding type"
                    allowDeselect={false}
                    {...form.getInputProps('bonding_type')}
                  />
                </>
              )}
            </Stack>
          </SimpleGrid>
          {mayEdit && (
            <>
              <Divider my="md" />
              <Group justify="flex-end" gap="sm">
                {form.isDirty() && (
                  <Text size="xs" c="dimmed">
                    Unsaved changes
                  </Text>
                )}
                <SaveButton mode="update" saving={saving} disabled={saving || !form.isDirty()}>
                  Update booking
                </SaveButton>
              </Group>
            </>
          )}
        </form>
      </Stack>
    </Paper>
  );
}
