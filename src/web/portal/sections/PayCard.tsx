import { Alert, Anchor, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import {
  type PortalBooking,
  type PortalCardPaymentInput,
  portalApi,
  portalCardPaymentInput,
} from '../../../shared/api/portal';
import { poundsText } from '../../../shared/money-text';
import { api } from '../../api/client';
import { openEcommpayWidget } from '../../lib/ecommpay-widget';
import { formatDate } from '../../lib/format';
import { MoneyInput, numberText, useFormSubmit } from '../../ui/form';
import { zodValidate } from '../../ui/zod-validate';
import { Facts } from '../Facts';
import { PortalCard } from '../PortalCard';
import { useReloadPortalBooking } from '../portal-api';
import { isPositive, telHref } from '../portal-format';

/** How long after ECOMMPAY reports success the booking reloads (its callback records the payment). */
const RELOAD_AFTER_PAYMENT_MS = 30_000;

interface Values {
  amount: string | number;
}

const toInput = (v: Values): PortalCardPaymentInput => ({ amount: numberText(v.amount) });

/** The next stage still owed (by due date, an undated one first), or undefined. */
const nextStage = (booking: PortalBooking) =>
  booking.money.schedule
    .filter((s) => isPositive(s.outstanding) && Number(s.outstanding) <= Number(booking.money.balance))
    .sort((a, b) => (a.due ?? '').localeCompare(b.due ?? ''))[0];

/**
 * Pay (shown while a balance is owed and the booking is not cancelled): by card when ECOMMPAY is
 * configured — an amount (the next payment due, or the balance; at most the balance, the shared
 * rule's messages at the field) → POST portal/booking/card-payment → ECOMMPAY's widget with the
 * signed parameters, the booking reloading when it closes and 30 s after a success — and by bank
 * transfer with the account details and the reference to quote. Both may show.
 */
export function PayCard({ booking }: { booking: PortalBooking }) {
  const { pay, money } = booking;
  return (
    <PortalCard title="Pay">
      <Text>
        Balance to pay: <strong>{poundsText(money.balance)}</strong>
      </Text>
      {pay.card && <CardPayment booking={booking} />}
      {pay.card && pay.bank && <Divider />}
      {pay.bank && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            Pay by bank transfer
          </Title>
          <Facts
            rows={[
              ['Account name', pay.bank.account_name],
              ['Sort code', pay.bank.sort_code],
              ['Account number', pay.bank.account_number],
              ['Reference', <strong key="ref">{pay.bank.reference}</strong>],
            ]}
          />
          <Text size="sm">
            Please quote the reference <strong>{pay.bank.reference}</strong> so we can match your payment to
            your booking.
          </Text>
        </Stack>
      )}
      {!pay.card && !pay.bank && (
        <Text>
          To pay, please call us
          {booking.operator.phone && (
            <>
              {' '}
              on <Anchor href={telHref(booking.operator.phone)}>{booking.operator.phone}</Anchor>
            </>
          )}
          .
        </Text>
      )}
    </PortalCard>
  );
}

function CardPayment({ booking }: { booking: PortalBooking }) {
  const reload = useReloadPortalBooking();
  const [widgetError, setWidgetError] = useState<string | null>(null);
  const [widgetOpen, setWidgetOpen] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const next = nextStage(booking);
  const balance = poundsText(booking.money.balance);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { amount: next?.outstanding ?? booking.money.balance },
    validate: zodValidate(portalCardPaymentInput, toInput),
  });
  const openWidget = async (params: Record<string, unknown>) => {
    setWidgetOpen(true);
    try {
      await openEcommpayWidget(params, {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: 'Thank you — your card payment is taken. Your booking will update in a moment.',
          });
          timers.current.push(setTimeout(() => void reload(), RELOAD_AFTER_PAYMENT_MS));
        },
        onClosed: () => {
          setWidgetOpen(false);
          void reload();
        },
      });
    } catch (err) {
      setWidgetOpen(false);
      setWidgetError(err instanceof Error ? err.message : String(err));
    }
  };
  const { onSubmit, saving } = useFormSubmit(
    form,
    (values: Values) => {
      setWidgetError(null);
      return api.call(portalApi.cardPayment, { body: toInput(values) });
    },
    { guardChanges: false, onSuccess: (answer) => void openWidget(answer.data) },
  );
  const busy = saving || widgetOpen;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Pay by card
        </Title>
        <MoneyInput
          label="Amount to pay"
          description={
            next?.due
              ? `The next payment, ${poundsText(next.outstanding)}, is due ${formatDate(next.due)}. You can pay up to the balance, ${balance}.`
              : `You can pay up to the balance, ${balance}.`
          }
          size="md"
          maw={320}
          hideControls
          inputMode="decimal"
          {...form.getInputProps('amount')}
        />
        {widgetError && (
          <Alert color="red" variant="light" role="alert">
            {widgetError}
          </Alert>
        )}
        <Button type="submit" size="md" disabled={busy} style={{ alignSelf: 'flex-start' }}>
          {saving ? 'Opening the payment page...' : widgetOpen ? 'Paying...' : 'Pay by card'}
        </Button>
      </Stack>
    </form>
  );
}
