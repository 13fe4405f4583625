import { Badge, Button, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type BookingDetail, bookingEditApi } from '../../../../shared/api/booking-edit';
import { pathTo } from '../../../../shared/routes';
import { api } from '../../../api/client';
import { CustomerTypeahead } from '../../../ui/CustomerTypeahead';
import { confirmAction } from '../../../ui/confirm';
import { PartyPickerModal } from '../../../ui/PartyPickerModal';
import { useCan } from '../../../ui/permissions';
import { RouterAnchor } from '../../../ui/RouterAnchor';
import { useBookingChange } from '../booking-api';
import { Fact } from './Fact';

type PartyField = 'customer_id' | 'agent_id' | 'affiliate_id';
type LinkChange = Partial<Record<PartyField, number | null>>;

const NOUN: Record<PartyField, string> = {
  customer_id: 'customer',
  agent_id: 'agent',
  affiliate_id: 'affiliate',
};

function OldRecord({ name }: { name: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{name || '—'}</Text>
      <Tooltip label="Record imported from the old system">
        <Badge size="xs" variant="outline" color="gray" radius="sm">
          old system
        </Badge>
      </Tooltip>
    </Group>
  );
}

/**
 * Customer, agent and affiliate of the booking (spec 1 §4 Linking), each with a link to its own
 * screen; where none is linked the old system's record shows. Role 1 links one through the
 * customer type-ahead or the agent/affiliate picker table and unlinks it (after a confirmation):
 * POST bookings/{id} {customer_id|agent_id|affiliate_id: id|null, version}.
 */
export function PartyLinks({ booking }: { booking: BookingDetail }) {
  const mayLink = useCan('bookings.update');
  // Remounts the type-ahead when an unlink is called off, so it shows the customer again.
  const [typeaheadKey, setTypeaheadKey] = useState(0);
  const link = useBookingChange(booking, (change: LinkChange, b) =>
    api.call(bookingEditApi.update, { params: { id: b.id }, body: { ...change, version: b.version } }),
  );
  const unlink = async (field: PartyField) => {
    const ok = await confirmAction(`Unlink the ${NOUN[field]} from this booking?`, {
      title: `Unlink ${NOUN[field]}`,
      confirmLabel: 'Unlink',
      danger: true,
    });
    if (ok) link.mutate({ [field]: null });
    else setTypeaheadKey((k) => k + 1);
  };
  const { customer, agent, affiliate } = booking;

  const customerView: ReactNode = customer ? (
    <Group gap={6} wrap="wrap">
      <RouterAnchor to={pathTo('customer-edit', { id: customer.id })} size="sm">
        {customer.full_name || `${customer.first_name} ${customer.last_name}`}
      </RouterAnchor>
      {customer.is_blacklisted && (
        <Text span size="sm" fw={700} c="red.7">
          (Blacklisted)
        </Text>
      )}
    </Group>
  ) : booking.old_customer ? (
    <OldRecord
      name={[booking.old_customer.first_name, booking.old_customer.last_name].filter(Boolean).join(' ')}
    />
  ) : null;
  const agentView: ReactNode = agent ? (
    <RouterAnchor to={pathTo('agent-edit', { id: agent.id })} size="sm">
      {agent.name}
      {agent.abta ? ` (${agent.abta})` : ''}
    </RouterAnchor>
  ) : booking.old_agent ? (
    <OldRecord name={booking.old_agent.name} />
  ) : null;
  const affiliateView: ReactNode = affiliate ? (
    <RouterAnchor to={pathTo('affiliate-edit', { id: affiliate.id })} size="sm">
      {affiliate.name}
    </RouterAnchor>
  ) : booking.old_affiliate ? (
    <OldRecord name={booking.old_affiliate.name} />
  ) : null;

  if (!mayLink) {
    return (
      <Stack gap="sm">
        <Fact label="Customer">{customerView}</Fact>
        <Fact label="Agent">{agentView}</Fact>
        <Fact label="Affiliate">{affiliateView}</Fact>
      </Stack>
    );
  }

  const linked = (field: PartyField, view: ReactNode, present: boolean) =>
    view && (
      <Group gap="xs" justify="space-between" wrap="nowrap" mt={4}>
        <div style={{ minWidth: 0 }}>{view}</div>
        {present && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => unlink(field)}
            disabled={link.isPending}
            aria-label={`Unlink ${NOUN[field]}`}
          >
            Unlink
          </Button>
        )}
      </Group>
    );

  return (
    <Stack gap="sm" pos="relative">
      {link.isPending && (
        <Group gap={6} pos="absolute" top={-30} right={0}>
          <Loader size={14} />
          <Text size="xs" c="dimmed">
            Updating...
          </Text>
        </Group>
      )}
      <div>
        <CustomerTypeahead
          key={`${booking.customer_id ?? 'none'}-${typeaheadKey}`}
          label="Customer"
          value={booking.customer_id}
          selected={customer}
          onChange={(id) => {
            if (id !== null && id !== booking.customer_id) link.mutate({ customer_id: id });
            if (id === null && booking.customer_id !== null) void unlink('customer_id');
          }}
        />
        {linked('customer_id', customerView, customer !== null)}
      </div>
      <div>
        <PartyPickerModal
          kind="agent"
          label="Agent"
          value={agent ? { id: agent.id, name: agent.name, code: agent.abta } : null}
          onChange={(choice) => {
            if (choice && choice.id !== booking.agent_id) link.mutate({ agent_id: choice.id });
            if (!choice && booking.agent_id !== null) void unlink('agent_id');
          }}
        />
        {linked('agent_id', agentView, agent !== null)}
      </div>
      <div>
        <PartyPickerModal
          kind="affiliate"
          label="Affiliate"
          value={affiliate ? { id: affiliate.id, name: affiliate.name, code: affiliate.code } : null}
          onChange={(choice) => {
            if (choice && choice.id !== booking.affiliate_id) link.mutate({ affiliate_id: choice.id });
            if (!choice && booking.affiliate_id !== null) void unlink('affiliate_id');
          }}
        />
        {linked('affiliate_id', affiliateView, affiliate !== null)}
      </div>
    </Stack>
  );
}
