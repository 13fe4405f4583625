import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACCOMMODATION_IN_USE_MESSAGE,
  type Accommodation,
  type AccommodationListItem,
  type AccommodationRoom,
  type AccommodationRow,
  type accommodationInput,
  type GalleryImage,
  type RoomDetails,
  type roomInput,
} from '../../../shared/api/accommodation';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { accommodation_gallery_images, accommodation_rooms, accommodations } from '../../db/schema';
import { type DataTablesRequest, likeEscape, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse } from '../../http/db-errors';
import { conflict, notFound, validationError } from '../../http/errors';

type AccommodationValues = z.output<typeof accommodationInput>;
type RoomValues = z.output<typeof roomInput>;

/** Accommodation table (spec 3 §2): name, resort, supplier; quick search on all three; All offered. */
export function accommodationTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<AccommodationRow>(db, req, {
    from: sql`accommodations a left join resorts r on r.id = a.resort_id left join suppliers s on s.id = a.supplier_id`,
    select: sql`a.id, a.accommodation_name, r.resort_name, s.supplier_name, a.star_rating`,
    sortable: {
      id: sql`a.id`,
      accommodation_name: sql`a.accommodation_name`,
      resort_name: sql`r.resort_name`,
      supplier_name: sql`s.supplier_name`,
    },
    defaultOrder: { column: 'accommodation_name', dir: 'asc' },
    defaultLength: 25,
    allowAll: true,
    tieBreaker: sql`a.id`,
    searchable: [sql`a.accommodation_name`, sql`r.resort_name`, sql`s.supplier_name`],
  });
}

const roomColumns = sql`id, accommodation_id, name, board_basis, occupancy, is_special`;

/**
 * GET accommodation: every accommodation by name with its rooms (the pickers of the tour screens);
 * `filterByName` keeps those whose name contains it (case-insensitive).
 */
export async function listAccommodation(db: Db, filterByName?: string): Promise<AccommodationListItem[]> {
  const filter = filterByName?.trim()
    ? sql`where a.accommodation_name ilike ${`%${likeEscape(filterByName.trim())}%`}`
    : sql``;
  return queryRows<AccommodationListItem>(
    db,
    sql`select a.id, a.accommodation_name, r.resort_name,
          coalesce((select json_agg(json_build_object('id', ar.id, 'accommodation_id', ar.accommodation_id,
                      'name', ar.name, 'board_basis', ar.board_basis, 'occupancy', ar.occupancy,
                      'is_special', ar.is_special) order by ar.name, ar.id)
                    from accommodation_rooms ar where ar.accommodation_id = a.id), '[]'::json) as accommodation_rooms
        from accommodations a left join resorts r on r.id = a.resort_id
        ${filter}
        order by lower(a.accommodation_name), a.id`,
  );
}

/** GET accommodation/supplier-and-resorts: the two lists the details form chooses from. */
export async function suppliersAndResorts(db: Db) {
  const [suppliers, resorts] = await Promise.all([
    queryRows<{ id: number; supplier_name: string }>(
      db,
      sql`select id, supplier_name from suppliers order by lower(supplier_name), id`,
    ),
    queryRows<{ id: number; resort_name: string }>(
      db,
      sql`select id, resort_name from resorts order by lower(resort_name), id`,
    ),
  ]);
  return { suppliers, resorts };
}

/** One accommodation with its gallery, rooms and the tours that use it; 404 when there is none. */
export async function getAccommodation(db: Db, id: number): Promise<Accommodation> {
  const [row] = await queryRows<
    Omit<Accommodation, 'gallery_image_link' | 'accommodation_rooms' | 'tour_accommodation'>
  >(
    db,
    sql`select a.id, a.accommodation_name, a.phone_number, a.address, a.resort_id, r.resort_name,
               a.supplier_id, s.supplier_name, a.star_rating, a.short_description
        from accommodations a left join resorts r on r.id = a.resort_id
        left join suppliers s on s.id = a.supplier_id where a.id = ${id}`,
  );
  if (!row) throw notFound('Accommodation not found.');
  const [gallery, rooms, tours] = await Promise.all([
    queryRows<GalleryImage>(
      db,
      sql`select id, link from accommodation_gallery_images where accommodation_id = ${id} order by id`,
    ),
    listRooms(db, id),
    queryRows<Accommodation['tour_accommodation'][number]>(
      db,
      sql`select ta.id, ta.tour_id, t.name as tour_name, t.tour_type, t.reference, ta.tour_group_id,
                 g.start_date as group_start_date
          from tour_accommodations ta join tours t on t.id = ta.tour_id
          left join tour_groups g on g.id = ta.tour_group_id
          where ta.accommodation_id = ${id}
          order by lower(t.name), g.start_date nulls first, ta.id`,
    ),
  ]);
  return { ...row, gallery_image_link: gallery, accommodation_rooms: rooms, tour_accommodation: tours };
}

const values = (v: AccommodationValues) => ({
  accommodation_name: v.accommodation_name,
  phone_number: v.phone_number ?? null,
  address: v.address ?? null,
  resort_id: v.resort_id ?? null,
  supplier_id: v.supplier_id ?? null,
  star_rating: v.star_rating ?? null,
  short_description: v.short_description ?? null,
});

