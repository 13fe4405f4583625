import { Alert, Button, Group, Loader, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { groupsApi, type InstancesData } from '../../../shared/api/groups';
import type { InstanceFlight } from '../../../shared/api/tour-catalogue';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate } from '../../lib/format';
import { Modal } from '../../ui/Modal';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';
import { useUnsavedChanges } from '../../ui/unsaved-changes';

/** Spec 3 §8 / §5 Transfers, word for word. */
export const ADD_TRANSFER = 'Please add transfer';

type Direction = 'outbound' | 'inbound';

const flightLabel = (f: InstanceFlight) =>
  `${f.flight_number} ${f.departure_airport.iata_code} → ${f.arrival_airport.iata_code}, ${formatDate(f.departure_time.slice(0, 10))} ${f.departure_time.slice(11, 16)}`;

/**
 * The Airport Transfer modal of the group screen (spec 3 §2, §7 Groups): Outbound and In-Bound
 * tabs, a transfer text per instance flight (per instance when it has no flights) and pickup times
 * per transfer and accommodation. Saving with no transfer text: 'Please add transfer'.
 */
export function TransfersModal({
  groupId,
  opened,
  onClose,
}: {
  groupId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<Direction>('outbound');
  const data = useQuery({
    queryKey: keys.groups.sub(groupId, 'transfers'),
    queryFn: ({ signal }) =>
      api.call(groupsApi.instancesData, { params: { id: groupId }, signal }).then((r) => r.data),
    enabled: opened,
    staleTime: 0,
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Airport Transfer" size="xl" centered>
      {data.isPending && <Loader size="sm" />}
      {data.isError && <Alert color="red">{data.error.message}</Alert>}
      {data.data && (
        <Tabs value={tab} onChange={(v) => setTab((v as Direction) ?? 'outbound')} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="outbound">Outbound</Tabs.Tab>
            <Tabs.Tab value="inbound">In-Bound</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="outbound">
            <DirectionForm
              groupId={groupId}
              direction="outbound"
              data={data.data}
              onSaved={() => void data.refetch()}
            />
          </Tabs.Panel>
          <Tabs.Panel value="inbound">
            <DirectionForm
              groupId={groupId}
              direction="inbound"
              data={data.data}
              onSaved={() => void data.refetch()}
            />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}

function DirectionForm({
  groupId,
  direction,
  data,
  onSaved,
}: {
  groupId: number;
  direction: Direction;
  data: InstancesData;
  onSaved: () => void;
}) {
  const maySave = useCan('groups.transfers');
  const rows = useMemo(
    () =>
      data.instance.flatMap((i) => {
        const flights = i.flights.filter((f) => f.direction === direction);
        const title = `${i.instance_title ?? `Instance ${i.id}`} (${formatDate(i.departure_date)})`;
        if (flights.length === 0 && i.flights.length === 0) {
          return [
            {
              key: `${i.id}:`,
              instance_id: i.id,
              flight_id: null as number | null,
              title,
              flight: 'No flights',
            },
          ];
        }
        return flights.map((f) => ({
          key: `${i.id}:${f.id}`,
          instance_id: i.id,
          flight_id: f.id as number | null,
          title,
          flight: flightLabel(f),
        }));
      }),
    [data, direction],
  );
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      data.group_instance_transfers
        .filter((t) => t.transfer_for === direction)
        .map((t) => [`${t.tour_instance_id}:${t.flight_id ?? ''}`, t.transfer]),
    ),
  );
  const [times, setTimes] = useState<Record<string, string>>({});
  // Typed transfers or pickup times not saved yet: closing the dialog or leaving asks first.
  const [touched, setTouched] = useState(false);
  const box = useRef<HTMLFieldSetElement>(null);
  useUnsavedChanges({
    dirty: () => touched && !saveTransfers.isPending,
    dirtyWithin: (root) => touched && !saveTransfers.isPending && !!box.current && root.contains(box.current),
  });
  const pickups = useQuery({
    queryKey: keys.groups.sub(groupId, 'pickups', direction),
    queryFn: ({ signal }) =>
      api
        .call(groupsApi.instancePickups, {
          params: { id: groupId },
          body: { transfer_for: direction },
          signal,
        })
        .then((r) => r.data),
    staleTime: 0,
  });
  useEffect(() => {
    if (pickups.data) {
      setTimes(
        Object.fromEntries(
          pickups.data.group_transfer_pickups.map((p) => [
            `${p.transfer}|${p.accommodation_id}`,
            p.pickup_time,
          ]),
        ),
      );
    }
  }, [pickups.data]);
  const names = [...new Set(rows.map((r) => (texts[r.key] ?? '').trim()).filter(Boolean))];
  const saveTransfers = useNoticeMutation(
    () =>
      api.call(groupsApi.updateTransfers, {
        params: { id: groupId },
        body: {
          transfer_for: direction,
          transfer_data: rows.map((r) => ({
            transfer: texts[r.key] ?? '',
            flight_id: r.flight_id ?? '',
            instance_id: r.instance_id,
          })),
          pickup_times: names.flatMap((n) =>
            data.accomodations.map((a) => ({
              transfer: n,
              accommodation_id: a.id,
              pickup_time: times[`${n}|${a.id}`] ?? '',
            })),
          ),
        },
      }),
    {
      onSuccess: () => {
        setTouched(false);
        onSaved();
      },
    },
  );
  const saving = saveTransfers.isPending;
  const save = () => {
    if (names.length === 0) {
      notifications.show({ color: 'red', title: 'Error', message: ADD_TRANSFER });
      return;
    }
    saveTransfers.mutate();
  };

  if (rows.length === 0) {
    return (
      <Text size="sm">
        No instance of this group has a {direction === 'outbound' ? 'outbound' : 'in-bound'} flight.
      </Text>
    );
  }
  return (
    <fieldset ref={box} disabled={!maySave} style={{ border: 0, padding: 0, margin: 0 }}>
      <Table withTableBorder striped fz="sm" aria-label={`${direction} transfers`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Instance</Table.Th>
            <Table.Th>Flight</Table.Th>
            <Table.Th w={260}>Transfer</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.title}</Table.Td>
              <Table.Td>{r.flight}</Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Transfer for ${r.title} ${r.flight}`}
                  placeholder="e.g. Coach to Riva"
                  value={texts[r.key] ?? ''}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setTexts((t) => ({ ...t, [r.key]: v }));
                    setTouched(true);
                  }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5" mt="md" mb="xs">
        Pickup times
      </Title>
      {names.length === 0 || data.accomodations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {data.accomodations.length === 0
            ? 'The group offers no accommodation.'
            : 'Enter a transfer above to set its pickup time at each accommodation.'}
        </Text>
      ) : (
        <Table withTableBorder fz="sm" aria-label={`${direction} pickup times`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Transfer</Table.Th>
              {data.accomodations.map((a) => (
                <Table.Th key={a.id}>{a.accommodation_name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {names.map((n) => (
              <Table.Tr key={n}>
                <Table.Td>{n}</Table.Td>
                {data.accomodations.map((a) => (
                  <Table.Td key={a.id}>
                    <TimeInput
                      aria-label={`Pickup time of ${n} at ${a.accommodation_name}`}
                      value={times[`${n}|${a.id}`] ?? ''}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        setTimes((t) => ({ ...t, [`${n}|${a.id}`]: v }));
                        setTouched(true);
                      }}
                      w={120}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {maySave && (
        <Group justify="flex-end" mt="md">
          <Button onClick={save} disabled={saving}>
            {saving
              ? 'Updating...'
              : `Update ${direction === 'outbound' ? 'Outbound' : 'In-Bound'} transfers`}
          </Button>
        </Group>
      )}
    </fieldset>
  );
}
