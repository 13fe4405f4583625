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
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import { ApiError } from '../api/client';
import { hasUnreadableDate } from './DateField';
import { answerMessage } from './notice-mutation';
import { useUnsavedChanges } from './unsaved-changes';

/**
 * A screen's one red 'Error' notice, shown under a fixed id so it can be taken back: `show`
 * replaces the last one, `clear` hides it (the cause was fixed, or the save went through), and it
 * goes when the screen does. A failed-submit notice must never sit beside a new, different problem.
 */
export function useProblemNotice() {
  const id = `problem-${useId()}`;
  useEffect(
    () => () => {
      notifications.hide(id);
    },
    [id],
  );
  return useMemo(
    () => ({
      show: (message: string) => {
        notifications.hide(id);
        notifications.show({ id, color: 'red', title: 'Error', message });
      },
      clear: () => notifications.hide(id),
    }),
    [id],
  );
}

/**
 * Calls `onChange` whenever the user changes any value of `form` (not on the first render): the
 * kit's way of taking back a failed submit's notice once its cause may be fixed.
 */
export function useOnFormChange(
  // biome-ignore lint/suspicious/noExplicitAny: any form, whatever its rules and transform
  form: UseFormReturnType<any, any, any>,
  onChange: () => void,
) {
  const values = form.getValues();
  const last = useRef(values);
  const callback = useRef(onChange);
  callback.current = onChange;
  useEffect(() => {
    if (last.current === values) return;
    last.current = values;
    callback.current();
  }, [values]);
}

/**
 * The form kit (DESIGN.md §3): every create/edit screen uses @mantine/form plus these pieces.
 *
 * `useFormSubmit(form, send, {onSuccess})` runs `send(values)` through TanStack Query: while it
 * runs `saving` is true; a success answer's message shows as a green notice; an ApiError's field
 * errors land on the form's fields (first message each) and its message shows as the screen's red
 * problem notice (`useProblemNotice`), which goes again when the form changes, fails its own
 * checks or saves.
 *
 * Issue #22: the form's changes not saved yet are guarded (`useUnsavedChanges`: leaving the screen
 * or closing its dialog asks first) until a save goes through — the values saved (or those the
 * caller's `onSuccess` sets, e.g. a blank form again) are then the form's unchanged state; an
 * answer that saved nothing (`status: false`) keeps the guard. A form holding a typed date that
 * cannot be read (DateField) is not sent: its fields are checked and the date says why.
 */
export function useFormSubmit<Values, Answer>(
  // biome-ignore lint/suspicious/noExplicitAny: any form, whatever its rules and transform
  form: UseFormReturnType<Values, any, any>,
  send: (values: Values) => Promise<Answer>,
  {
    onSuccess,
    successMessage,
    guardChanges = true,
  }: {
    onSuccess?: (answer: Answer, values: Values) => void;
    successMessage?: string;
    /** False for a form that holds no work to lose (a report's filters): leaving it does not ask. */
    guardChanges?: boolean;
  } = {},
) {
  const problem = useProblemNotice();
  useOnFormChange(form, problem.clear);
  // True while a successful save's `onSuccess` runs: a move it makes (to the new record) is not held back.
  const saving = useRef(false);
  useUnsavedChanges({
    dirty: () => guardChanges && !saving.current && form.isDirty(),
    dirtyWithin: (root) =>
      guardChanges &&
      !saving.current &&
      Array.from(root.querySelectorAll('[data-path]')).some((el) => {
        const path = el.getAttribute('data-path');
        return !!path && form.isDirty(path);
      }),
  });
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (answer, values) => {
      problem.clear();
      const message = answerMessage(answer) ?? successMessage;
      if (message) notifications.show({ color: 'green', message });
      saving.current = true;
      try {
        onSuccess?.(answer, values);
      } finally {
        saving.current = false;
      }
      if (!savedNothing(answer)) form.resetDirty();
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        form.setErrors(err.fieldErrors);
      }
      problem.show(err.message);
    },
  });
  const submit = form.onSubmit((values) => mutation.mutate(values as Values), problem.clear);
  return {
    /** Pass to `<form onSubmit={...}>`: validates on the client first, then sends. */
    onSubmit: (event?: FormEvent<HTMLFormElement>) => {
      if (event?.currentTarget instanceof HTMLFormElement && hasUnreadableDate(event.currentTarget)) {
        event.preventDefault();
        form.validate();
        problem.clear();
        event.currentTarget.querySelector<HTMLInputElement>('[data-unreadable-date]')?.focus();
        return;
      }
      submit(event);
    },
    saving: mutation.isPending,
    mutation,
  };
}

/** An answer that saved nothing: `status: false` (spec 1 §8), also when read quietly (`statusFalse`). */
const savedNothing = (answer: unknown) =>
  !!answer &&
  typeof answer === 'object' &&
  ((answer as { status?: unknown }).status === false ||
    (answer as { statusFalse?: unknown }).statusFalse === true);

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

/** What the kit's number inputs decide for every caller, so no field can change what was typed. */
type KeptNumberProps = Omit<
  NumberInputProps,
  'allowNegative' | 'clampBehavior' | 'allowDecimal' | 'decimalScale' | 'fixedDecimalScale' | 'isAllowed'
>;

/**
 * The one number input of the kit: it keeps exactly what the user typed — a minus sign, a
 * fraction, a value above the range — and never clips on blur, so the form's schema (the shared
 * zod contract, as the server applies it) can refuse an out-of-range value with its message at the
 * field ('Credit limit must be at least 0.'). `min`/`max` only bound the arrow keys' steps.
 * Whole numbers use it too: '2.5' stays '2.5' and is refused as not whole.
 */
export function NumberField(props: KeptNumberProps) {
  return <NumberInput {...props} allowNegative allowDecimal clampBehavior="none" />;
}

/**
 * Money in pounds: £ prefix, thousands separators, step 0.01; keeps what was typed (NumberField),
 * so '-400' reads '-£400' and is refused by the schema, never saved as £400. The value is kept as
 * the form's string/number; the server parses it exactly.
 */
export function MoneyInput(props: KeptNumberProps) {
  return <NumberField prefix="£" step={0.01} thousandSeparator="," {...props} />;
}

/** A percentage (the schema allows 0–100, 2 decimals); 150 stays 150 and is refused, not clipped. */
export function PercentInput(props: KeptNumberProps) {
  return <NumberField suffix=" %" step={0.01} min={0} max={100} {...props} />;
}

/**
 * A number input's value (NumberField, MoneyInput, PercentInput) as the text the API is sent: ''
 * when blank, otherwise exactly what was typed — never through float maths.
 */
export const numberText = (v: string | number | null | undefined): string =>
  v === '' || v === null || v === undefined ? '' : String(v);