/** A resort or supplier id that does not exist answers 422 on that field (not a 500). */
async function checkReferences(db: Db, v: AccommodationValues) {
  const errors: Record<string, string[]> = {};
  const [found] = await queryRows<{ resort: boolean; supplier: boolean }>(
    db,
    sql`select ${v.resort_id == null} or exists (select 1 from resorts where id = ${v.resort_id ?? 0}) as resort,
               ${v.supplier_id == null} or exists (select 1 from suppliers where id = ${v.supplier_id ?? 0}) as supplier`,
  );
  if (!found.resort) errors.resort_id = ['Choose a resort from the list.'];
  if (!found.supplier) errors.supplier_id = ['Choose a supplier from the list.'];
  if (Object.keys(errors).length) throw validationError(errors);
}

export async function createAccommodation(db: Db, v: AccommodationValues): Promise<number> {
  await checkReferences(db, v);
  const [row] = await db.insert(accommodations).values(values(v)).returning({ id: accommodations.id });
  return row.id;
}

export async function updateAccommodation(db: Db, id: number, v: AccommodationValues): Promise<void> {
  await checkReferences(db, v);
  const rows = await db
    .update(accommodations)
    .set({ ...values(v), updated_at: sql`now()` })
    .where(eq(accommodations.id, id))
    .returning({ id: accommodations.id });
  if (rows.length === 0) throw notFound('Accommodation not found.');
}

/**
 * Deletes an accommodation with its rooms (their availability, prices and discounts go with them)
 * and gallery, in one transaction. Refused (409) while a tour or group uses it.
 */
export async function deleteAccommodation(db: Db, id: number): Promise<void> {
  await refuseIfInUse(
    () =>
      inTransaction(db, async (tx) => {
        const [row] = await queryRows<{ id: number; used: boolean }>(
          tx,
          sql`select id, exists (select 1 from tour_accommodations where accommodation_id = ${id}) as used
              from accommodations where id = ${id} for update`,
        );
        if (!row) throw notFound('Accommodation not found.');
        if (row.used) throw conflict(ACCOMMODATION_IN_USE_MESSAGE);
        await tx.delete(accommodation_rooms).where(eq(accommodation_rooms.accommodation_id, id));
        await tx.delete(accommodations).where(eq(accommodations.id, id));
      }),
    ACCOMMODATION_IN_USE_MESSAGE,
  );
}

/** Adds gallery links to an accommodation (POST accommodation/handle-gallery); answers the gallery. */
export async function addGalleryLinks(
  db: Db,
  accommodationId: number,
  links: string[],
): Promise<GalleryImage[]> {
  await assertAccommodation(db, accommodationId);
  await db
    .insert(accommodation_gallery_images)
    .values(links.map((link) => ({ accommodation_id: accommodationId, link })));
  return gallery(db, accommodationId);
}

/** Removes one gallery link of that accommodation (POST accommodation/delete-gallery-image). */
export async function deleteGalleryImage(
  db: Db,
  accommodationId: number,
  imageId: number,
): Promise<GalleryImage[]> {
  const rows = await db
    .delete(accommodation_gallery_images)
    .where(
      and(
        eq(accommodation_gallery_images.id, imageId),
        eq(accommodation_gallery_images.accommodation_id, accommodationId),
      ),
    )
    .returning({ id: accommodation_gallery_images.id });
  if (rows.length === 0) throw notFound('Gallery image not found.');
  return gallery(db, accommodationId);
}

function gallery(db: Db, accommodationId: number) {
  return queryRows<GalleryImage>(
    db,
    sql`select id, link from accommodation_gallery_images where accommodation_id = ${accommodationId} order by id`,
  );
}

async function assertAccommodation(db: Db, id: number) {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from accommodations where id = ${id}`);
  if (!row) throw notFound('Accommodation not found.');
}

/** The rooms of an accommodation by name (GET accommodation/rooms/{id}). */
export function listRooms(db: Db, accommodationId: number): Promise<AccommodationRoom[]> {
  return queryRows<AccommodationRoom>(
    db,
    sql`select ${roomColumns} from accommodation_rooms where accommodation_id = ${accommodationId} order by lower(name), id`,
  );
}

/** One room with its accommodation's name (GET accommodation/room/{id}); 404 when there is none. */
export async function getRoom(db: Db, id: number): Promise<RoomDetails> {
  const [row] = await queryRows<RoomDetails>(
    db,
    sql`select ar.id, ar.accommodation_id, ar.name, ar.board_basis, ar.occupancy, ar.is_special, a.accommodation_name
        from accommodation_rooms ar join accommodations a on a.id = ar.accommodation_id where ar.id = ${id}`,
  );
  if (!row) throw notFound('Room not found.');
  return row;
}

/** Adds a room to an accommodation (Rooms tab 'add room'); answers the new room's id. */
export async function createRoom(db: Db, accommodationId: number, v: RoomValues): Promise<number> {
  await assertAccommodation(db, accommodationId);
  const [row] = await db
    .insert(accommodation_rooms)
    .values({ accommodation_id: accommodationId, ...v })
    .returning({ id: accommodation_rooms.id });
  return row.id;
}

/** Saves a room's fields (the room form, per field or whole). */
export async function updateRoom(db: Db, id: number, v: RoomValues): Promise<void> {
  const rows = await db
    .update(accommodation_rooms)
    .set({ ...v, updated_at: sql`now()` })
    .where(eq(accommodation_rooms.id, id))
    .returning({ id: accommodation_rooms.id });
  if (rows.length === 0) throw notFound('Room not found.');
}
