import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import { ApiError, api } from '../../../api/client';
import { formatMoney } from '../../../lib/format';
import { MoneyInput, NumberField } from '../../../ui/form';
import { useCan } from '../../../ui/permissions';
import { QueryProblem } from '../../../ui/QueryProblem';
import { ConfirmDeleteLink } from '../../../ui/RowActions';
import { bookingKeys, useBookingChange } from '../booking-api';
import {
  discountPreview,
  discountTypeLabel,
  discountValueText,
  type OfferedDiscount,
} from './booking-sections';
import { SectionEmpty } from './section-kit';

/** GET discounts?tour_ids[]=…&fromAdmin=yes: the discounts staff may apply to these tours. */
function useOfferedDiscounts(bookingId: number, tourIds: number[], enabled: boolean) {
  const ids = [...new Set(tourIds)].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...bookingKeys.detail(bookingId), 'offered-discounts', ids],
    queryFn: () => {
      // The same key repeated (tour_ids[]=1&tour_ids[]=2), which the flat query helper cannot say.
      const qs = new URLSearchParams(ids.map((id) => ['tour_ids[]', String(id)]));
      qs.append('fromAdmin', 'yes');
      return api.get<{ data: OfferedDiscount[] }>(`/discounts?${qs.toString()}`).then((r) => r.data);
    },
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
    api.post<{ message?: string }>('/update-booking/delete-discount', {
      discount_id: pivotId,
      version: b.version,
    }),
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

/** Choose a discount, a quantity (or a manual amount), see what it takes off, apply it. */
function ApplyDiscount({ booking }: { booking: BookingDetail }) {
  const tourIds = booking.tour_bookings.map((t) => t.tour_id);
  const offered = useOfferedDiscounts(booking.id, tourIds, tourIds.length > 0);
  const [discountId, setDiscountId] = useState<string | null>(null);
  // What was typed ('', '-2', '2.5' stay as typed and are refused below).
  const [qty, setQty] = useState<number | string>(1);
  const [manual, setManual] = useState<string | number>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = offered.data?.find((d) => String(d.id) === discountId);
  const apply = useBookingChange(booking, (vars: { id: number; qty: number; manual?: string }, b) =>
    api.post<{ message?: string }>('/update-booking/update-discount', {
      holiday_booking_id: b.id,
      discount_applied_id: vars.id,
      discount_applied_qty: vars.qty,
      manual_discount_amount: vars.manual,
      version: b.version,
    }),
  );
  if (tourIds.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Add a tour to the booking before applying a discount.
      </Text>
    );

  const submit = async () => {
    if (!chosen) return;
    const next: Record<string, string> = {};
    if (chosen.is_manual && (manual === '' || Number(manual) < 1))
      next.manual_discount_amount = 'Manual discount amount must be at least 1.';
    if (!chosen.is_manual && (!Number.isInteger(Number(qty)) || Number(qty) < 1 || qty === ''))
      next.discount_applied_qty = 'Quantity must be at least 1.';
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await apply.mutateAsync({
        id: chosen.id,
        qty: chosen.is_manual ? 1 : Number(qty),
        manual: chosen.is_manual ? String(manual) : undefined,
      });
      setDiscountId(null);
      setQty(1);
      setManual('');
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors);
    }
  };
  const preview = chosen
    ? discountPreview(chosen, { qty: Number(qty) || 0, manualAmount: manual }, booking.totals)
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
    <div>
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
          value={discountId}
          onChange={(v) => {
            setDiscountId(v);
            setErrors({});
            // A per-person discount counts each passenger (at least one).
            const next = offered.data?.find((d) => String(d.id) === v);
            setQty(next?.per_person ? Math.max(1, booking.passengers.length) : 1);
          }}
          searchable
          w={400}
          disabled={offered.isPending || options.length === 0}
          error={errors.discount_applied_id}
          nothingFoundMessage="No discount found"
        />
        {chosen?.is_manual ? (
          <MoneyInput
            label="Manual amount"
            w={150}
            min={1}
            value={manual}
            onChange={setManual}
            error={errors.manual_discount_amount}
          />
        ) : chosen && chosen.penalty_type !== 0 ? null : (
          // A percentage is of the total, whatever the quantity (spec 1 §9): no Qty to ask.
          <NumberField
            label="Qty"
            w={90}
            min={1}
            max={999}
            value={qty}
            onChange={setQty}
            error={errors.discount_applied_qty}
          />
        )}
        <Stack gap={0} mt={24} miw={140}>
          <Text size="xs" c="dimmed">
            Takes off
          </Text>
          <Text size="sm" fw={600} aria-label="Discount preview">
            {preview ? formatMoney(preview) : '—'}
          </Text>
        </Stack>
        <Button mt={24} onClick={submit} disabled={!chosen || apply.isPending}>
          {apply.isPending ? 'Saving...' : 'Apply discount'}
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
    </div>
  );
}
