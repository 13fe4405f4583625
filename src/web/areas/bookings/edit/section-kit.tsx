import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../../../api/client';

/**
 * Small pieces shared by the booking edit screen's lower sections (passengers … history).
 */

/** The text of an empty list. */
export function SectionEmpty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" py="xs">
      {children}
    </Text>
  );
}

/** A small heading inside a section card (the card carries the section's title). */
export function SubHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" mb="xs" gap="sm" wrap="wrap">
      <Text fw={600} size="sm">
        {children}
      </Text>
      {actions}
    </Group>
  );
}

/** A 200 answer carrying `status: false` (the client throws it as an ApiError). */
export function isStatusFalse(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    err.status >= 200 &&
    err.status < 300 &&
    !!err.body &&
    typeof err.body === 'object' &&
    (err.body as { status?: unknown }).status === false
  );
}

/** What a quiet call answers when the server said `status: false`. */
export interface StatusFalse {
  statusFalse: true;
  fieldErrors: Record<string, string>;
}

export const wasStatusFalse = (a: unknown): a is StatusFalse =>
  !!a && typeof a === 'object' && (a as { statusFalse?: unknown }).statusFalse === true;

/**
 * Spec 1 §8 'Passenger actions and special request show nothing when status is false': such an
 * answer resolves to `{statusFalse: true}` (no message, so no notice) instead of throwing; HTTP
 * failures (422, 409, …) still throw and show their message.
 */
export async function quietWhenStatusFalse<T>(call: Promise<T>): Promise<T | StatusFalse> {
  try {
    return await call;
  } catch (err) {
    if (isStatusFalse(err)) return { statusFalse: true, fieldErrors: err.fieldErrors };
    throw err;
  }
}
