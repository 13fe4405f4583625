import {
  Button,
  type ButtonProps,
  Group,
  NumberInput,
  type NumberInputProps,
  SimpleGrid,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';

/**
 * The form kit (DESIGN.md §3): every create/edit screen uses @mantine/form plus these pieces.
 *
 * `useFormSubmit(form, send, {onSuccess})` runs `send(values)` through TanStack Query: while it
 * runs `saving` is true; a success answer's message shows as a green notice; an ApiError's field
 * errors land on the form's fields (first message each) and its message shows as a red notice.
 */
export function useFormSubmit<Values, Answer>(
  // biome-ignore lint/suspicious/noExplicitAny: any form, whatever its rules and transform
  form: UseFormReturnType<Values, any, any>,
  send: (values: Values) => Promise<Answer>,
  {
    onSuccess,
    successMessage,
  }: { onSuccess?: (answer: Answer, values: Values) => void; successMessage?: string } = {},
) {
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (answer, values) => {
      const message =
        (answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string'
          ? answer.message
          : undefined) ?? successMessage;
      if (message) notifications.show({ color: 'green', message });
      onSuccess?.(answer, values);
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        form.setErrors(err.fieldErrors);
      }
      notifications.show({ color: 'red', title: 'Error', message: err.message });
    },
  });
  return {
    /** Pass to `<form onSubmit={...}>`: validates on the client first, then sends. */
    onSubmit: form.onSubmit((values) => mutation.mutate(values as Values)),
    saving: mutation.isPending,
    mutation,
  };
}

/**
 * The submit button of a create or edit form: 'Creating...' / 'Updating...' and disabled while
 * saving (spec 2 §4, spec 3 §4). `busyLabel` overrides the text shown while busy.
 */
export function SaveButton({
  mode,
  saving,
  children,
  busyLabel,
  ...props
}: {
  mode: 'create' | 'update';
  saving: boolean;
  children: ReactNode;
  busyLabel?: string;
} & Omit<ButtonProps, 'children' | 'loading'>) {
  return (
    <Button type="submit" disabled={saving} {...props}>
      {saving ? (busyLabel ?? (mode === 'create' ? 'Creating...' : 'Updating...')) : children}
    </Button>
  );
}

/** Form fields in a responsive grid: one column on phones, `cols` from small screens up. */
export function FieldGrid({ children, cols = 2 }: { children: ReactNode; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }} spacing="md" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

/** The row of buttons under a form. */
export function FormActions({ children }: { children: ReactNode }) {
  return (
    <Group justify="flex-end" mt="lg" gap="sm">
      {children}
    </Group>
  );
}

/**
 * Money in pounds: £ prefix, two decimals, step 0.01, minimum 0 unless given (spec: money step
 * 0.01). The value is kept as the form's string/number; the server parses it exactly.
 */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      prefix="£"
      decimalScale={2}
      fixedDecimalScale
      step={0.01}
      min={0}
      thousandSeparator=","
      allowNegative={false}
      {...props}
    />
  );
}

/** A percentage 0–100 with up to 2 decimals. */
export function PercentInput(props: NumberInputProps) {
  return (
    <NumberInput
      suffix=" %"
      decimalScale={2}
      step={0.01}
      min={0}
      max={100}
      allowNegative={false}
      {...props}
    />
  );
}
