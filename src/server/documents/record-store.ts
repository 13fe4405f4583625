import { sql } from 'drizzle-orm';
import type { BookingDocType } from '../../shared/documents';
import { type Db, queryRows } from '../db/client';
import type { FileStore } from '../storage/files';

/** A stored document record as the services hand it on. */
export interface StoredRecord {
  id: number;
  name: string;
  file_key: string;
  size_bytes: number;
}

/**
 * Keeps one generated PDF as a document record (spec 1 §3 Document record): the bytes go to the
 * file store under a generated key ('booking-documents/…pdf'), then a booking_document_records row
 * names them. Called inside the caller's transaction; a record is never rewritten afterwards (a new
 * generation is a new record). If the transaction rolls back the stored file is left unreferenced.
 */
export async function storeDocumentRecord(
  tx: Db,
  files: FileStore,
  r: {
    bookingId: number;
    docType: BookingDocType;
    name: string;
    createdFor: string;
    pdf: Buffer;
    userId: number | null;
  },
): Promise<StoredRecord> {
  const key = await files.save('booking-documents', r.pdf, 'pdf');
  const [row] = await queryRows<StoredRecord>(
    tx,
    sql`insert into booking_document_records (holiday_booking_id, doc_type, name, created_for, file_key, size_bytes, created_by)
        values (${r.bookingId}, ${r.docType}, ${r.name}, ${r.createdFor}, ${key}, ${r.pdf.length}, ${r.userId})
        returning id, name, file_key, size_bytes`,
  );
  return row;
}
