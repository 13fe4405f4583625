import { z } from 'zod';
import {
  blankToUndefined,
  emailSchema,
  optionalEmail,
  optionalId,
  optionalMoney,
  optionalPostcode,
  optionalText,
  percentSchema,
  requiredText,
} from './common';

/**
 * An agent as the form sends it (spec 2 §3 Agent): company_name is stored as `name`; commission in
 * percent (0–100, 2 decimals), credit limit in pounds (≥ 0, step 0.01). Blank numbers mean 0.
 */
export const agentInput = z.object({
  name: requiredText('Company name', 200),
  abta: optionalText(50),
  email: optionalEmail,
  phone_number: optionalText(50),
  address_line_1: optionalText(255),
  address_line_2: optionalText(255),
  town_city: optionalText(100),
  county: optionalText(100),
  postcode: optionalPostcode,
  commission: z.preprocess(blankToUndefined, percentSchema('Commission').optional()),
  credit_limit: optionalMoney('Credit limit'),
});
export type AgentInput = z.input<typeof agentInput>;

/** An agent as the API answers it (never its password hash). */
export interface Agent {
  id: number;
  name: string;
  /** The spec's name for `name`. */
  company_name: string;
  abta: string | null;
  email: string | null;
  phone_number: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  town_city: string | null;
  county: string | null;
  postcode: string | null;
  commission: string;
  credit_limit: string;
  is_password_generated: boolean;
  /** True once the agent has set a password for the agent login. */
  has_password: boolean;
}

/** A row of an agent's or affiliate's bookings (current, and old ones imported from the earlier system). */
export interface PartyBookingRow {
  id: number;
  booking_ref: string | null;
  old_booking_id: number | null;
  customer_name: string | null;
  /** Booking date (ISO date-time). */
  created_at: string;
  /** Imported from the earlier system. */
  is_old: boolean;
}

/** How long an emailed password-reset link stays usable. */
export const AGENT_RESET_LINK_HOURS = 24;
export const AGENT_PASSWORD_MIN_LENGTH = 8;

/** POST agents/password/reset-link (spec 2 §7): `email`; the list also names the agent it means. */
export const agentResetLinkInput = z.object({
  email: emailSchema,
  agent_id: optionalId,
});

/** POST agents/password/reset (public): the token from the link and the new password twice. */
export const agentPasswordResetInput = z
  .object({
    token: z
      .string({ error: 'The link is not complete.' })
      .trim()
      .min(1, 'The link is not complete.')
      .max(200),
    password: z
      .string({ error: 'Enter a new password.' })
      .min(
        AGENT_PASSWORD_MIN_LENGTH,
        `The password must be at least ${AGENT_PASSWORD_MIN_LENGTH} characters.`,
      )
      .max(200, 'The password may be at most 200 characters.'),
    password_confirmation: z.string({ error: 'Type the password again.' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords do not match.',
  });
export type AgentPasswordResetInput = z.input<typeof agentPasswordResetInput>;
