import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  type BookingDetail,
  type BookingDetailAnswer,
  bookingEditApi,
} from '../../../../shared/api/booking-edit';
import { pathTo } from '../../../../shared/routes';
import { formatMoney } from '../../../lib/format';
import { EntityEditPage } from '../../../ui/entity';
import { PageHeader } from '../../../ui/PageHeader';
import { useCan } from '../../../ui/permissions';
import { Section } from '../../../ui/Section';
import { bookingKeys, useScreenPresence } from '../booking-api';
import { AccountsSection } from './AccountsSection';
import { AdditionalDocumentsSection } from './AdditionalDocumentsSection';
import { bookingTitle } from './booking-view';
import { CancelBookingButton } from './CancelBooking';
import { CancelledReadOnlyNote } from './CancelledReadOnlyNote';
import { CustomAirlineSection } from './CustomAirlineSection';
import { CustomerMessagesSection, useCustomerMessages, useMessagesFirst } from './CustomerMessagesSection';
import { DiscountsSection } from './DiscountsSection';
import { DocumentsSection } from './DocumentsSection';
import { ExtrasSection } from './ExtrasSection';
import { HistorySection } from './HistorySection';
import { NotifyCustomerButton } from './NotifyCustomer';
import { OldSystemSection } from './OldSystemSection';
import { PassengersSection } from './PassengersSection';
import { PriceChangeButton, PriceChangesSection } from './PriceChanges';
import { ReceiptsSection } from './ReceiptsSection';
import { RecordTransactionSection } from './RecordTransactionSection';
import { SpecialRequestSection } from './SpecialRequestSection';
import { StatusBadges } from './StatusBadges';
import { SummaryForm } from './SummarySection';
import { TomsSection } from './TomsSection';
import { TourLinesActions, TourLinesSection } from './TourLinesSection';

const count = (n: number) => (
  <Badge variant="light" color="gray" radius="sm" size="sm">
    {n}
  </Badge>
);

/**
 * Booking edit (/bookings/edit/{id}, route booking-edit; spec 1 §2 'Booking edit', §3, §4): an
 * `EntityEditPage` of the entity kit — the booking loaded through `bookingEditApi.get`, headed
 * 'Booking #{booking_ref}' with Notify and Cancel beside the title, its states under it, the summary
 * form (`SummaryForm`, POST bookings/{id}), then the sections in the spec's order as collapsible
 * cards; "From the customer" (issue #23) above the summary when it holds unread messages. Role 1
 * sees the items and passengers expanded and may change things; other roles see every section
 * collapsed and read-only. Every change sends the booking's version, so a stale screen gets
 * the 409 message instead of overwriting.
 */
export function BookingEditPage() {
  const id = Number(useParams().id);
  return (
    <EntityEditPage
      label="booking"
      load={bookingEditApi.get}
      select={(answer) => answer.data}
      queryKey={bookingKeys.detail}
      invalidate={bookingKeys.detail(id)}
      title={(data) => bookingTitle(data.booking[0])}
      actions={(data) => (
        <Group gap="sm">
          <NotifyCustomerButton booking={data.booking[0]} reasons={data.booking_change_reasons} />
          <PriceChangeButton booking={data.booking[0]} />
          <CancelBookingButton booking={data.booking[0]} />
        </Group>
      )}
      update={bookingEditApi.update}
      form={SummaryForm}
      layout={(summary, data) => <BookingScreen data={data} summary={summary} />}
      notFound={<BookingNotFound />}
    />
  );
}

function BookingNotFound() {
  return (
    <Stack gap="md" maw={640}>
      <PageHeader title="Booking not found" />
      <Alert color="orange" title="There is no booking with this number">
        <Text size="sm" mb="sm">
          It may have been typed wrongly in the address, or the link is out of date.
        </Text>
        <Button component={Link} to={pathTo('bookings')} size="xs" variant="light">
          Back to bookings
        </Button>
      </Alert>
    </Stack>
  );
}

function PendingBanner() {
  return (
    <Paper bg="red.7" c="white" px="md" py={8} mb="xs" radius="sm" role="status">
      <Text fw={700} size="sm">
        Pending{' '}
        <Text span fw={400} size="sm">
          — changes to this booking have not been accepted yet.
        </Text>
      </Text>
    </Paper>
  );
}

/**
 * Spec 1 §4: the screen is flagged open while it is shown and cleared on leaving; when another
 * member of staff has this booking open too, say so (their saves and yours meet the 409 check).
 */
