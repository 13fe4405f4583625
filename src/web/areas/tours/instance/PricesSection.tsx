import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { instancesApi } from '../../../../shared/api/instances';
import type { InstanceAnswer, InstancePriceRoom } from '../../../../shared/api/tour-catalogue';
import { toursApi } from '../../../../shared/api/tours';
import { effectiveValue, roomPrice } from '../../../../shared/pricing';
import { pathTo } from '../../../../shared/routes';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { formatDate, formatMoney } from '../../../lib/format';
import { ListTable } from '../../../ui/ListTable';
import { SavedMoneyCell } from '../../../ui/SavedMoneyCell';
import { Section } from '../../../ui/Section';

const FIELD_TITLES = { cost: 'Cost', price: 'Price', sale_price: 'Sale price' } as const;

/**
 * Prices of an instance per accommodation room (spec 3 §2), each field saved on its own.
 */
export function PricesSection({
  inst,
  defaultOpen,
  onChanged,
}: {
  inst: InstanceAnswer;
  defaultOpen: boolean;
  onChanged: () => void;
}) {
  // The rule as bookings will meet it: rooms left for the stay and stop sell (get-instance-rooms).
  const offer = useQuery({
    queryKey: keys.instances.sub(inst.id, 'offer', inst.departure_date),
    queryFn: ({ signal }) =>
      api
        .call(toursApi.instanceRooms, {
          body: { instance_id: inst.id, departure_date: inst.departure_date },
          signal,
        })
        .then((r) => new Map(r.data.map((o) => [o.tour_room_id, o]))),
  });
  const base = {
    base_price: effectiveValue(inst.base_price, inst.group.base_price),
    base_sale_price: inst.base_sale_price,
    base_cost: effectiveValue(inst.base_cost, inst.group.base_cost),
  };
  return (
    <Section title="Prices" defaultOpen={defaultOpen}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Per guest. Values left at 0.00 fall back to base price plus supplements.
        </Text>
        {inst.group_overrides && (
          <Text size="sm" c="orange.8">
            The group has its own accommodation, which overrides the tour's:{' '}
            <Anchor component={Link} to={pathTo('tour-group', { id: inst.tour_group_id })}>
              see the group
            </Anchor>
            .
          </Text>
        )}
        {!inst.tour_has_accommodation && !inst.group_overrides ? (
          <Text size="sm">
            This tour has no accommodation yet.{' '}
            <Anchor component={Link} to={pathTo('tour-edit', { id: inst.tour.id })}>
              Add accommodation to the tour
            </Anchor>{' '}
            to price its rooms.
          </Text>
        ) : (
          <ListTable<InstancePriceRoom & { id: number }>
            label="Room prices"
            records={inst.price_rooms.map((r) => ({ ...r, id: r.tour_room_id }))}
            emptyText="The accommodation has no rooms on this tour yet"
            columns={[
              { accessor: 'accommodation_name', title: 'Accommodation' },
              {
                accessor: 'name',
                title: 'Room',
                render: (r) => `${r.name}${r.board_basis ? ` (${r.board_basis})` : ''}`,
              },
              {
                accessor: 'supplement',
                title: 'Supplement',
                textAlign: 'right',
                render: (r) => formatMoney(r.supplement),
              },
              ...(['cost', 'price', 'sale_price'] as const).map((field) => ({
                accessor: field,
                title: FIELD_TITLES[field],
                render: (r: InstancePriceRoom) => (
                  <SavedMoneyCell
                    key={`${r.tour_room_id}-${r[field]}`}
                    value={r[field]}
                    permission="instances.update"
                    label={`${FIELD_TITLES[field]} of ${r.accommodation_name} ${r.name}`}
                    w={110}
                    save={(amount) =>
                      api.call(instancesApi.savePrice, {
                        params: { id: inst.id },
                        body: { tour_instance_id: inst.id, tour_room_id: r.tour_room_id, [field]: amount },
                      })
                    }
                    onSaved={onChanged}
                  />
                ),
              })),
              {
                accessor: 'remaining',
                title: 'Rooms left',
                textAlign: 'right',
                render: (r) => {
                  const o = offer.data?.get(r.tour_room_id);
                  if (!o) return offer.isPending ? '…' : '';
                  return (
                    <Text
                      size="sm"
                      c={o.stop_sell ? 'red' : undefined}
                      title={`Nights ${formatDate(o.check_in_date)} to ${formatDate(o.check_out_date)}`}
                    >
                      {o.stop_sell ? 'Stop sell' : o.remaining_availability}
                    </Text>
                  );
                },
              },
              {
                accessor: 'charged',
                title: 'Charged per guest',
                textAlign: 'right',
                render: (r) => {
                  const p = roomPrice(r, base, r.supplement);
                  return (
                    <Text
                      size="sm"
                      title={p.price_source === 'base' ? 'Base price plus supplement' : 'Instance price'}
                    >
                      {p.price ? formatMoney(p.price) : '—'}
                      {p.sale_price ? ` (sale ${formatMoney(p.sale_price)})` : ''}
                    </Text>
                  );
                },
              },
            ]}
          />
        )}
        <Title order={3} size="h6" c="dimmed">
          Base price {formatMoney(base.base_price) || 'not set'}
          {base.base_sale_price ? ` · base sale price ${formatMoney(base.base_sale_price)}` : ''}
          {base.base_cost ? ` · base cost ${formatMoney(base.base_cost)}` : ''}
        </Title>
      </Stack>
    </Section>
  );
}
