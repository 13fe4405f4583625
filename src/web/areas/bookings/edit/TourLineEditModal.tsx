import {
  Button,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import Decimal from 'decimal.js';
import {
  type BookingDetail,
  type BookingTourLine,
  tourLineUpdateSchema,
} from '../../../../shared/api/booking-edit';
import {
  bookingTotals,
  money,
  passengerCap,
  roomsForGuests,
  toursTotal,
} from '../../../../shared/booking-totals';
import { formatMoney } from '../../../lib/format';
import { type EntityForm, EntityFormFrame, useEntityForm } from '../../../ui/entity';
import { MoneyInput, NumberField } from '../../../ui/form';
import { Modal } from '../../../ui/Modal';
import { useReloadBooking } from '../booking-api';
import { AirlineCostsEditor } from './AirlineCostsEditor';
import { amountText, passengerName } from './booking-view';
import { guestsOf, isAmount, type LineValues, lineInput, newKey, sendLine } from './tour-line-form';

/** The editor's values for a stored line. */
const lineValues = (line?: BookingTourLine): LineValues => ({
  guests: line?.guests ?? 1,
  price: line?.price ?? '',
  cost: line?.cost ?? '',
  airline_ref: line?.airline_ref ?? '',
  special_requests: line?.special_requests ?? '',
  passengers: (line?.passengers ?? []).map(String),
  airline_cost: (line?.airline_cost ?? []).map((c) => ({
    key: newKey(),
    id: c.id,
    airline_ref: c.airline_ref ?? '',
    flight_cost: c.flight_cost,
    booked_date: c.booked_date,
    airline_invoice: c.airline_invoice,
    file: null,
  })),
});

/**
 * Edit a tour line (spec 1 §2 Tour line, §4 Rooms, §5): guests (rooms follow as guests ÷ occupancy
 * rounded up, read-only), price per guest (step 0.01) with the line and booking totals live, cost,
 * airline reference, airline costs (flight cost, booked date, PDF invoice; rows added and removed),
 * passengers allocated (capped at the booking's passengers, 5 when none) and special requests.
 */
export function TourLineEditModal({
  booking,
  line,
  opened,
  onClose,
}: {
  booking: BookingDetail;
  line: BookingTourLine;
  opened: boolean;
  onClose: () => void;
}) {
  const reload = useReloadBooking(booking.id);
  const roomsFor = (v: LineValues) =>
    line.room ? roomsForGuests(Math.max(1, guestsOf(v.guests)), line.room.occupancy) : line.rooms;
  const entity: EntityForm<LineValues> = useEntityForm({
    // The shared contract's rules and messages ('Price must be at least 0.'), as the server's.
    schema: tourLineUpdateSchema,
    toValues: lineValues,
    toInput: (v: LineValues) => lineInput(line, v, roomsFor(v), booking.version),
    extraValidate: (v) => {
      const errors: Record<string, string> = {};
      v.airline_cost.forEach((r, n) => {
        if (r.file && r.file.type !== 'application/pdf')
          errors[`airline_cost.${n}.file`] = 'The invoice must be a PDF file.';
      });
      return errors;
    },
    permission: 'bookings.tours',
    mode: 'update',
    record: line,
    send: (input) => sendLine(input, entity.form.getValues().airline_cost),
    onSaved: () => {
      void reload();
      onClose();
    },
  });
  const { form } = entity;
  const v = form.getValues();
  const guests = guestsOf(v.guests);
  const rooms = roomsFor(v);
  const price = isAmount(v.price) ? amountText(v.price) : line.price;
  const edited = { price, sale_price: line.sale_price, base_price: line.base_price, guests };
  const newLineTotal = money(toursTotal([edited]));
  const preview = bookingTotals({
    tour_lines: booking.tour_bookings.map((l) => (l.id === line.id ? edited : l)),
    extras: booking.extras.map((e) => ({
      price: e.price,
      qty: e.pivot.qty,
      commissionable: e.commissionable,
    })),
    discounts: booking.discounts.map((d) => ({
      value: d.value,
      penalty_type: d.penalty_type,
      on_base_price: d.on_base_price,
      qty: d.pivot.qty,
      manual_discount_price: d.pivot.manual_discount_price,
    })),
    paid: booking.totals.paid,
    agent_commission_percent: booking.agent_comission_percent,
    vat_percent: booking.booking_vat_percent,
  });
  const salePriceApplies = line.sale_price !== null && new Decimal(line.sale_price || 0).gt(0);
  const cap = passengerCap(booking.passengers.length);

  return (
    <Modal
      opened={opened}
      onClose={() => !entity.saving && onClose()}
      title={`Edit ${line.tour.name}`}
      size="xl"
    >
      <EntityFormFrame
        entity={entity}
        bare
        submitLabel="Update tour line"
        actions={
          <Button variant="default" onClick={onClose} disabled={entity.saving}>
            Cancel
          </Button>
        }
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
            <NumberField label="Guests" min={1} max={99} required {...form.getInputProps('guests')} />
            <NumberField
              label="Rooms"
              value={rooms}
              readOnly
              variant="filled"
              description={line.room ? `${line.room.occupancy} per room` : undefined}
            />
            <MoneyInput label="Price per guest" required {...form.getInputProps('price')} />
            <MoneyInput label="Cost" {...form.getInputProps('cost')} />
          </SimpleGrid>
          <Paper bg="gray.0" p="sm" radius="sm">
            <Group gap="xl" wrap="wrap">
              <Text size="sm">
                Line total{' '}
                <Text span fw={700} data-testid="edit-line-total">
                  {formatMoney(newLineTotal)}
                </Text>
              </Text>
              <Text size="sm">
                Booking total due{' '}
                <Text span fw={700} data-testid="edit-total-due">
                  {formatMoney(preview.total_due)}
                </Text>{' '}
                <Text span c="dimmed" size="xs">
                  (now {formatMoney(booking.totals.total_due)})
                </Text>
              </Text>
              <Text size="sm">
                Balance{' '}
                <Text span fw={700}>
                  {formatMoney(preview.balance)}
                </Text>
              </Text>
            </Group>
            {salePriceApplies && (
              <Text size="xs" c="orange.8" mt={4}>
                A sale price of {formatMoney(line.sale_price)} per guest applies to this line, so the total
                uses it.
              </Text>
            )}
          </Paper>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Airline reference" maxLength={50} {...form.getInputProps('airline_ref')} />
            <MultiSelect
              label="Passengers allocated"
              description={`Up to ${cap}`}
              data={booking.passengers.map((p) => ({ value: String(p.id), label: passengerName(p) }))}
              maxValues={cap}
              placeholder={
                booking.passengers.length ? 'Choose passengers' : 'The booking has no passengers yet'
              }
              searchable
              clearable
              {...form.getInputProps('passengers')}
            />
          </SimpleGrid>
          <AirlineCostsEditor form={form} />
          <Textarea
            label="Special requests"
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('special_requests')}
          />
        </Stack>
      </EntityFormFrame>
    </Modal>
  );
}
