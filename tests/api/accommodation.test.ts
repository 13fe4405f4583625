import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOMMODATION_IN_USE_MESSAGE, GALLERY_EMPTY_MESSAGE } from '../../src/shared/api/accommodation';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

// Accommodation and rooms (spec 3 §2 'Accommodation and rooms', §5 Room form and Gallery, §7).
describe.each(testDbKinds)('accommodation on %s', (kind) => {
  let t: TestContext;
  let resortId: number;
  let supplierId: number;
  beforeAll(async () => {
    t = await createTestContext(kind);
    const r = await t.db.execute(
      `insert into resorts (resort_name, location) values ('Sorrento', 'Bay of Naples') returning id`,
    );
    resortId = (r as unknown as { rows: { id: number }[] }).rows[0].id;
    const s = await t.db.execute(
      `insert into suppliers (supplier_name) values ('Amalfi Hotels Ltd') returning id`,
    );
    supplierId = (s as unknown as { rows: { id: number }[] }).rows[0].id;
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  const create = async (name: string, extra: object = {}) => {
    const res = await call('POST', '/accommodation', t.adminToken, {
      accommodation: {
        accommodation_name: name,
        resort_id: resortId,
        supplier_id: supplierId,
        star_rating: 4,
        ...extra,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as number;
  };

  it('creates, reads, lists, searches, updates and deletes accommodation', async () => {
    const created = await call('POST', '/accommodation', t.adminToken, {
      accommodation: {
        accommodation_name: 'Grand Hotel Excelsior Vittoria',
        phone_number: '+39 081 877 7111',
        address: 'Piazza Tasso 34, Sorrento',
        resort_id: resortId,
        supplier_id: supplierId,
        star_rating: '5',
        short_description: 'Clifftop hotel over the bay.',
      },
    });
    expect(created.json()).toMatchObject({ success: true, message: 'Accommodation created successfully.' });
    const id = created.json().data.id;

    const one = await call('GET', `/accommodation/${id}`, t.accountantToken);
    expect(one.json().data[0]).toMatchObject({
      id,
      accommodation_name: 'Grand Hotel Excelsior Vittoria',
      resort_name: 'Sorrento',
      supplier_name: 'Amalfi Hotels Ltd',
      star_rating: 5,
      gallery_image_link: [],
      accommodation_rooms: [],
      tour_accommodation: [],
    });

    await create('Hotel Bristol');
    const table = await call('GET', '/accommodation/table?draw=2&search[value]=vittoria', t.accountantToken);
    expect(table.json()).toMatchObject({ draw: 2, recordsTotal: 2, recordsFiltered: 1 });
    expect(table.json().data[0]).toMatchObject({
      accommodation_name: 'Grand Hotel Excelsior Vittoria',
      resort_name: 'Sorrento',
      supplier_name: 'Amalfi Hotels Ltd',
    });
    const bySupplier = await call(
      'GET',
      '/accommodation/table?search[value]=amalfi&length=-1',
      t.accountantToken,
    );
    expect(bySupplier.json().recordsFiltered).toBe(2);

    const list = await call('GET', '/accommodation?filter_by_name=bristol', t.accountantToken);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({
      accommodation_name: 'Hotel Bristol',
      accommodation_rooms: [],
    });

    const lists = await call('GET', '/accommodation/supplier-and-resorts', t.accountantToken);
    expect(lists.json().data.suppliers).toEqual([{ id: supplierId, supplier_name: 'Amalfi Hotels Ltd' }]);
    expect(lists.json().data.resorts).toEqual([{ id: resortId, resort_name: 'Sorrento' }]);

    const updated = await call('POST', `/accommodation/${id}`, t.adminToken, {
      accommodation_name: 'Excelsior Vittoria',
      resort_id: '',
      supplier_id: null,
      star_rating: '',
    });
    expect(updated.json()).toMatchObject({ success: true, message: 'Accommodation updated successfully.' });
    expect((await call('GET', `/accommodation/${id}`, t.adminToken)).json().data[0]).toMatchObject({
      accommodation_name: 'Excelsior Vittoria',
      resort_id: null,
      supplier_id: null,
      star_rating: null,
      phone_number: null,
    });

    // A room and its availability go with the accommodation.
    const room = await call('POST', `/accommodation/rooms/${id}`, t.adminToken, {
      name: 'Double',
      board_basis: 'Half Board',
      occupancy: 2,
    });
    await call('POST', `/accommodation/room/availability/${room.json().data.id}`, t.adminToken, {
      start_date: '2027-05-01',
      end_date: '2027-05-03',
      type: 'updateExisting',
      availability: 4,
    });
    const deleted = await call('POST', `/accommodation/${id}/delete`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Accommodation deleted successfully.' });
    expect((await call('GET', `/accommodation/${id}`, t.adminToken)).statusCode).toBe(404);
    expect((await call('POST', `/accommodation/${id}/delete`, t.adminToken)).statusCode).toBe(404);
  });

  it('adds, lists, reads and updates rooms', async () => {
    const id = await create('Hotel Continental');
    const added = await call('POST', `/accommodation/rooms/${id}`, t.adminToken, {
      name: 'Twin Sea View',
      board_basis: 'Bed & Breakfast',
      occupancy: '2',
      is_special: true,
    });
    expect(added.json()).toMatchObject({ success: true, message: 'Room added successfully.' });
    const roomId = added.json().data.id;
    const rooms = await call('GET', `/accommodation/rooms/${id}`, t.accountantToken);
    expect(rooms.json().data).toEqual([
      {
        id: roomId,
        accommodation_id: id,
        name: 'Twin Sea View',
        board_basis: 'Bed & Breakfast',
        occupancy: 2,
        is_special: true,
      },
    ]);
    const one = await call('GET', `/accommodation/room/${roomId}`, t.accountantToken);
    expect(one.json().data[0]).toMatchObject({ id: roomId, accommodation_name: 'Hotel Continental' });

    const put = await call('PUT', `/accommodation/rooms/${roomId}`, t.adminToken, {
      room: { name: 'Twin Sea View', board_basis: 'Half Board', occupancy: 3, is_special: false },
    });
    expect(put.json()).toMatchObject({ success: true });
    expect((await call('GET', `/accommodation/room/${roomId}`, t.adminToken)).json().data[0]).toMatchObject({
      board_basis: 'Half Board',
      occupancy: 3,
      is_special: false,
    });
    expect(
      (await call('GET', `/accommodation/${id}`, t.adminToken)).json().data[0].accommodation_rooms,
    ).toHaveLength(1);
    expect((await call('GET', '/accommodation/room/999999', t.adminToken)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', '/accommodation/rooms/999999', t.adminToken, {
          name: 'X',
          board_basis: 'RO',
          occupancy: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', '/accommodation/rooms/999999', t.adminToken, {
          name: 'X',
          board_basis: 'RO',
          occupancy: 1,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps gallery links: adds, shows, removes; refuses an empty list', async () => {
    const id = await create('Hotel Gallery');
    const empty = await call('POST', '/accommodation/handle-gallery', t.adminToken, {
      accommodation_id: id,
      image_links: ['', '  '],
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.image_links).toEqual([GALLERY_EMPTY_MESSAGE]);
    const bad = await call('POST', '/accommodation/handle-gallery', t.adminToken, {
      accommodation_id: id,
      image_links: ['ftp://x'],
    });
    expect(bad.statusCode).toBe(422);

    const added = await call('POST', '/accommodation/handle-gallery', t.adminToken, {
      accommodation_id: id,
      image_links: ['https://images.example.com/pool.jpg', '', 'https://images.example.com/terrace.jpg'],
    });
    expect(added.json().success).toBe(true);
    expect(added.json().data.map((g: { link: string }) => g.link)).toEqual([
      'https://images.example.com/pool.jpg',
      'https://images.example.com/terrace.jpg',
    ]);
    const gallery = (await call('GET', `/accommodation/${id}`, t.accountantToken)).json().data[0]
      .gallery_image_link;
    expect(gallery).toHaveLength(2);

    const removed = await call('POST', '/accommodation/delete-gallery-image', t.adminToken, {
      accommodation_id: id,
      image_links_id: gallery[0].id,
    });
    expect(removed.json().data).toEqual([gallery[1]]);
    expect(
      (
        await call('POST', '/accommodation/delete-gallery-image', t.adminToken, {
          accommodation_id: id,
          image_links_id: gallery[0].id,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists the tours that use it and refuses to delete it then', async () => {
    const id = await create('Hotel Touring');
    await call('POST', `/accommodation/rooms/${id}`, t.adminToken, {
      name: 'Double',
      board_basis: 'Half Board',
      occupancy: 2,
    });
    await t.db.execute(
      `with tour as (insert into tours (name, reference, tour_type, duration) values ('Lakes and Mountains', 'LAM26', 'coach', 6) returning id)
       insert into tour_accommodations (tour_id, accommodation_id, check_in_day, check_out_day) select id, ${id}, 1, 6 from tour`,
    );
    const tours = (await call('GET', `/accommodation/${id}`, t.accountantToken)).json().data[0]
      .tour_accommodation;
    expect(tours).toEqual([
      expect.objectContaining({
        tour_name: 'Lakes and Mountains',
        tour_type: 'coach',
        reference: 'LAM26',
        tour_group_id: null,
      }),
    ]);
    const res = await call('POST', `/accommodation/${id}/delete`, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACCOMMODATION_IN_USE_MESSAGE);
    expect(
      (await call('GET', `/accommodation/${id}`, t.adminToken)).json().data[0].accommodation_rooms,
    ).toHaveLength(1);
  });

  it('answers 422 with per-field errors', async () => {
    const res = await call('POST', '/accommodation', t.adminToken, {
      accommodation_name: ' ',
      star_rating: 6,
      resort_id: 999999,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      accommodation_name: ['Accommodation name is required.'],
      star_rating: ['Star rating must be at most 5.'],
    });
    const unknownResort = await call('POST', '/accommodation', t.adminToken, {
      accommodation_name: 'X',
      resort_id: 999999,
    });
    expect(unknownResort.statusCode).toBe(422);
    expect(unknownResort.json().errors).toEqual({ resort_id: ['Choose a resort from the list.'] });

    const id = await create('Hotel Rules');
    const room = await call('POST', `/accommodation/rooms/${id}`, t.adminToken, {
      name: '',
      board_basis: '',
      occupancy: 0,
    });
    expect(room.statusCode).toBe(422);
    expect(room.json().errors).toMatchObject({
      name: ['Room name is required.'],
      board_basis: ['Board basis is required.'],
      occupancy: ['Occupancy must be at least 1.'],
    });
    const noOcc = await call('POST', `/accommodation/rooms/${id}`, t.adminToken, {
      name: 'Single',
      board_basis: 'RO',
    });
    expect(noOcc.json().errors).toEqual({ occupancy: ['Occupancy is required.'] });
  });

  it('answers 403 to role 2 on every write', async () => {
    const id = await create('Hotel Readonly');
    const roomId = (
      await call('POST', `/accommodation/rooms/${id}`, t.adminToken, {
        name: 'Double',
        board_basis: 'HB',
        occupancy: 2,
      })
    ).json().data.id;
    const token = t.accountantToken;
    const room = { name: 'Double', board_basis: 'HB', occupancy: 2 };
    expect((await call('POST', '/accommodation', token, { accommodation_name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', `/accommodation/${id}`, token, { accommodation_name: 'X' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/accommodation/${id}/delete`, token)).statusCode).toBe(403);
    expect((await call('POST', `/accommodation/rooms/${id}`, token, room)).statusCode).toBe(403);
    expect((await call('PUT', `/accommodation/rooms/${roomId}`, token, room)).statusCode).toBe(403);
    expect(
      (
        await call('POST', '/accommodation/handle-gallery', token, {
          accommodation_id: id,
          image_links: ['https://x.test/a.jpg'],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', '/accommodation/delete-gallery-image', token, {
          accommodation_id: id,
          image_links_id: 1,
        })
      ).statusCode,
    ).toBe(403);
  });
});
