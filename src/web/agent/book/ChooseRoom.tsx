import { Alert, Badge, Group, Paper, Radio, Select, Skeleton, Stack, Text } from '@mantine/core';
import type { AgentOffer } from '../../../shared/api/agent-side';
import { poundsText } from '../../../shared/money-text';
import { PortalCard } from '../../portal/PortalCard';
import { QueryProblem } from '../../ui/QueryProblem';

type Room = AgentOffer['rooms'][number];

/** The most guests a room choice can take: its rooms' beds, the departure's places, at most 20. */
export function maxGuests(offer: AgentOffer | undefined, room: Room | undefined): number {
  if (!room) return 20;
  const places = offer?.departure.places_left ?? 20;
  return Math.max(1, Math.min(20, places, room.occupancy * Math.max(room.rooms_left, 1)));
}

/**
 * Step 2: the departure's rooms (GET agent/departures/{id}/rooms, staff's offer rule) with the
 * price per guest (the price before a sale struck through), board basis, guests a room takes and
 * rooms left; one not for sale is disabled with the reason. Then the number of guests.
 */
export function ChooseRoom({
  offer,
  roomId,
  guests,
  onRoom,
  onGuests,
}: {
  offer: {
    data?: AgentOffer;
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  roomId: string | null;
  guests: number;
  onRoom: (id: string) => void;
  onGuests: (n: number) => void;
}) {
  const data = offer.data;
  const room = data?.rooms.find((r) => String(r.tour_room_id) === roomId);
  const max = maxGuests(data, room);
  return (
    <PortalCard title="2. Room and guests">
      {offer.isPending && <Skeleton height={120} aria-label="Loading rooms" />}
      {offer.isError && <QueryProblem query={offer} what="rooms" />}
      {data && data.rooms.length === 0 && (
        <Alert color="blue" variant="light" role="status">
          This departure has no rooms on sale.
        </Alert>
      )}
      {data && data.rooms.length > 0 && (
        <Radio.Group label="Room" value={roomId} onChange={onRoom} required size="md">
          <Stack gap="xs" mt="xs">
            {data.rooms.map((r) => (
              <Paper
                key={r.tour_room_id}
                withBorder
                radius="sm"
                p="sm"
                className="agent-choice"
                data-checked={roomId === String(r.tour_room_id) || undefined}
                data-disabled={r.for_sale ? undefined : true}
              >
                <Radio
                  value={String(r.tour_room_id)}
                  disabled={!r.for_sale}
                  label={
                    <Group gap="xs" wrap="wrap" justify="space-between">
                      <Text fw={600} span>
                        {r.accommodation} — {r.room}
                      </Text>
                      <Text fw={700} span className="agent-nowrap">
                        {r.was_price && (
                          <Text span td="line-through" c="dimmed" fw={400} mr={6}>
                            {poundsText(r.was_price)}
                          </Text>
                        )}
                        {poundsText(r.price)} per guest
                      </Text>
                    </Group>
                  }
                  description={
                    <Group gap="xs" wrap="wrap" component="span">
                      <Text span size="sm">
                        {[r.board_basis, `sleeps ${r.occupancy}`].filter(Boolean).join(' · ')}
                      </Text>
                      {r.for_sale ? (
                        <Badge
                          color={r.rooms_left > 2 ? 'teal' : 'orange'}
                          variant="light"
                          tt="none"
                          component="span"
                        >
                          {r.rooms_left === 1 ? '1 room left' : `${r.rooms_left} rooms left`}
                        </Badge>
                      ) : (
                        <Text span size="sm" c="red.8">
                          {r.reason ?? 'Not for sale.'}
                        </Text>
                      )}
                    </Group>
                  }
                />
              </Paper>
            ))}
          </Stack>
        </Radio.Group>
      )}
      {room && (
        <Select
          label="Guests"
          description={`Up to ${max} on this room and departure.`}
          data={Array.from({ length: max }, (_, i) => String(i + 1))}
          value={String(Math.min(guests, max))}
          onChange={(v) => v && onGuests(Number(v))}
          allowDeselect={false}
          size="md"
          w={{ base: '100%', xs: 200 }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </PortalCard>
  );
}