function OpenByNotice({ bookingId }: { bookingId: number }) {
  const others = useScreenPresence(bookingId);
  if (others.length === 0) return null;
  return (
    <Text size="sm" c="orange.9" mt={6} role="status">
      Also open by {others.map((o) => o.name).join(', ')}. If you both change this booking, the second save is
      refused until that screen is reloaded.
    </Text>
  );
}

function BookingScreen({ data, summary }: { data: BookingDetailAnswer['data']; summary: ReactNode }) {
  const booking: BookingDetail = data.booking[0];
  const canEdit = useCan('bookings.update');
  const hasOldSystem = booking.old_booking_id !== null || booking.old_tour_booking !== null;
  const props = { booking, canEdit };
  // Once cancelled, its tours, passengers, extras and discounts are read-only (the server refuses
  // them too); payments, documents and notes stay open.
  const itemProps = { booking, canEdit: canEdit && !booking.cancelled_at };
  // What the customer sent from their side (issue #23): above the summary while something is
  // unread when the screen opens, else beside the history.
  const messages = useCustomerMessages(booking.id);
  const messagesFirst = useMessagesFirst(messages.data);
  const fromCustomer = <CustomerMessagesSection bookingId={booking.id} query={messages} />;
  return (
    <Stack gap="md">
      <div>
        {booking.changes_accepted === 0 && <PendingBanner />}
        <StatusBadges booking={booking} />
        <OpenByNotice bookingId={booking.id} />
      </div>
      {messagesFirst && fromCustomer}
      {summary}
      <Section title="Passengers" defaultOpen={canEdit} meta={count(booking.passengers.length)}>
        <CancelledReadOnlyNote booking={booking} />
        <PassengersSection {...itemProps} />
      </Section>
      <Section
        title="Booking items"
        defaultOpen={canEdit}
        meta={
          <Group gap={6}>
            {count(booking.tour_bookings.length)}
            <Text size="sm" c="dimmed">
              tours {formatMoney(booking.totals.tours_total)}
            </Text>
          </Group>
        }
        actions={<TourLinesActions booking={booking} />}
      >
        <CancelledReadOnlyNote booking={booking} />
        <TourLinesSection booking={booking} />
      </Section>
      <Section
        title="Custom airline reference email"
        defaultOpen={false}
        meta={
          <Text size="sm" c="dimmed">
            {booking.airline_reference_email ?? 'off'}
          </Text>
        }
      >
        <CustomAirlineSection
          key={`airline-${booking.version}`}
          booking={booking}
          allowedDomains={data.allowed_domains}
        />
      </Section>
      {hasOldSystem && (
        // Imported bookings carry their tour only here, so it is open for everyone.
        <Section title="Old system booking" defaultOpen>
          <OldSystemSection booking={booking} />
        </Section>
      )}
      <Section
        title="Additional documents"
        defaultOpen={false}
        meta={count(booking.additional_documents.length)}
      >
        <AdditionalDocumentsSection {...props} />
      </Section>
      <Section title="Special requests" defaultOpen={false}>
        <SpecialRequestSection {...props} />
      </Section>
      <Section title="Extras" defaultOpen={false} meta={count(booking.extras.length)}>
        <CancelledReadOnlyNote booking={booking} />
        <ExtrasSection {...itemProps} />
      </Section>
      <Section title="Discounts" defaultOpen={false} meta={count(booking.discounts.length)}>
        <CancelledReadOnlyNote booking={booking} />
        <DiscountsSection {...itemProps} />
      </Section>
      <Section
        title={booking.agent_id !== null ? 'Accounts and agent accounts' : 'Accounts'}
        defaultOpen={false}
      >
        <AccountsSection {...props} />
      </Section>
      <Section title="Price changes" defaultOpen={booking.totals.price_changes_total !== '0.00'}>
        <PriceChangesSection booking={booking} />
      </Section>
      <Section title="VAT margin (TOMS)" defaultOpen={false}>
        <TomsSection bookingId={booking.id} version={booking.version} />
      </Section>
      <Section title="Record a transaction" defaultOpen={false}>
        <RecordTransactionSection {...props} />
      </Section>
      <Section title="Receipts" defaultOpen={false} meta={count(booking.payments.length)}>
        <ReceiptsSection {...props} />
      </Section>
      <Section title="Documents" defaultOpen={false}>
        <DocumentsSection {...props} />
      </Section>
      {!messagesFirst && fromCustomer}
      <Section title="History" defaultOpen={false}>
        <HistorySection {...props} />
      </Section>
    </Stack>
  );
}
