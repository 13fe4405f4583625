import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { AGENT_MESSAGES } from '../../../shared/api/agent-side';
import type { portalPassengerInput } from '../../../shared/api/portal';
import { londonToday } from '../../../shared/dates';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { sendStoredFile } from '../../http/uploads';
import type { Outbox } from '../../mail/outbox';
import type { FileStore } from '../../storage/files';
import type { AgentCaller } from '../../users/agent';
import { type AtolDeps, DocumentRefused, issueBookingDocument } from '../bookings';
import { acceptAsCustomer, issuedDocuments, updatePassengerAsCustomer } from '../portal';
import { assertAgencyBooking } from './bookings';

/**
 * What an agency does on one of its bookings (issue #25), each after `assertAgencyBooking` (404 for
 * any booking not the agency's): the customer's side's own functions (portal area), acting as the
 * agent — history and audit rows with actor 'agent' (shown as 'Agent') naming the agency, and an
 * update for staff.
 */

const asAgent = (caller: AgentCaller) => ({ actor: 'agent' as const, name: caller.agentName });

/**
 * POST agent/bookings/{id}/accept: accepts the waiting changes on the client's behalf
 * (changes_accepted_from 'agent'). 422 AGENT_MESSAGES.nothingToAccept when none wait.
 */
export async function acceptForClient(db: Db, deps: AtolDeps, caller: AgentCaller, bookingId: number) {
  await assertAgencyBooking(db, caller.agentId, bookingId);
  const accepted = await inTransaction(db, (tx) => acceptAsCustomer(tx, bookingId, 'agent', asAgent(caller)));
  if (!accepted) throw validationError({}, AGENT_MESSAGES.nothingToAccept);
  deps.outbox.kick();
  const [row] = await queryRows<{ accepted_at: string }>(
    db,
    sql`select to_char(changes_accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as accepted_at
        from bookings where id = ${bookingId}`,
  );
  return { success: true as const, message: AGENT_MESSAGES.accepted, accepted_at: row.accepted_at };
}

/**
 * PUT agent/bookings/{id}/passengers/{passengerId}: completes a passenger's details as the customer
 * may (the same rules and cut-off: portal_details_days_before_departure), as the agent. 404 for a
 * passenger not on the booking; 422 once cancelled or past the cut-off.
 */
export async function updatePassengerForClient(
  db: Db,
  deps: AtolDeps,
  caller: AgentCaller,
  bookingId: number,
  passengerId: number,
  v: z.output<typeof portalPassengerInput>,
) {
  await assertAgencyBooking(db, caller.agentId, bookingId);
  await updatePassengerAsCustomer(db, deps, { bookingId }, passengerId, v, londonToday(), asAgent(caller));
}

/**
 * GET agent/bookings/{id}/documents/{documentId}: the stored bytes of a document issued to the
 * customer or the agency on this booking; 404 for any other record.
 */
export async function sendIssuedDocument(
  db: Db,
  files: FileStore,
  reply: FastifyReply,
  caller: AgentCaller,
  bookingId: number,
  documentId: number,
) {
  await assertAgencyBooking(db, caller.agentId, bookingId);
  const [record] = await issuedDocuments(db, bookingId, documentId, 'agent');
  if (!record) throw notFound('File not found');
  return sendStoredFile(reply, files, record.file_key, record.name);
}

/**
 * GET agent/bookings/{id}/agent-invoice: the Agent invoice as the booking stands now, rendered on
 * the letterhead and kept as a document record issued to the agency (created_for 'agent'), answered
 * as its PDF. 422 with the document's own refusal (e.g. no tour lines).
 */
export async function agentInvoicePdf(
  db: Db,
  deps: { files: FileStore; outbox: Outbox },
  reply: FastifyReply,
  caller: AgentCaller,
  bookingId: number,
) {
  await assertAgencyBooking(db, caller.agentId, bookingId);
  let issued: Awaited<ReturnType<typeof issueBookingDocument>>;
  try {
    issued = await inTransaction(db, (tx) =>
      issueBookingDocument(tx, deps.files, {
        bookingId,
        docType: 'agent-invoice',
        createdFor: 'agent',
        userId: null,
      }),
    );
  } catch (e) {
    if (e instanceof DocumentRefused) throw validationError({ doc: [e.message] }, e.message);
    throw e;
  }
  deps.outbox.kick();
  return sendStoredFile(reply, deps.files, issued.record.file_key, issued.record.name);
}
