import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type BookingDetail, bookingEditApi, extraQtySchema } from '../../../../shared/api/booking-edit';
import { extrasOfferFor } from '../../../../shared/api/extras-offer';
import { ApiError, api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { formatMoney } from '../../../lib/format';
import { NumberField } from '../../../ui/form';
import { useCan } from '../../../ui/permissions';
import { QueryProblem } from '../../../ui/QueryProblem';
import { useUnsavedChanges } from '../../../ui/unsaved-changes';
import { zodField } from '../../../ui/zod-validate';
import { useBookingChange } from '../booking-api';
import {
  type ExtraDraft,
  extraLineTotal,
  extraQty,
  extrasChanged,
  extrasDraftFrom,
  extrasDraftTotal,
  extrasPayload,
} from './booking-sections';
import { SectionEmpty } from './section-kit';

/** An extra's quantity rule, from the shared schema the server applies (refused, never raised). */
const qtyRule = zodField<number>(extraQtySchema);

/**
 * The extras that fit the booking: POST extras/get-booking/extra with the spec 1 §7 payload (booking
 * date, tour lines with tour, departure and return dates, airlines) built from the loaded booking.
 */
function useAvailableExtras(booking: BookingDetail, enabled: boolean) {
  const offer = useMemo(() => extrasOfferFor(booking), [booking]);
  return useQuery({
    queryKey: keys.bookings.sub(booking.id, 'available-extras', offer),
    queryFn: ({ signal }) =>
      api.call(bookingEditApi.availableExtras, { body: offer, signal }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The booking's extras (spec 1 §2 'extras', §5 Extras): name, price, quantity, line total, note and
 * the live total (extrasTotal). Role 1 edits the list here — adds from the extras this booking may
 * take, changes quantities (minimum 1; per-person extras fixed to the passenger count when there
 * are passengers), deletes — and 'Update extras' sends the WHOLE list
 * (POST update-booking/update-extras/{id}).
 */
export function ExtrasSection({ booking, canEdit }: { booking: BookingDetail; canEdit: boolean }) {
  const allowed = useCan('bookings.extras');
  const mayEdit = canEdit && allowed;
  const passengers = booking.passengers.length;
  const saved = useMemo(() => extrasDraftFrom(booking.extras, passengers), [booking.extras, passengers]);
  // The list being edited; null while nothing is, so a reloaded booking (after another section's
  // change) shows at once, and unsaved edits here survive such a reload.
  const [edits, setEdits] = useState<ExtraDraft[] | null>(null);
  const draft = edits ?? saved;
  const setDraft = (change: (list: ExtraDraft[]) => ExtraDraft[]) =>
    setEdits((list) => change(list ?? saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useBookingChange(booking, (list: ExtraDraft[], b) =>
    api.call(bookingEditApi.updateExtras, {
      params: { id: b.id },
      body: extrasPayload(list, passengers, b.version),
    }),
  );
  const changed = extrasChanged(draft, saved);
  // Leaving the booking with extras edited but not updated asks first (issue #22 point 5).
  useUnsavedChanges({ dirty: () => changed && !save.isPending });
  const update = (id: number, patch: Partial<ExtraDraft>) =>
    setDraft((list) => list.map((e) => (e.id === id ? { ...e, ...patch } : e)));

  const submit = async () => {
    setErrors({});
    try {
      await save.mutateAsync(draft);
      setEdits(null);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors);
    }
  };
  // Field errors come back as extras.N.pivot.qty; a general one as extras.
  const rowError = (i: number) =>
    errors[`extras.${i}.pivot.qty`] ?? errors[`extras.${i}.pivot.extra_note`] ?? errors[`extras.${i}.id`];

  return (
    <Stack gap="sm">
      {draft.length === 0 ? (
        <SectionEmpty>No extras have been added to this booking.</SectionEmpty>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped withTableBorder fz="sm" aria-label="Booking extras" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Extra</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th w={110}>Qty</Table.Th>
                <Table.Th ta="right">Line total</Table.Th>
                <Table.Th>Note</Table.Th>
                {mayEdit && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.map((e, i) => {
                const fixed = e.for_per_person && passengers > 0;
                const qty = extraQty(e, passengers);
                return (
                  <Table.Tr key={e.id}>
                    <Table.Td>
                      {e.name}
                      {e.for_per_person && (
                        <Text size="xs" c="dimmed">
                          per person
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(e.price)}</Table.Td>
                    <Table.Td>
                      {mayEdit ? (
                        <NumberField
                          size="xs"
                          w={90}
                          min={1}
                          max={999}
                          aria-label={`Quantity of ${e.name}`}
                          value={Number.isFinite(qty) ? qty : ''}
                          disabled={fixed}
                          title={fixed ? 'Fixed to the number of passengers' : undefined}
                          error={rowError(i)}
                          onChange={(v) => update(e.id, { qty: typeof v === 'number' ? v : Number.NaN })}
                        />
                      ) : (
                        qty
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(extraLineTotal({ price: e.price, qty }))}</Table.Td>
                    <Table.Td>
                      {mayEdit ? (
                        <TextInput
                          size="xs"
                          aria-label={`Note for ${e.name}`}
                          value={e.extra_note}
                          maxLength={500}
                          onChange={(ev) => update(e.id, { extra_note: ev.currentTarget.value })}
                        />
                      ) : (
                        e.extra_note
                      )}
                    </Table.Td>
                    {mayEdit && (
                      <Table.Td>
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          c="red"
                          aria-label={`Delete extra ${e.name}`}
                          onClick={() => setDraft((list) => list.filter((x) => x.id !== e.id))}
                        >
                          Delete
                        </Anchor>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3}>Extras total</Table.Th>
                <Table.Th ta="right" aria-label="Extras total">
                  {formatMoney(
                    extrasDraftTotal(draft.map((e) => ({ price: e.price, qty: extraQty(e, passengers) }))),
                  )}
                </Table.Th>
                <Table.Th colSpan={mayEdit ? 2 : 1} />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
      {errors.extras && (
        <Text size="sm" c="red">
          {errors.extras}
        </Text>
      )}
      {mayEdit && (
        <AddExtra
          booking={booking}
          passengers={passengers}
          taken={draft.map((e) => e.id)}
          onAdd={(e) => setDraft((list) => [...list, e])}
        />
      )}
      {mayEdit && (
        <Group justify="flex-end" gap="sm">
          {changed && (
            <Text size="sm" c="orange.8">
              Changes not saved yet
            </Text>
          )}
          {changed && (
            <Button variant="default" onClick={() => setEdits(null)} disabled={save.isPending}>
              Undo changes
            </Button>
          )}
          <Button onClick={submit} disabled={!changed || save.isPending}>
            {save.isPending ? 'Updating...' : 'Update extras'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Picks one of the extras the booking may take and adds it to the list being edited. */
function AddExtra({
  booking,
  passengers,
  taken,
  onAdd,
}: {
  booking: BookingDetail;
  passengers: number;
  taken: number[];
  onAdd: (e: ExtraDraft) => void;
}) {
  const available = useAvailableExtras(booking, true);
  const [extraId, setExtraId] = useState<string | null>(null);
  const [qty, setQty] = useState<number>(1);
  const [qtyError, setQtyError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const options = (available.data ?? [])
    .filter((e) => !taken.includes(e.id))
    .map((e) => ({
      value: String(e.id),
      label: `${e.name} — ${formatMoney(e.price)}${e.for_per_person ? ' per person' : ''}`,
    }));
  const chosen = available.data?.find((e) => String(e.id) === extraId);
  const fixed = !!chosen?.for_per_person && passengers > 0;
  const shownQty = chosen ? extraQty({ for_per_person: chosen.for_per_person, qty }, passengers) : qty;
  return (
    <div>
      {available.isError && <QueryProblem query={available} mb="xs" />}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Add extra"
          placeholder={
            available.isPending
              ? 'Loading…'
              : options.length
                ? 'Choose an extra'
                : 'No more extras for this booking'
          }
          data={options}
          value={extraId}
          onChange={setExtraId}
          searchable
          w={360}
          disabled={available.isPending || options.length === 0}
          nothingFoundMessage="No extra found"
        />
        <NumberField
          label="Qty"
          w={90}
          min={1}
          max={999}
          value={Number.isFinite(shownQty) ? shownQty : ''}
          disabled={fixed}
          description={fixed ? 'Per passenger' : undefined}
          error={qtyError}
          onChange={(v) => {
            setQty(typeof v === 'number' ? v : Number.NaN);
            setQtyError(null);
          }}
        />
        <TextInput
          label="Note"
          w={240}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Button
          variant="light"
          disabled={!chosen}
          onClick={() => {
            if (!chosen) return;
            // The quantity as the server will check it (extrasUpdateSchema): refused here, never raised.
            const problem = qtyRule(shownQty);
            if (problem) {
              setQtyError(problem);
              return;
            }
            onAdd({
              id: chosen.id,
              name: chosen.name,
              price: chosen.price,
              for_per_person: chosen.for_per_person,
              commissionable: chosen.commissionable,
              qty: shownQty,
              extra_note: note,
            });
            setExtraId(null);
            setQty(1);
            setNote('');
          }}
        >
          Add to list
        </Button>
      </Group>
      {chosen?.short_description && (
        <Text size="xs" c="dimmed" mt={4}>
          {chosen.short_description}
        </Text>
      )}
    </div>
  );
}
