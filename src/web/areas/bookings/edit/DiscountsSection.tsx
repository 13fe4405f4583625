import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type BookingDetail, bookingEditApi, discountApplySchema } from '../../../../shared/api/booking-edit';
import { discountsApi } from '../../../../shared/api/discounts';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { formatMoney } from '../../../lib/format';
import { useEntityForm } from '../../../ui/entity';
import { MoneyInput, NumberField } from '../../../ui/form';
import { useCan } from '../../../ui/permissions';
import { QueryProblem } from '../../../ui/QueryProblem';
import { ConfirmDeleteLink } from '../../../ui/RowActions';
import { useBookingChange, useReloadBooking } from '../booking-api';
import { discountPreview, discountTypeLabel, discountValueText } from './booking-sections';
import { SectionEmpty } from './section-kit';

/** GET discounts?tour_ids[…]=…&fromAdmin=yes: the discounts staff may apply to these tours. */
function useOfferedDiscounts(bookingId: number, tourIds: number[], enabled: boolean) {
  const ids = [...new Set(tourIds)].sort((a, b) => a - b);
  return useQuery({
    queryKey: keys.bookings.sub(bookingId, 'offered-discounts', ids),
    queryFn: ({ signal }) =>
      api
        .call(discountsApi.offered, { query: { tour_ids: ids, fromAdmin: 'yes' }, signal })
        .then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/**
 * The booking's discounts (spec 1 §2 'discounts', §5 Discounts, §9 discount formula): code,
 * description, type, on base price, per person, quantity, manual amount and the amount taken off.
 * Role 1 applies one of the discounts offered for the booking's tours (quantity minimum 1; a manual
 * discount asks an amount, minimum 1, step 0.01, and goes with quantity 1), previewing its amount,
 * and deletes one after confirmation.
 */
export function DiscountsSection({ booking, canEdit }: { booking: BookingDetail; canEdit: boolean }) {
  const allowed = useCan('bookings.discounts');
  const mayEdit = canEdit && allowed;
  const remove = useBookingChange(booking, (pivotId: number, b) =>
    api.call(bookingEditApi.removeDiscount, { body: { discount_id: pivotId, version: b.version } }),
  );
  return (
    <Stack gap="sm">
      {booking.discounts.length === 0 ? (
        <SectionEmpty>No discounts have been applied to this booking.</SectionEmpty>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped withTableBorder fz="sm" aria-label="Booking discounts" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
                <Table.Th>On base price</Table.Th>
                <Table.Th>Per person</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Manual amount</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                {mayEdit && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {booking.discounts.map((d) => (
                <Table.Tr key={d.pivot.id}>
                  <Table.Td>
                    {d.code}
                    {d.is_manual && (
                      <Badge size="xs" variant="light" ml={6}>
                        manual
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{d.description}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{discountTypeLabel(d.penalty_type)}</Table.Td>
                  <Table.Td ta="right">{d.is_manual ? '' : discountValueText(d)}</Table.Td>
                  <Table.Td>{yesNo(d.on_base_price)}</Table.Td>
                  <Table.Td>{yesNo(d.per_person)}</Table.Td>
                  <Table.Td ta="right">{d.pivot.qty}</Table.Td>
                  <Table.Td ta="right">
                    {d.pivot.manual_discount_price && Number(d.pivot.manual_discount_price) > 0
                      ? formatMoney(d.pivot.manual_discount_price)
                      : ''}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(d.amount)}</Table.Td>
                  {mayEdit && (
                    <Table.Td>
                      <ConfirmDeleteLink
                        ariaLabel={`Delete discount ${d.code}`}
                        confirmMessage={`Are you sure you want to delete the discount ${d.code}?`}
                        onConfirm={() => remove.mutate(d.pivot.id)}
                        pending={remove.isPending && remove.variables === d.pivot.id}
                        disabled={remove.isPending}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={8}>Discounts total</Table.Th>
                <Table.Th ta="right">{formatMoney(booking.totals.discounts_total)}</Table.Th>
                {mayEdit && <Table.Th />}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
      {mayEdit && <ApplyDiscount booking={booking} />}
    </Stack>
  );
}

interface ApplyValues {
  discount_applied_id: string | null;
  /** What was typed ('', '-2', '2.5' stay as typed and are refused by the schema). */
  discount_applied_qty: number | string;
  manual_discount_amount: string | number;
}

const blankApply = (): ApplyValues => ({
  discount_applied_id: null,
  discount_applied_qty: 1,
  manual_discount_amount: '',
});

/**
 * Choose a discount, a quantity (or a manual amount), see what it takes off, apply it (entity kit:
 * checked with the shared discountApplySchema; a manual discount needs its amount).
 */
function ApplyDiscount({ booking }: { booking: BookingDetail }) {
  const tourIds = booking.tour_bookings.map((t) => t.tour_id);
  const offered = useOfferedDiscounts(booking.id, tourIds, tourIds.length > 0);
  const reload = useReloadBooking(booking.id);
  const chosenOf = (v: ApplyValues) => offered.data?.find((d) => String(d.id) === v.discount_applied_id);
  const entity = useEntityForm({
    schema: discountApplySchema,
    toValues: blankApply,
    toInput: (v: ApplyValues) => {
      const manual = !!chosenOf(v)?.is_manual;
      return {
        holiday_booking_id: booking.id,
        discount_applied_id: v.discount_applied_id ?? '',
        discount_applied_qty: manual ? 1 : v.discount_applied_qty,
        manual_discount_amount: manual ? String(v.manual_discount_amount) : undefined,
        version: booking.version,
      };
    },
    extraValidate: (v): Record<string, string> =>
      chosenOf(v)?.is_manual && v.manual_discount_amount === ''
        ? { manual_discount_amount: 'Manual discount amount must be at least 1.' }
        : {},
    permission: 'bookings.discounts',
    mode: 'create',
    resetAfterCreate: true,
    send: (body) => api.call(bookingEditApi.applyDiscount, { body }),
    onSaved: () => void reload(),
  });
  const { form, onSubmit, saving } = entity;
  if (tourIds.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Add a tour to the booking before applying a discount.
      </Text>
    );
  const values = form.getValues();
  const chosen = chosenOf(values);
  const qty = values.discount_applied_qty;
  const preview = chosen
    ? discountPreview(
        chosen,
        { qty: Number(qty) || 0, manualAmount: values.manual_discount_amount },
        booking.totals,
      )
    : '';
  // A discount is applied once per booking: those already on it are not offered again.
  const applied = new Set(booking.discounts.map((d) => d.id));
  const options = (offered.data ?? [])
    .filter((d) => !applied.has(d.id))
    .map((d) => ({
      value: String(d.id),
      label: `${d.code} — ${d.is_manual ? 'manual amount' : discountValueText(d)}${d.description ? ` (${d.description})` : ''}`,
    }));
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Apply discount">
      {offered.isError && <QueryProblem query={offered} mb="xs" />}
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label="Apply discount"
          placeholder={
            offered.isPending
              ? 'Loading…'
              : options.length
                ? 'Choose a discount'
                : 'No discounts for these tours'
          }
          data={options}
          {...form.getInputProps('discount_applied_id')}
          onChange={(v) => {
            const next = offered.data?.find((d) => String(d.id) === v);
            form.setValues({
              discount_applied_id: v,
              // A per-person discount counts each passenger (at least one).
              discount_applied_qty: next?.per_person ? Math.max(1, booking.passengers.length) : 1,
            });
            form.clearErrors();
          }}
          searchable
          w={400}
          disabled={offered.isPending || options.length === 0}
          nothingFoundMessage="No discount found"
        />
        {chosen?.is_manual ? (
          <MoneyInput
            label="Manual amount"
            w={150}
            min={1}
            {...form.getInputProps('manual_discount_amount')}
          />
        ) : chosen && chosen.penalty_type !== 0 ? null : (
          // A percentage is of the total, whatever the quantity (spec 1 §9): no Qty to ask.
          <NumberField label="Qty" w={90} min={1} max={999} {...form.getInputProps('discount_applied_qty')} />
        )}
        <Stack gap={0} mt={24} miw={140}>
          <Text size="xs" c="dimmed">
            Takes off
          </Text>
          <Text size="sm" fw={600} aria-label="Discount preview">
            {preview ? formatMoney(preview) : '—'}
          </Text>
        </Stack>
        <Button type="submit" mt={24} disabled={!chosen || saving}>
          {saving ? 'Saving...' : 'Apply discount'}
        </Button>
      </Group>
      {chosen && !chosen.is_manual && (
        <Text size="xs" c="dimmed" mt={4}>
          {discountTypeLabel(chosen.penalty_type) === 'Percent'
            ? `${discountValueText(chosen)} of the ${chosen.on_base_price ? 'base total' : 'tours total'} (${formatMoney(
                chosen.on_base_price ? booking.totals.base_total : booking.totals.tours_total,
              )})`
            : `${discountValueText(chosen)} × quantity`}
        </Text>
      )}
    </form>
  );
}
