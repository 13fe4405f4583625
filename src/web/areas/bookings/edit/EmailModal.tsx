import {
  Alert,
  Box,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import {
  bookingEmailApi,
  type EmailTemplateGroup,
  NO_DOCUMENTS_CONFIRM,
  SELECT_TEMPLATE,
} from '../../../../shared/api/booking-email';
import { EMAIL_DOCUMENT_TYPES } from '../../../../shared/email-templates';
import { ApiError, api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { confirmAction } from '../../../ui/confirm';
import { Modal } from '../../../ui/Modal';
import { useBooking, useReloadBooking } from '../booking-api';
import { useDocumentRecords } from './document-api';
import { notifySent } from './email-notice';

type Recipient = 'customer' | 'agent';

/** Debounce of the live preview, ms: long enough not to call on every tick of a checkbox. */
const PREVIEW_DELAY_MS = 400;

/** The template select's options: one group per template group (spec 1 §3 Email template group). */
function templateOptions(groups: EmailTemplateGroup[]) {
  return groups.map((g) => ({
    group: g.label,
    items: g.data.map((t) => ({ value: String(t.template_id), label: t.template_name })),
  }));
}

/**
 * The email modal (spec 1 §2, §4 'Emailing the customer', §5, §7 POST bookings/{id}/send-email-customer):
 * to the agent or the customer, a template chosen from the groups of GET bookings/{id}
 * (data.emailTemplates) whose selected_doc_types are ticked on choosing it, the documents to attach
 * (the six types and Additional Documents), 'Notify customer of change' with the booking change
 * reasons, and a live preview rendered by the server exactly as it will be sent (in a sandboxed
 * iframe). Send asks 'No Documents attached. Do you wish to conitnue ?' when nothing is ticked and
 * says 'Plase select a template' without a template.
 */
export function EmailModal({
  booking,
  opened,
  onClose,
  initialDocTypes,
}: {
  booking: BookingDetail;
  opened: boolean;
  onClose: () => void;
  initialDocTypes: string[];
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Email to agent or customer" size="90rem" centered>
      {opened && <EmailForm booking={booking} onClose={onClose} initialDocTypes={initialDocTypes} />}
    </Modal>
  );
}

function EmailForm({
  booking,
  onClose,
  initialDocTypes,
}: {
  booking: BookingDetail;
  onClose: () => void;
  initialDocTypes: string[];
}) {
  const detail = useBooking(booking.id);
  const groups = detail.data?.emailTemplates ?? [];
  const reasons = detail.data?.booking_change_reasons ?? [];
  const reload = useReloadBooking(booking.id);

  const [to, setTo] = useState<Recipient>(
    booking.customer_id !== null || booking.agent_id === null ? 'customer' : 'agent',
  );
  const [template, setTemplate] = useState<string | null>(null);
  const [documents, setDocuments] = useState<string[]>(initialDocTypes);
  const [notify, setNotify] = useState(false);
  const [chosenReasons, setChosenReasons] = useState<string[]>([]);
  const [templateError, setTemplateError] = useState<string | null>(null);

  // A booking without flights has no ATOL Certificate (the Documents section says why too).
  const atol = useDocumentRecords(booking.id).data?.atol;
  const noAtol = atol?.offered === false;
  const offered = (codes: string[]) => (noAtol ? codes.filter((c) => c !== 'atol') : codes);

  const templates = useMemo(() => groups.flatMap((g) => g.data), [groups]);
  const chooseTemplate = (value: string | null) => {
    setTemplate(value);
    setTemplateError(null);
    const chosen = templates.find((t) => String(t.template_id) === value);
    if (chosen) setDocuments(offered(chosen.selected_doc_types));
  };

  const previewInput = useMemo(
    () => ({
      email_to: to,
      template: template ? Number(template) : undefined,
      intimate_customer: notify ? ('yes' as const) : ('no' as const),
      intimate_customer_reasons: notify ? chosenReasons : [],
    }),
    [to, template, notify, chosenReasons],
  );
  const [debounced] = useDebouncedValue(previewInput, PREVIEW_DELAY_MS);
  const preview = useQuery({
    queryKey: keys.bookings.sub(booking.id, 'email-preview', JSON.stringify(debounced)),
    queryFn: ({ signal }) =>
      api
        .call(bookingEmailApi.preview, { params: { id: booking.id }, body: debounced, signal })
        .then((r) => r.data),
    enabled: debounced.template !== undefined,
    retry: false,
    placeholderData: (prev) => prev,
  });

  const send = useMutation({
    mutationFn: () =>
      api.call(bookingEmailApi.send, {
        params: { id: booking.id },
        body: {
          email_to: to,
          template: template ? Number(template) : undefined,
          email_documents: documents,
          intimate_customer: notify ? 'yes' : 'no',
          intimate_customer_reasons: notify ? chosenReasons : [],
        },
      }),
    onSuccess: async (answer) => {
      notifySent(answer);
      onClose();
      await reload();
    },
    onError: (err) => {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: err instanceof ApiError ? err.message : String(err),
      });
    },
  });

  const onSend = async () => {
    if (!template) {
      setTemplateError(SELECT_TEMPLATE);
      notifications.show({ color: 'red', title: 'Error', message: SELECT_TEMPLATE });
      return;
    }
    if (notify && chosenReasons.length === 0) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: 'Choose at least one reason for the change.',
      });
      return;
    }
    if (documents.length === 0 && !(await confirmAction(NO_DOCUMENTS_CONFIRM, { title: 'No documents' })))
      return;
    send.mutate();
  };

  const address = (who: Recipient) =>
    who === 'customer' ? (booking.customer?.email ?? null) : (booking.agent?.email ?? null);
  const recipientLabel = (who: Recipient) => {
    const party = who === 'customer' ? booking.customer : booking.agent;
    const name = who === 'customer' ? booking.customer?.full_name : booking.agent?.name;
    if (!party) return `${who === 'customer' ? 'Customer' : 'Agent'} (none)`;
    return `${who === 'customer' ? 'Customer' : 'Agent'}: ${name}`;
  };
  useEffect(() => {
    // A recipient the booking does not have cannot be chosen; fall back to the other one.
    if (to === 'customer' && booking.customer_id === null && booking.agent_id !== null) setTo('agent');
  }, [to, booking.customer_id, booking.agent_id]);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <Box>
            <Text size="sm" fw={500} mb={4} id="email-to-label">
              Send to
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="email-to-label"
              value={to}
              onChange={(v) => setTo(v as Recipient)}
              data={(['customer', 'agent'] as const).map((who) => ({
                value: who,
                label: recipientLabel(who),
                disabled: (who === 'customer' ? booking.customer_id : booking.agent_id) === null,
              }))}
            />
            <Text size="xs" c={address(to) ? 'dimmed' : 'red.8'} mt={4}>
              {address(to) ?? `The ${to} has no email address.`}
            </Text>
          </Box>
          <Select
            label="Template"
            placeholder={detail.isLoading ? 'Loading templates…' : 'Choose a template'}
            data={templateOptions(groups)}
            value={template}
            onChange={chooseTemplate}
            searchable
            nothingFoundMessage="No template found"
            error={templateError}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox.Group label="Documents to attach" value={documents} onChange={setDocuments}>
            <Stack gap={6} mt={6}>
              {EMAIL_DOCUMENT_TYPES.map((d) => {
                const off = d.code === 'atol' && noAtol;
                return (
                  <Checkbox
                    key={d.code}
                    value={d.code}
                    label={d.label}
                    disabled={off}
                    description={off ? (atol?.reason ?? undefined) : undefined}
                  />
                );
              })}
            </Stack>
          </Checkbox.Group>
          <Box>
            <Checkbox
              label="Notify customer of change"
              checked={notify}
              onChange={(e) => setNotify(e.currentTarget.checked)}
            />
            {notify && (
              <Checkbox.Group
                label="Reasons for the change"
                value={chosenReasons}
                onChange={setChosenReasons}
                mt="xs"
                ml="lg"
              >
                <Stack gap={6} mt={6}>
                  {reasons.map((r) => (
                    <Checkbox key={r} value={r} label={r} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          </Box>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={send.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void onSend()} disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send'}
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <EmailPreview
          hasTemplate={template !== null}
          loading={preview.isFetching}
          error={preview.error}
          data={template ? preview.data : undefined}
        />
      </Grid.Col>
    </Grid>
  );
}

/** The live preview: To and Subject lines above the message, rendered in a sandboxed iframe. */
function EmailPreview({
  hasTemplate,
  loading,
  error,
  data,
}: {
  hasTemplate: boolean;
  loading: boolean;
  error: Error | null;
  data?: { to: string | null; subject: string; html: string };
}) {
  return (
    <Stack gap="xs" h="100%">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Preview
        </Text>
        {loading && <Loader size="xs" aria-label="Updating preview" />}
      </Group>
      {!hasTemplate ? (
        <Paper withBorder p="lg" c="dimmed" fz="sm">
          Choose a template to see the message as it will be sent.
        </Paper>
      ) : error ? (
        <Alert color="red" title="No preview">
          {error instanceof ApiError ? error.message : String(error)}
        </Alert>
      ) : data ? (
        <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
          <Box px="md" py="xs" bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                To:{' '}
              </Text>
              {data.to ?? '—'}
            </Text>
            <Text size="sm" fw={600}>
              <Text span c="dimmed" size="sm" fw={400}>
                Subject:{' '}
              </Text>
              {data.subject}
            </Text>
          </Box>
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={data.html}
            style={{ width: '100%', height: 460, border: 0, background: 'white', display: 'block' }}
          />
        </Paper>
      ) : (
        <Paper withBorder p="lg">
          <Loader size="sm" />
        </Paper>
      )}
    </Stack>
  );
}
