import { Alert, Button, Divider, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import {
  PORTAL_MESSAGES,
  type PortalBooking,
  type PortalMessageInput,
  portalApi,
  portalMessageInput,
} from '../../../shared/api/portal';
import { ApiError, api } from '../../api/client';
import { formatDateTime } from '../../lib/format';
import { zodValidate } from '../../ui/zod-validate';
import { PortalCard } from '../PortalCard';
import { useReloadPortalBooking } from '../portal-api';

/**
 * Send us a message: a special request or a question (POST portal/booking/messages, checked with
 * the shared `portalMessageInput`); once sent the box is cleared, 'Thank you — your message has been
 * sent' shows and the list of the customer's earlier messages, newest first, reloads.
 */
export function MessageCard({ messages }: { messages: PortalBooking['messages'] }) {
  const reload = useReloadPortalBooking();
  const form = useForm<PortalMessageInput>({
    mode: 'controlled',
    initialValues: { message: '' },
    validate: zodValidate(portalMessageInput),
  });
  const send = useMutation({
    mutationFn: (values: PortalMessageInput) => api.call(portalApi.sendMessage, { body: values }),
    onSuccess: () => {
      form.reset();
      void reload();
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    },
  });
  const sorted = [...messages].sort((a, b) => b.sent_at.localeCompare(a.sent_at));
  return (
    <PortalCard title="Send us a message">
      <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate>
        <Stack gap="sm">
          <Textarea
            label="Your message"
            description="A special request or a question about your booking. We reply by email."
            autosize
            minRows={4}
            maxRows={12}
            size="md"
            {...form.getInputProps('message')}
            onChange={(e) => {
              if (!send.isIdle) send.reset();
              form.getInputProps('message').onChange(e);
            }}
          />
          {send.isSuccess && (
            <Alert color="teal" variant="light" role="status">
              {PORTAL_MESSAGES.messageSent}
            </Alert>
          )}
          {send.isError && !atField(send.error) && (
            <Alert color="red" variant="light" role="alert">
              {send.error.message}
            </Alert>
          )}
          <Button type="submit" size="md" disabled={send.isPending} style={{ alignSelf: 'flex-start' }}>
            {send.isPending ? 'Sending...' : 'Send message'}
          </Button>
        </Stack>
      </form>
      {sorted.length > 0 && (
        <Stack gap="xs">
          <Divider />
          <Title order={3} size="h4">
            Your messages
          </Title>
          {sorted.map((m) => (
            <Paper key={m.id} bg="gray.0" p="sm" radius="sm">
              <Text size="sm" c="dimmed">
                Sent {formatDateTime(m.sent_at)}
              </Text>
              <Text style={{ whiteSpace: 'pre-line' }}>{m.message}</Text>
            </Paper>
          ))}
        </Stack>
      )}
    </PortalCard>
  );
}

/** A refusal the server put on the message box itself (422), shown there rather than as a notice. */
const atField = (error: Error) => error instanceof ApiError && 'message' in error.fieldErrors;
