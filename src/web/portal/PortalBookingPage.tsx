import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PORTAL_MESSAGES, type PortalBooking, portalApi } from '../../shared/api/portal';
import { pathTo } from '../../shared/routes';
import { api } from '../api/client';
import { endPortalSession, usePortalSignedIn } from '../api/portal-session';
import { keys } from '../api/query-keys';
import { formatDate } from '../lib/format';
import { QueryProblem } from '../ui/QueryProblem';
import { PortalFrame } from './PortalFrame';
import type { PortalLinkState } from './PortalLinkPage';
import {
  usePortalBooking,
  usePortalOperator,
  useReloadPortalBooking,
  useSetPortalBooking,
} from './portal-api';
import { isPositive, statusColor } from './portal-format';
import { ChangesCard } from './sections/ChangesCard';
import { DocumentsCard } from './sections/DocumentsCard';
import { ExtrasCard } from './sections/ExtrasCard';
import { HolidayCard } from './sections/HolidayCard';
import { MessageCard } from './sections/MessageCard';
import { MoneyCard } from './sections/MoneyCard';
import { PayCard } from './sections/PayCard';
import { PriceChangeCard } from './sections/PriceChangeCard';
import { TravellersCard } from './sections/TravellersCard';

const TITLE = 'Manage my booking';

/**
 * /my-booking (issue #23): the customer's booking (GET portal/booking) in one column of cards —
 * changes to accept, the holiday, who's travelling, extras, money, pay, documents, a message to
 * the office — under a band with the operator's name and 'Sign out'. Without a portal session it
 * goes to the sign-in page; a link that accepted changes arrives with `PortalLinkState`.
 */
export function PortalBookingPage() {
  const signedIn = usePortalSignedIn();
  const booking = usePortalBooking();
  const operator = usePortalOperator();
  const reload = useReloadPortalBooking();
  const arrived = (useLocation().state ?? {}) as PortalLinkState;
  const [acceptedHere, setAcceptedHere] = useState(false);
  const [answered, setAnswered] = useState<string | null>(null);
  if (!signedIn) return <Navigate to={pathTo('portal-sign-in')} replace />;

  const data = booking.data;
  const accepted = acceptedHere || arrived.accepted === true;
  return (
    <PortalFrame
      title={data ? `Booking ${data.booking_ref}` : TITLE}
      operator={data?.operator ?? operator.data}
      actions={<SignOutButton />}
      heading={data ? <BookingHeading booking={data} /> : undefined}
    >
      {accepted && (
        <Alert color="teal" variant="light" role="status">
          {PORTAL_MESSAGES.accepted}
        </Alert>
      )}
      {arrived.accepted === false && !acceptedHere && (
        <Alert color="blue" variant="light" role="status">
          {PORTAL_MESSAGES.nothingToAccept}
        </Alert>
      )}
      {answered && (
        <Alert color="teal" variant="light" role="status">
          {answered}
        </Alert>
      )}
      {booking.isPending && <BookingSkeleton />}
      {booking.isError && <QueryProblem query={booking} what="booking" />}
      {data && (
        <BookingCards
          booking={data}
          onAccepted={() => {
            setAcceptedHere(true);
            window.scrollTo({ top: 0, behavior: 'smooth' });
            void reload();
          }}
          onPriceAnswered={(message) => {
            setAnswered(message);
            window.scrollTo({ top: 0, behavior: 'smooth' });
            void reload();
          }}
        />
      )}
    </PortalFrame>
  );
}

/** The cards of a loaded booking, in the order a customer reads them. */
function BookingCards({
  booking,
  onAccepted,
  onPriceAnswered,
}: {
  booking: PortalBooking;
  onAccepted: () => void;
  onPriceAnswered: (message: string) => void;
}) {
  const owes = isPositive(booking.money.balance) && !booking.cancelled;
  const setBooking = useSetPortalBooking();
  return (
    <>
      {booking.cancelled && (
        <Alert color="red" variant="light">
          {PORTAL_MESSAGES.cancelled}
        </Alert>
      )}
      {booking.price_change?.decision === 'pending' && !booking.cancelled && (
        <PriceChangeCard change={booking.price_change} onAnswered={onPriceAnswered} />
      )}
      {booking.changes.pending && !booking.cancelled && (
        <ChangesCard
          changes={booking.changes}
          accept={() => api.call(portalApi.accept)}
          onAccepted={onAccepted}
        />
      )}
      <HolidayCard holidays={booking.holidays} />
      <TravellersCard
        booking={booking}
        save={async (id, input) =>
          setBooking((await api.call(portalApi.updatePassenger, { params: { id }, body: input })).data)
        }
      />
      <ExtrasCard booking={booking} />
      <MoneyCard money={booking.money} />
      {owes && <PayCard booking={booking} />}
      <DocumentsCard
        documents={booking.documents}
        download={(doc) => api.call(portalApi.document, { params: { id: doc.id }, fallbackName: doc.name })}
      />
      <MessageCard messages={booking.messages} />
    </>
  );
}

/** The booking's reference, status and lead name, as the page's heading. */
function BookingHeading({ booking }: { booking: PortalBooking }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Title order={1} size="h2">
          Booking {booking.booking_ref}
        </Title>
        <Badge size="lg" color={statusColor(booking.status)} variant="light">
          {booking.status}
        </Badge>
      </Group>
      <Text c="dimmed" size="sm">
        {[booking.lead_name, `booked on ${formatDate(booking.booked_at)}`].filter(Boolean).join(', ')}
      </Text>
    </Stack>
  );
}

/** 'Sign out': ends the session on the server (whatever it answers, the tab forgets it) and says so. */
function SignOutButton() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: () => api.call(portalApi.signOut),
    onSettled: () => {
      endPortalSession(PORTAL_MESSAGES.signedOut);
      client.removeQueries({ queryKey: keys.portal.all });
      void navigate(pathTo('portal-sign-in'), { replace: true });
    },
  });
  return (
    <Button
      variant="white"
      color="indigo"
      size="md"
      onClick={() => signOut.mutate()}
      disabled={signOut.isPending}
      style={{ flexShrink: 0 }}
    >
      {signOut.isPending ? 'Signing out...' : 'Sign out'}
    </Button>
  );
}

/** What shows while the booking loads: the shapes of the first cards. */
function BookingSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading your booking">
      <Skeleton height={32} width="60%" />
      {[180, 140, 220].map((h) => (
        <Paper key={h} withBorder radius="md" p="md">
          <Skeleton height={22} width="40%" mb="md" />
          <Skeleton height={h - 60} />
        </Paper>
      ))}
    </Stack>
  );
}
