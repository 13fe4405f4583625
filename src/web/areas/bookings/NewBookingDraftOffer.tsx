import { Alert, Button, Group, Text } from '@mantine/core';
import { formatMoney } from '../../lib/format';
import { newBookingTotals } from './new-booking';
import { draftTime, type StoredNewBookingDraft } from './new-booking-draft';

/**
 * The offer of a booking left unfinished in this browser (issue #22 point 5): when it was kept,
 * whom it is for, its tours and total, and Restore / Discard.
 */
export function DraftOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: StoredNewBookingDraft;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const party = draft.customer_hit
    ? draft.customer_hit.full_name ||
      [draft.customer_hit.first_name, draft.customer_hit.last_name].filter(Boolean).join(' ')
    : (draft.agent?.name ?? (draft.customer_id ? `Customer #${draft.customer_id}` : null));
  const tours = draft.lines.length;
  const facts = [
    party,
    tours
      ? `${tours} ${tours === 1 ? 'tour' : 'tours'}, ${formatMoney(newBookingTotals(draft.lines).total_due)}`
      : null,
  ].filter(Boolean);
  return (
    <Alert color="blue" title="Unsaved booking" role="region" aria-label="Unsaved booking">
      <Text size="sm">Carry on with your unsaved booking from {draftTime(draft.saved_at)}?</Text>
      {facts.length > 0 && (
        <Text size="sm" c="dimmed">
          {facts.join(' · ')}
        </Text>
      )}
      <Group gap="sm" mt="sm">
        <Button size="xs" onClick={onRestore}>
          Restore
        </Button>
        <Button size="xs" variant="default" onClick={onDiscard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}
