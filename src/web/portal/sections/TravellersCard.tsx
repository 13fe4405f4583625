import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PORTAL_MESSAGES, type PortalBooking, type PortalPassenger } from '../../../shared/api/portal';
import { formatDate } from '../../lib/format';
import { PortalCard } from '../PortalCard';
import { passengerName } from '../portal-format';
import { PassengerDialog, type SavePassenger } from './PassengerDialog';

/**
 * Who's travelling: every passenger with what the booking holds of them; one still missing details
 * is flagged. While `details_editable`, each has 'Edit details' (the passenger dialog); after the
 * last day, or on a cancelled booking, a line says why they can no longer be changed online.
 * `save` is the reader's own call (see `PassengerDialog`); `savedMessage` its thank-you.
 */
export function TravellersCard({
  booking,
  save,
  savedMessage,
}: {
  booking: Pick<
    PortalBooking,
    'passengers' | 'passport_required' | 'details_editable' | 'details_editable_until' | 'cancelled'
  >;
  save: SavePassenger;
  savedMessage?: string;
}) {
  const [editing, setEditing] = useState<PortalPassenger | null>(null);
  const editable = booking.details_editable && !booking.cancelled;
  const until = formatDate(booking.details_editable_until);
  return (
    <PortalCard title="Who's travelling">
      {editable && until && (
        <Text size="sm">
          You can complete or correct these details here until {until}. Names must be exactly as on the
          passport.
        </Text>
      )}
      {!editable && (
        <Text size="sm" c="dimmed">
          {booking.cancelled
            ? PORTAL_MESSAGES.cancelled
            : `${PORTAL_MESSAGES.detailsClosed}${until ? ` (the last day to change them online was ${until}.)` : ''}`}
        </Text>
      )}
      {booking.passengers.length === 0 && <Text c="dimmed">No passengers have been added yet.</Text>}
      {booking.passengers.map((p) => (
        <Paper key={p.id} withBorder radius="sm" p="sm" bg={p.complete ? undefined : 'orange.0'}>
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600}>{passengerName(p)}</Text>
              {!p.complete && (
                <Badge color="orange" variant="light" tt="none" size="md">
                  Details needed
                </Badge>
              )}
            </Group>
            <PassengerLine passenger={p} passportRequired={booking.passport_required} />
            {editable && (
              <Group>
                <Button
                  variant={p.complete ? 'default' : 'filled'}
                  size="md"
                  onClick={() => setEditing(p)}
                  aria-label={`Edit details of ${passengerName(p)}`}
                >
                  Edit details
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
      {editing && (
        <PassengerDialog
          passenger={editing}
          passportRequired={booking.passport_required}
          save={save}
          savedMessage={savedMessage}
          onClose={() => setEditing(null)}
        />
      )}
    </PortalCard>
  );
}

/** What is held of a passenger, in one or two short lines; what is missing says so. */
function PassengerLine({
  passenger: p,
  passportRequired,
}: {
  passenger: PortalPassenger;
  passportRequired: boolean;
}) {
  const born = p.dob ? `Born ${formatDate(p.dob)}` : 'Date of birth missing';
  const passport = !passportRequired
    ? null
    : p.passport_no
      ? `Passport ${p.passport_no}${p.passport_expiry ? `, expires ${formatDate(p.passport_expiry)}` : ''}`
      : 'Passport details missing';
  return (
    <>
      <Text size="sm">{[born, p.gender].filter(Boolean).join(' · ')}</Text>
      {passport && <Text size="sm">{passport}</Text>}
    </>
  );
}
