import { Alert, Button, Checkbox, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import {
  type BookingDetail,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  paymentSchema,
  REFUND_METHODS,
} from '../../../../shared/api/booking-edit';
import { paymentsApi } from '../../../../shared/api/payments';
import { overpaymentBy } from '../../../../shared/booking-totals';
import { api } from '../../../api/client';
import { openEcommpayWidget } from '../../../lib/ecommpay-widget';
import { formatMoney } from '../../../lib/format';
import { confirmAction } from '../../../ui/confirm';
import { useEntityForm } from '../../../ui/entity';
import { MoneyInput } from '../../../ui/form';
import { useReloadBooking } from '../booking-api';
import { paymentAmountToSend } from './booking-sections';

/** Spec 1 §4 / §9: the booking reloads 30 seconds after a card payment succeeds in the widget. */
const WIDGET_RELOAD_MS = 30_000;

interface Values {
  payment_method: PaymentMethod | null;
  transaction_id: string;
  payment_amount: string | number;
  /** The Refund switch: the amount is given back (stored negative). */
  is_refund: boolean;
  paymentCompleted: boolean;
}

const initialValues: Values = {
  payment_method: null,
  transaction_id: '',
  payment_amount: '',
  is_refund: false,
  paymentCompleted: false,
};

const refunding = (v: Pick<Values, 'payment_method' | 'is_refund'>) =>
  v.is_refund || (!!v.payment_method && REFUND_METHODS.includes(v.payment_method));

const toInput = (v: Values, bookingId: number) => ({
  holiday_booking_id: bookingId,
  // None chosen goes as '' and is refused by the schema ('Choose a payment method.').
  payment_method: (v.payment_method ?? '') as PaymentMethod,
  // Spec 1 §5: the transaction ID is hidden (so not sent) for the ecommpay method.
  transaction_id: v.payment_method === 'ecommpay' ? '' : v.transaction_id,
  payment_amount: paymentAmountToSend(v.payment_amount),
  is_refund: v.is_refund && v.payment_method !== 'ecommpay' ? true : undefined,
  paymentCompleted: v.payment_method === 'ecommpay' && v.paymentCompleted ? true : undefined,
});

/** What the screen sends back when the overpayment question is answered No: nothing was sent. */
const NOT_SENT = { notSent: true } as const;

/**
 * Record a transaction (spec 1 §2, §5 Payments, §7 POST payments; any member of staff —
 * 'payments.create'): method, transaction ID (hidden for ecommpay), amount (step 0.01, typed
 * positive: what was typed is sent as it is, so '-400' is refused at the field by the shared
 * paymentSchema). The Refund switch (any method but a card payment; ecommpay-refund is always one)
 * records money given back, stored negative, never more than has been paid. A payment beyond the
 * balance asks first ('This is £X more than the balance. Record it as an overpayment?'). For
 * ecommpay not yet taken the answer's `data` opens ECOMMPAY's card widget; the booking reloads 30 s
 * after a success or when the widget is closed. 'Payment already completed' records an ecommpay
 * payment taken elsewhere.
 */
export function RecordTransactionSection({ booking }: { booking: BookingDetail; canEdit: boolean }) {
  const reload = useReloadBooking(booking.id);
  const [widgetError, setWidgetError] = useState<string | null>(null);
  const [widgetOpen, setWidgetOpen] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const openWidget = async (params: Record<string, unknown>) => {
    try {
      setWidgetOpen(true);
      await openEcommpayWidget(params, {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: 'Card payment taken. The booking will refresh in 30 seconds.',
          });
          timers.current.push(setTimeout(() => void reload(), WIDGET_RELOAD_MS));
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

  // The Refund switch as it stands when sending (the payload only carries is_refund when it is on).
  const valuesNow = () => entity.form.getValues();
  const entity = useEntityForm({
    schema: paymentSchema,
    toValues: () => initialValues,
    toInput: (v: Values) => ({ ...toInput(v, booking.id), version: booking.version }),
    permission: 'payments.create',
    mode: 'create',
    send: async (input) => {
      setWidgetError(null);
      let allowOverpayment = false;
      if (!refunding(valuesNow())) {
        const over = overpaymentBy(booking.totals, String(input.payment_amount));
        if (over !== '0.00') {
          allowOverpayment = await confirmAction(PAYMENT_MESSAGES.overpaymentQuestion(over), {
            title: 'Overpayment',
            confirmLabel: 'Record overpayment',
          });
          if (!allowOverpayment) return NOT_SENT;
        }
      }
      return api.call(paymentsApi.create, {
        body: { ...input, allow_overpayment: allowOverpayment || undefined },
      });
    },
    onSaved: (answer, values) => {
      // Answered No to the overpayment question: the form stays as typed.
      if ('notSent' in answer) return;
      entity.form.reset();
      void reload();
      const params = answer.data;
      if (values.payment_method === 'ecommpay' && !values.paymentCompleted && !('version' in params))
        void openWidget(params);
    },
  });
  const { form, onSubmit: submit, saving } = entity;
  const mayRecord = entity.maySave;
  const method = form.values.payment_method;
  const isRefund = refunding(form.values);
  const isCard = method === 'ecommpay';

  if (!mayRecord)
    return (
      <Text size="sm" c="dimmed">
        You may not record transactions.
      </Text>
    );

  return (
    <form onSubmit={submit} noValidate aria-label="Record a transaction">
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label="Payment method"
            required
            w={210}
            placeholder="Choose a method"
            data={PAYMENT_METHODS.map((m) => ({
              value: m,
              label: m === 'ecommpay' ? `${PAYMENT_METHOD_LABELS[m]} (card)` : PAYMENT_METHOD_LABELS[m],
            }))}
            {...form.getInputProps('payment_method')}
            onChange={(v) => {
              form.setFieldValue('payment_method', v as PaymentMethod | null);
              form.setFieldValue('paymentCompleted', false);
              if (v === 'ecommpay') form.setFieldValue('is_refund', false);
              form.clearErrors();
            }}
          />
          {!isCard && (
            <TextInput
              label="Transaction ID"
              w={220}
              maxLength={100}
              {...form.getInputProps('transaction_id')}
            />
          )}
          <MoneyInput
            label={isRefund ? 'Refund amount' : 'Amount'}
            required
            w={170}
            {...form.getInputProps('payment_amount')}
          />
          <Switch
            label="Refund"
            mt={32}
            disabled={isCard || (!!method && REFUND_METHODS.includes(method))}
            checked={isRefund}
            onChange={(e) => {
              form.setFieldValue('is_refund', e.currentTarget.checked);
              form.clearFieldError('payment_amount');
            }}
          />
          <Button type="submit" mt={25} disabled={saving || widgetOpen}>
            {saving ? 'Saving...' : isRefund ? 'Record refund' : 'Record transaction'}
          </Button>
        </Group>
        {isRefund && (
          <Text size="sm" c="orange.9">
            This records a refund: enter the amount given back as a positive figure. It is stored as a
            negative payment and reduces the amount paid (at most {formatMoney(booking.totals.paid)}, what has
            been paid).
          </Text>
        )}
        {isCard && (
          <Checkbox
            label="Payment already completed"
            description="Taken in ECOMMPAY already: only record it here, without opening the card page."
            {...form.getInputProps('paymentCompleted', { type: 'checkbox' })}
          />
        )}
        {isCard && !form.values.paymentCompleted && (
          <Text size="xs" c="dimmed">
            Recording opens ECOMMPAY's card payment page for this amount.
          </Text>
        )}
        {widgetError && (
          <Alert color="red" title="Card payment page" withCloseButton onClose={() => setWidgetError(null)}>
            {widgetError}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
