import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { AGENT_MESSAGES, type AgentBooking, agentSideApi } from '../../shared/api/agent-side';
import { api } from '../api/client';
import { formatDate } from '../lib/format';
import { statusColor } from '../portal/portal-format';
import { ChangesCard } from '../portal/sections/ChangesCard';
import { DocumentRow, DocumentsCard } from '../portal/sections/DocumentsCard';
import { ExtrasCard } from '../portal/sections/ExtrasCard';
import { HolidayCard } from '../portal/sections/HolidayCard';
import { MoneyCard } from '../portal/sections/MoneyCard';
import { TravellersCard } from '../portal/sections/TravellersCard';
import { QueryProblem } from '../ui/QueryProblem';
import { AccountsCard } from './AccountsCard';
import { AgentFrame } from './AgentFrame';
import { useAgentBooking, useReloadAgentBookings, useSetAgentBooking } from './agent-api';

/** The Agent invoice's label (src/shared/documents.ts). */
const INVOICE = 'Agent invoice';

/** What the booking page is told when it is opened straight after the booking was made. */
export interface AgentBookingState {
  created?: boolean;
}

/**
 * /agent/bookings/{id} (issue #25): one of the agency's bookings (GET agent/bookings/{id}) as the
 * customer sees it — changes to accept (accepted here on the client's behalf), the holiday, who's
 * travelling (completed here, PUT agent/bookings/{id}/passengers/{passengerId}), extras, money —
 * then the agency's own accounts (spec 1 §9) and the documents with the Agent invoice. Another
 * agency's booking answers 404: the server's message shows.
 */
export function AgentBookingPage() {
  const id = Number(useParams().id);
  const booking = useAgentBooking(id);
  const created = (useLocation().state as AgentBookingState | null)?.created === true;
  const reload = useReloadAgentBookings();
  const [accepted, setAccepted] = useState(false);
  const data = booking.data;
  return (
    <AgentFrame
      title={data ? `Booking ${data.booking_ref}` : 'Booking'}
      heading={data ? <BookingHeading booking={data} /> : undefined}
    >
      {created && (
        <Alert color="teal" variant="light" role="status">
          {AGENT_MESSAGES.bookingCreated}
        </Alert>
      )}
      {accepted && (
        <Alert color="teal" variant="light" role="status">
          {AGENT_MESSAGES.accepted}
        </Alert>
      )}
      {booking.isPending && <Skeleton height={320} radius="md" aria-label="Loading the booking" />}
      {booking.isError && <QueryProblem query={booking} what="booking" />}
      {data && (
        <BookingCards
          booking={data}
          onAccepted={() => {
            setAccepted(true);
            window.scrollTo({ top: 0, behavior: 'smooth' });
            void reload();
          }}
        />
      )}
    </AgentFrame>
  );
}

/** The cards of a loaded booking: the customer's, then the agency's accounts and documents. */
function BookingCards({ booking, onAccepted }: { booking: AgentBooking; onAccepted: () => void }) {
  const setBooking = useSetAgentBooking();
  const invoice = useMutation({
    mutationFn: () =>
      api.call(agentSideApi.agentInvoice, {
        params: { id: booking.id },
        fallbackName: `agent-invoice-${booking.booking_ref}.pdf`,
      }),
  });
  return (
    <>
      {booking.cancelled && (
        <Alert color="red" variant="light">
          This booking is cancelled.
        </Alert>
      )}
      {booking.changes.pending && !booking.cancelled && (
        <ChangesCard
          changes={booking.changes}
          accept={() => api.call(agentSideApi.accept, { params: { id: booking.id } })}
          onAccepted={onAccepted}
          intro="We have made changes to this booking. Please check them with your client and accept them on their behalf."
          acceptLabel="Accept changes on behalf of your client"
        />
      )}
      <div className="agent-columns">
        <Stack gap="md">
          <HolidayCard holidays={booking.holidays} title="The holiday" />
          <TravellersCard
            booking={booking}
            savedMessage={AGENT_MESSAGES.passengerSaved}
            save={async (passengerId, input) =>
              setBooking(
                (
                  await api.call(agentSideApi.updatePassenger, {
                    params: { id: booking.id, passengerId },
                    body: input,
                  })
                ).data,
              )
            }
          />
          <ExtrasCard booking={booking} />
        </Stack>
        <Stack gap="md">
          <AccountsCard accounts={booking.accounts} />
          <MoneyCard money={booking.money} />
          <DocumentsCard
            // The Agent invoice is made afresh on each download (the row below), not the stored copy.
            documents={
              booking.agent_invoice ? booking.documents.filter((d) => d.label !== INVOICE) : booking.documents
            }
            download={(doc) =>
              api.call(agentSideApi.document, {
                params: { id: booking.id, documentId: doc.id },
                fallbackName: doc.name,
              })
            }
          >
            {booking.agent_invoice && (
              <DocumentRow
                label={INVOICE}
                note="Your invoice as the booking stands now"
                busy={invoice.isPending}
                onDownload={() => invoice.mutate()}
              />
            )}
            {invoice.isError && (
              <Alert color="red" variant="light" role="alert">
                {invoice.error.message}
              </Alert>
            )}
          </DocumentsCard>
        </Stack>
      </div>
    </>
  );
}

/** The booking's reference and status, the lead client, who made it and when. */
function BookingHeading({ booking }: { booking: AgentBooking }) {
  const by = booking.created_from === 'agent' ? `by ${booking.created_by_agent_name ?? 'your agency'}` : null;
  return (
    <Paper bg="transparent">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Title order={1} size="h2">
          Booking {booking.booking_ref}
        </Title>
        <Badge size="lg" color={statusColor(booking.status)} variant="light">
          {booking.status}
        </Badge>
      </Group>
      <Text c="dimmed" size="sm">
        {[booking.lead_name, ['booked on', formatDate(booking.booked_at), by].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', ')}
      </Text>
    </Paper>
  );
}
