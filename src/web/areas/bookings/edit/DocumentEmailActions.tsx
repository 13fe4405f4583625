import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { DOCUMENT_MESSAGES } from '../../../../shared/api/booking-documents';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import {
  bookingEmailApi,
  EMAIL_DOCS_CONFIRM,
  OUTSTANDING_BALANCE_CONFIRM,
} from '../../../../shared/api/booking-email';
import { api } from '../../../api/client';
import { confirmAction } from '../../../ui/confirm';
import { useCan } from '../../../ui/permissions';
import { useBookingChange } from '../booking-api';
import { EmailModal } from './EmailModal';
import { notifySent } from './email-notice';

/** Asked before 'Email Travel Docs' when nothing is owed (the spec gives no words for it). */
const TRAVEL_DOCS_CONFIRM = 'Are you sure you want to send travel documents to the agent or customer?';

/**
 * The email buttons of the booking's Documents section (spec 1 §2 'documents with an email modal',
 * §5, §6 role 1 only, §8): 'Email to Agent or Customer' opens the email modal (template, documents —
 * `selectedDocTypes`, the codes ticked in the section, until a template is chosen —, change notice,
 * live preview); 'Email Booking Docs' and 'Email Travel Docs' send the invoicing and the travel
 * documents after the spec's confirmations (the outstanding-balance one when a balance is due). A
 * booking with neither agent nor customer gets the spec's message instead. After a send the booking,
 * its history and its document records reload.
 */
export function DocumentEmailActions({
  booking,
  selectedDocTypes,
}: {
  booking: BookingDetail;
  selectedDocTypes: string[];
}) {
  const mayEmail = useCan('bookings.email');
  const [modalOpen, setModalOpen] = useState(false);
  const send = useBookingChange(
    booking,
    (which: 'booking' | 'travel', b) =>
      which === 'booking'
        ? api.call(bookingEmailApi.invoicingDocs, { params: { id: b.id }, query: { type: 'email_customer' } })
        : api.call(bookingEmailApi.travelDocs, { params: { id: b.id }, query: { type: 'email_customer' } }),
    { quiet: true, onSuccess: (answer) => notifySent(answer) },
  );
  if (!mayEmail) return null;

  const hasParty = booking.customer_id !== null || booking.agent_id !== null;
  /** Spec 1 §5: printing or emailing documents needs an agent or customer. */
  const needsParty = () => {
    if (hasParty) return true;
    notifications.show({ color: 'red', title: 'Error', message: DOCUMENT_MESSAGES.noParty });
    return false;
  };
  const emailBookingDocs = async () => {
    if (!needsParty()) return;
    if (await confirmAction(EMAIL_DOCS_CONFIRM, { title: 'Email Booking Docs', confirmLabel: 'Send' }))
      send.mutate('booking');
  };
  const emailTravelDocs = async () => {
    if (!needsParty()) return;
    const owing = new Decimal(booking.balance || '0').gt(0) && !booking.cancelled_at;
    const question = owing ? OUTSTANDING_BALANCE_CONFIRM : TRAVEL_DOCS_CONFIRM;
    if (await confirmAction(question, { title: 'Email Travel Docs', confirmLabel: 'Send' }))
      send.mutate('travel');
  };

  return (
    <>
      <Group gap="sm">
        <Button size="xs" onClick={() => needsParty() && setModalOpen(true)}>
          Email to Agent or Customer
        </Button>
        <Button size="xs" variant="light" onClick={() => void emailBookingDocs()} disabled={send.isPending}>
          {send.isPending && send.variables === 'booking' ? 'Sending...' : 'Email Booking Docs'}
        </Button>
        <Button size="xs" variant="light" onClick={() => void emailTravelDocs()} disabled={send.isPending}>
          {send.isPending && send.variables === 'travel' ? 'Sending...' : 'Email Travel Docs'}
        </Button>
      </Group>
      <EmailModal
        booking={booking}
        opened={modalOpen}
        onClose={() => setModalOpen(false)}
        initialDocTypes={selectedDocTypes}
      />
    </>
  );
}
