import { sql } from 'drizzle-orm';
import type { HistoryRow } from '../../../shared/api/booking-files';
import { type Db, queryRows } from '../../db/client';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { notFound } from '../../http/errors';
import { actorNameSql } from '../../lib/audit';
import { FILE_NOT_FOUND } from './additional-documents';

/**
 * A booking's history (spec 1 §3 'History entry', §7 POST {bookingId}/get-booking-history and
 * download-booking-history-document, §9 'page size 15 (options 15, 25, 50, 100, 500)'). Entries are
 * written by the ledger (ledger.ts writeHistory) in the transaction of each change.
 */

/** Who made an entry: the user's name, or 'Customer' for what a customer did on their side (issue #23). */
const userName = actorNameSql(sql`u.name`, sql`h.actor`);

/** Spec 1 §9: the history table opens with 15 rows. */
export const HISTORY_PAGE_LENGTH = 15;

/**
 * The history of booking `bookingId` in the DataTables protocol: newest first by default (then id),
 * 15 rows a page (length up to 500), sortable on created_at, type, action, comment and user (name),
 * quick search over type, action, comment and the user's name. `user` is `{name}` of the member of
 * staff, `{name: 'Customer'}` for an entry the customer's side wrote (`actor` 'customer', no user),
 * null for the system's. 404 for an unknown booking.
 */
export async function historyTable(db: Db, bookingId: number, req: DataTablesRequest) {
  const [b] = await queryRows<{ id: number }>(db, sql`select id from bookings where id = ${bookingId}`);
  if (!b) throw notFound('Booking not found.');
  return runSimpleTable<Record<string, unknown> & HistoryRow>(db, req, {
    from: sql`booking_history h left join users u on u.id = h.user_id`,
    select: sql`h.id, to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
                case when ${userName} is null then null else json_build_object('name', ${userName}) end as "user",
                h.type, h.action, h.comment, h.is_multiple,
                coalesce((select json_agg(json_build_object('id', d.id, 'file_name', d.file_name,
                                                            'friendly_name', d.friendly_name) order by d.id)
                          from booking_history_documents d where d.history_id = h.id), '[]'::json)
                  as multiple_documents_attached,
                h.document_name`,
    sortable: {
      created_at: sql`h.created_at`,
      type: sql`h.type`,
      action: sql`h.action`,
      comment: sql`h.comment`,
      user: userName,
      'user.name': userName,
    },
    defaultOrder: { column: 'created_at', dir: 'desc' },
    defaultLength: HISTORY_PAGE_LENGTH,
    tieBreaker: sql`h.id`,
    searchable: [sql`h.type`, sql`h.action`, sql`h.comment`, userName],
    where: [sql`h.holiday_booking_id = ${bookingId}`],
  });
}

/**
 * The file a history entry names (POST download-booking-history-document, spec 1 §3
 * multiple_documents_attached). An entry with attachments (an email's documents,
 * booking_history_documents) answers the one whose id is `document_id` — which must belong to entry
 * `id` —, else the one named `document_name` (its file name) or `friendly_name`, else its only one.
 * Other entries name an additional document: the document of the entry's booking whose name is the
 * entry's document_name (and, when `document_id` is given, with that id); the newest wins when names
 * repeat. 404 'File not found' when the entry or the file is not there.
 */
export async function historyDocument(
  db: Db,
  input: { id: number; document_id?: number; document_name?: string; friendly_name?: string },
): Promise<{ name: string; file_key: string; mime_type: string }> {
  const [entry] = await queryRows<{ holiday_booking_id: number; document_name: string | null }>(
    db,
    sql`select holiday_booking_id, document_name from booking_history where id = ${input.id}`,
  );
  if (!entry) throw notFound(FILE_NOT_FOUND);
  const attached = await queryRows<{
    id: number;
    name: string;
    friendly_name: string;
    file_key: string;
    mime_type: string;
  }>(
    db,
    sql`select id, file_name as name, friendly_name, file_key, content_type as mime_type
        from booking_history_documents where history_id = ${input.id} order by id`,
  );
  if (attached.length > 0) {
    const pick =
      input.document_id !== undefined
        ? attached.find((d) => d.id === input.document_id)
        : (attached.find((d) => d.name === input.document_name) ??
          attached.find((d) => d.friendly_name === input.friendly_name) ??
          (attached.length === 1 ? attached[0] : undefined));
    if (!pick) throw notFound(FILE_NOT_FOUND);
    return { name: pick.name, file_key: pick.file_key, mime_type: pick.mime_type };
  }
  if (!entry.document_name) throw notFound(FILE_NOT_FOUND);
  const byId = input.document_id !== undefined ? sql`and d.id = ${input.document_id}` : sql``;
  const [doc] = await queryRows<{ name: string; file_key: string; mime_type: string }>(
    db,
    sql`select d.name, d.file_key, d.mime_type from booking_additional_documents d
        where d.holiday_booking_id = ${entry.holiday_booking_id} and d.name = ${entry.document_name} ${byId}
        order by d.id desc limit 1`,
  );
  if (!doc) throw notFound(FILE_NOT_FOUND);
  return doc;
}
