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
import { createdAnswer, endpoint, messageAnswer, moneyAnswer, timestampAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

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

/**
 * The form sends the agent's fields flat (`{agent: {...}}` is accepted too); the spec's
 * `company_name` is taken as `name` when `name` is not given.
 */
const agentBody = z.preprocess((b) => {
  const body = b && typeof b === 'object' && 'agent' in b && typeof b.agent === 'object' ? b.agent : b;
  if (body && typeof body === 'object' && !('name' in body) && 'company_name' in body) {
    return { ...body, name: (body as { company_name: unknown }).company_name };
  }
  return body;
}, agentInput);

/** An agent as the API answers it (never its password hash: only whether it has one). */
export const agentAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The spec's name for `name`. */
  company_name: z.string(),
  abta: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  town_city: z.string().nullable(),
  county: z.string().nullable(),
  postcode: z.string().nullable(),
  /** Percent, decimal text ('12.50'). */
  commission: moneyAnswer,
  /** Pounds, decimal text. */
  credit_limit: moneyAnswer,
  is_password_generated: z.boolean(),
  /** True once the agent has set a password for the agent login. */
  has_password: z.boolean(),
});
/** The wire side (what the client receives; the server may hand the codecs Dates and numbers). */
export type Agent = z.input<typeof agentAnswer>;

/** A row of the agents table (also the bookings screens' agent picker). */
export const agentRow = z.object({
  id: z.number().int(),
  abta: z.string().nullable(),
  name: z.string(),
  postcode: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  town_city: z.string().nullable(),
  commission: moneyAnswer,
  created_at: timestampAnswer,
});
export type AgentRow = z.input<typeof agentRow>;

/** A row of an agent's or affiliate's bookings (current, and old ones imported from the earlier system). */
export const partyBookingRow = z.object({
  id: z.number().int(),
  booking_ref: z.string().nullable(),
  old_booking_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  /** Booking date (ISO date-time). */
  created_at: timestampAnswer,
  /** Imported from the earlier system. */
  is_old: z.boolean(),
});
export type PartyBookingRow = z.input<typeof partyBookingRow>;

/** How long an emailed password-reset link stays usable. */
export const AGENT_RESET_LINK_HOURS = 24;

/** POST agents/password/reset-link (spec 2 §7): `email`; the list also names the agent it means. */
export const agentResetLinkInput = z.object({
  email: emailSchema,
  agent_id: optionalId,
});

/**
 * Agents (spec 2 §2 Agents, §7 'Agents'). Create, update and delete are role 1 only (spec 2 §6);
 * any member of staff may send an agent a password-reset link. Setting the password from the
 * emailed link is public (the agent has no staff token): `agentPasswordApi` (agent-password.ts).
 */
export const agentsApi = {
  table: endpoint({
    method: 'GET',
    path: '/agents/table',
    summary: 'Agents, DataTables protocol; quick search on name, ABTA number, postcode, email.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(agentRow),
  }),
  get: endpoint({
    method: 'GET',
    path: '/agents/:id',
    summary: 'One agent: data (no password).',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: agentAnswer }),
  }),
  bookings: endpoint({
    method: 'GET',
    path: '/agents/:id/bookings',
    summary: "The agent's bookings, current plus old (spec 2 §2 agent edit), DataTables protocol.",
    params: idParams,
    query: dataTablesRequestSchema,
    answer: tableAnswer(partyBookingRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/agents',
    summary: 'Create an agent; answers data.id.',
    permission: 'agents.create',
    body: agentBody,
    answer: createdAnswer,
  }),
  update: endpoint({
    method: 'POST',
    path: '/agents/:id',
    summary: 'Update an agent.',
    permission: 'agents.update',
    params: idParams,
    body: agentBody,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/agents/:id/delete',
    summary: 'Delete an agent (refused while bookings point at it).',
    permission: 'agents.delete',
    params: idParams,
    answer: messageAnswer,
  }),
  sendResetLink: endpoint({
    method: 'POST',
    path: '/agents/password/reset-link',
    summary: 'Email the agent a single-use link (24 h) to set the password of the agent login.',
    permission: 'agents.sendResetLink',
    body: agentResetLinkInput,
    answer: messageAnswer,
  }),
};
