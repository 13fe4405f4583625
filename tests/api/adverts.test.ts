import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { advertise_sizes } from '../../src/server/db/schema';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAffiliate, createTourInstance } from '../helpers/factories';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

type Upload = { field: string; name: string; data: Buffer; type?: string };

/** A multipart/form-data body built the way a browser builds it. */
async function multipart(fields: Record<string, string>, files: Upload[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) {
    form.append(
      f.field,
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    );
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') as string },
  };
}

// Affiliates' advertisements (spec 2 §2 Affiliates, §3 Advertisement and product, §4, §5, §7, §8).
describe.each(testDbKinds)('advertisements on %s', (kind) => {
  let t: TestContext;
  let affiliateId: number;
  let otherAffiliateId: number;
  let halfPage: number;
  let fullPage: number;
  let tourA: number;
  let tourB: number;
  beforeAll(async () => {
    t = await createTestContext(kind);
    affiliateId = (await createAffiliate(t.db, { name: 'Daily Post Holidays' })).id;
    otherAffiliateId = (await createAffiliate(t.db, { name: 'Anglers Weekly' })).id;
    const sizes = await t.db
      .insert(advertise_sizes)
      .values([{ size_name: 'Half page' }, { size_name: 'Full page' }])
      .returning();
    [halfPage, fullPage] = sizes.map((s) => s.id);
    tourA = (await createTourInstance(t.db)).tour.id;
    tourB = (await createTourInstance(t.db)).tour.id;
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const submit = async (
    token: string,
    fields: Record<string, string>,
    files: Upload[] = [],
    aff = affiliateId,
  ) => {
    const body = await multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/affiliates/advertisement/${aff}/submit`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const audit = (id: number) =>
    queryRows<{ action: string; changes: { field: string; from: unknown; to: unknown }[]; user_id: number }>(
      t.db,
      sql`select action, changes, user_id from audit_log where entity = 'advertisement' and entity_id = ${id} order by id`,
    );
  const form = (over: Record<string, string> = {}) => ({
    size_id: String(halfPage),
    placemenet_date: '2027-03-01',
    expiry_date: '2027-03-31',
    total_cost: '450.00',
    submission_deadline_date: '2027-02-10',
    is_graphic_created: 'false',
    is_sent: 'false',
    invoice_number: 'DP-1001',
    invoice_amount: '450.00',
    invoice_due_date: '2027-03-15',
    payment_mode: '',
    payment_mode_number: '',
    payment_date: '',
    payment_amount: '',
    ...over,
  });

  it('creates an advert with its graphic and invoice, lists, filters and downloads them', async () => {
    const created = await submit(t.adminToken, form(), [
      { field: 'graphic_file', name: 'spring-advert.png', data: PNG, type: 'image/png' },
      { field: 'invoice_file', name: 'DP-1001.pdf', data: PDF, type: 'application/pdf' },
    ]);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: 'Advertisement created successfully.' });
    const id = created.json().data.advertisement_id;

    // A second, smaller one for the filters (JSON is accepted as well as multipart).
    const second = await call('POST', `/affiliates/advertisement/${affiliateId}/submit`, t.adminToken, {
      size_id: fullPage,
      placemenet_date: '2027-06-01',
      expiry_date: '2027-06-30',
      total_cost: '900.00',
    });
    expect(second.statusCode, second.body).toBe(200);
    const secondId = second.json().data.advertisement_id;

    const table = (await call('GET', `/affiliates/${affiliateId}/adverts?draw=2`, t.accountantToken)).json();
    expect(table).toMatchObject({ draw: 2, recordsTotal: 2, recordsFiltered: 2 });
    // Newest placement first; the row as spec 2 §3 names it; file keys never leave.
    expect(table.data.map((r: { advertisement_id: number }) => r.advertisement_id)).toEqual([secondId, id]);
    expect(table.data[1]).toMatchObject({
      advertisement_id: id,
      affiliate_id: affiliateId,
      advertisement_size: { size_id: halfPage, size_name: 'Half page' },
      placemenet_date: '2027-03-01',
      expiry_date: '2027-03-31',
      total_cost: '450.00',
      submission_deadline_date: '2027-02-10',
      is_graphic_created: false,
      is_sent: false,
      paid_status: false,
      invoice_number: 'DP-1001',
      invoice_amount: '450.00',
      invoice_due_date: '2027-03-15',
      invoice_name: 'DP-1001.pdf',
      graphic_name: 'spring-advert.png',
      payment_amount: null,
    });
    expect(JSON.stringify(table)).not.toContain('file_key');

    const filtered = async (q: string) =>
      (await call('GET', `/affiliates/${affiliateId}/adverts?${q}`, t.accountantToken))
        .json()
        .data.map((r: { advertisement_id: number }) => r.advertisement_id);
    expect(await filtered(`advertisement_size=${fullPage}`)).toEqual([secondId]);
    expect(await filtered('placemenet_date_from=2027-02-01&placemenet_date_to=2027-03-31')).toEqual([id]);
    expect(await filtered('expiry_date_from=2027-06-01&expiry_date_to=2027-07-01')).toEqual([secondId]);
    expect(
      await filtered('submission_deadline_date_from=2027-02-01&submission_deadline_date_to=2027-02-28'),
    ).toEqual([id]);
    expect(await filtered('invoice_due_date_from=2027-03-01&invoice_due_date_to=2027-03-31')).toEqual([id]);
    // Another affiliate's table does not show them; an unknown affiliate is 404.
    expect(
      (await call('GET', `/affiliates/${otherAffiliateId}/adverts`, t.accountantToken)).json().data,
    ).toEqual([]);
    expect((await call('GET', '/affiliates/999999/adverts', t.accountantToken)).statusCode).toBe(404);

    // Downloads: the graphic as an image, the invoice as its PDF (any staff member).
    const graphic = await call('POST', `/affiliates/download-artwork/${id}`, t.accountantToken, {
      download_type: 'graphic',
    });
    expect(graphic.statusCode).toBe(200);
    expect(graphic.headers['content-type']).toBe('image/png');
    expect(graphic.headers['content-disposition']).toContain('spring-advert.png');
    expect(graphic.rawPayload.equals(PNG)).toBe(true);
    const invoice = await call('POST', `/affiliates/download-artwork/${id}`, t.accountantToken, {
      download_type: 'invoice',
    });
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const none = await call('POST', `/affiliates/download-artwork/${secondId}`, t.accountantToken, {
      download_type: 'invoice',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('File not found');

    // The audit history: who created it, with its fields.
    const [row] = await audit(id);
    expect(row.action).toBe('created');
    expect(row.changes).toEqual(expect.arrayContaining([{ field: 'total_cost', from: null, to: '450.00' }]));
  });

  it('refuses what spec 2 §5 refuses, with messages per field and nothing saved', async () => {
    const [{ n: before }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from advertisements`,
    );
    const missing = await submit(t.adminToken, { size_id: '', placemenet_date: '', expiry_date: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({
      size_id: ['Size is required.'],
      placemenet_date: ['Placement date is required.'],
      expiry_date: ['Expiry date is required.'],
    });
    const backwards = await submit(t.adminToken, form({ expiry_date: '2027-02-01' }));
    expect(backwards.json().errors.expiry_date).toEqual([
      'The expiry date must be on or after the placement date.',
    ]);
    // Files are checked by content, whatever their names and declared types say.
    const fakes = await submit(t.adminToken, form(), [
      { field: 'graphic_file', name: 'advert.png', data: PDF, type: 'image/png' },
      { field: 'invoice_file', name: 'invoice.pdf', data: PNG, type: 'application/pdf' },
    ]);
    expect(fakes.statusCode).toBe(422);
    expect(fakes.json().errors).toEqual({
      graphic_file: ['The graphic must be an image (JPEG, PNG, GIF or WebP).'],
      invoice_file: ['The invoice must be a PDF file.'],
    });
    const badMode = await submit(t.adminToken, form({ payment_mode: 'Cheque' }));
    expect(badMode.json().errors.payment_mode).toEqual([
      'Choose a payment mode: Bax, Card, checque, cash or bank.',
    ]);
    const overpaid = await submit(t.adminToken, form({ payment_amount: '450.01' }));
    expect(overpaid.json().errors.payment_amount).toEqual(['Please provide a valid amount upto 450.00']);
    const [{ n: after }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from advertisements`,
    );
    expect(after).toBe(before);
    // An advert of another affiliate cannot be edited through this one.
    const mine = (await submit(t.adminToken, form())).json().data.advertisement_id;
    const foreign = await submit(
      t.adminToken,
      form({ advertisement_id: String(mine) }),
      [],
      otherAffiliateId,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('shares the cost out over products: Total, Paid, Left; switches, payment details and audit', async () => {
    const id = (await submit(t.adminToken, form({ total_cost: '500.00', invoice_amount: '' }))).json().data
      .advertisement_id;
    const detailUrl = `/affiliates/${affiliateId}/advert-detail/${id}`;
    const empty = (await call('GET', detailUrl, t.accountantToken)).json().data;
    expect(empty).toMatchObject({
      affiliate: { id: affiliateId, name: 'Daily Post Holidays' },
      advertisement_size: { size_name: 'Half page' },
      products: [],
      totals: { total: '500.00', paid: '0.00', left: '500.00' },
    });

    const product = (body: object) =>
      call('POST', `/affiliates/advertisement-products/${id}/submit`, t.adminToken, body);
    const noTour = await product({ flag: 'add', tour_id: '', amount: '10.00' });
    expect(noTour.json().errors.tour_id).toEqual(['Tour is required.']);
    const first = await product({ flag: 'add', tour_id: tourA, size_id: halfPage, amount: '320.50' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Product added successfully.' });
    const second = await product({ flag: 'add', tour_id: tourB, size_id: fullPage, amount: '179.50' });
    expect(second.json().data.totals).toEqual({ total: '500.00', paid: '500.00', left: '0.00' });
    // Nothing is left: another penny is refused with spec 2 §8's words, and nothing is added.
    const tooMuch = await product({ flag: 'add', tour_id: tourA, amount: '0.01' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual(['Please provide a valid amount upto 0.00']);

    const detail = (await call('GET', detailUrl, t.accountantToken)).json().data;
    expect(detail.products).toHaveLength(2);
    expect(detail.products[0]).toMatchObject({ tour_id: tourA, size: 'Half page', amount: '320.50' });
    // Editing a product counts what is left besides itself.
    const edited = await product({
      flag: 'edit',
      advertisement_invoice_id: detail.products[0].id,
      tour_id: tourA,
      size_id: halfPage,
      amount: '300.00',
    });
    expect(edited.json()).toMatchObject({
      message: 'Product updated successfully.',
      data: { totals: { total: '500.00', paid: '479.50', left: '20.50' } },
    });
    // The cost may not fall below what the products take.
    const cheaper = await submit(t.adminToken, form({ advertisement_id: String(id), total_cost: '400.00' }));
    expect(cheaper.json().errors.total_cost).toEqual([
      'The cost cannot be less than its products already take (479.50).',
    ]);

    // The three switches save together (spec 2 §4).
    const status = await call('POST', '/affiliates/advertisement/update-artwork-status', t.adminToken, {
      artwork_id: id,
      column_status: [
        { column: 'paid_status', status: true },
        { column: 'is_graphic_created', status: true },
        { column: 'is_sent', status: false },
      ],
    });
    expect(status.statusCode, status.body).toBe(200);
    const flags = (await call('GET', detailUrl, t.accountantToken)).json().data;
    expect(flags).toMatchObject({ paid_status: true, is_graphic_created: true, is_sent: false });

    // Payment details: the amount may not exceed the bill (invoice amount, else the cost).
    const pay = (body: object) =>
      call('POST', '/affiliates/advertisement/update-payment-details', t.adminToken, {
        advertisement_id: id,
        ...body,
      });
    expect((await pay({ payment_amount: '' })).json().errors.payment_amount).toEqual([
      'Paid amount is required.',
    ]);
    expect(
      (await pay({ invoice_amount: '480.00', payment_amount: '480.01' })).json().errors.payment_amount,
    ).toEqual(['Please provide a valid amount upto 480.00']);
    const saved = await pay({
      invoice_number: 'DP-2002',
      invoice_amount: '480.00',
      invoice_due_date: '2027-04-01',
      payment_mode: 'checque',
      payment_mode_number: 'CHQ 100200',
      payment_date: '2027-03-20',
      payment_amount: '480.00',
    });
    expect(saved.json()).toEqual({
      status: true,
      success: true,
      message: 'Payment details updated successfully.',
    });
    const paid = (await call('GET', detailUrl, t.accountantToken)).json().data;
    expect(paid).toMatchObject({
      invoice_number: 'DP-2002',
      payment_mode: 'checque',
      payment_amount: '480.00',
    });

    // Delete a product, then the advert with its products.
    const removed = await call('POST', `/affiliates/advertisement-products/${id}/delete`, t.adminToken, {
      advertisement_invoice_id: detail.products[1].id,
    });
    expect(removed.json()).toMatchObject({ data: { totals: { paid: '300.00', left: '200.00' } } });

    const history = await audit(id);
    expect(history.map((h) => h.action)).toEqual([
      'created',
      'updated',
      'updated',
      'updated',
      'updated',
      'updated',
      'updated',
    ]);
    expect(history[1].changes).toEqual([
      {
        field: `Product ${detail.products[0].id}`,
        from: null,
        to: expect.stringContaining(' / Half page / 320.50'),
      },
    ]);
    expect(
      history.find((h) => h.action === 'updated' && h.changes.some((c) => c.field === 'paid_status'))
        ?.changes,
    ).toEqual(
      expect.arrayContaining([
        { field: 'paid_status', from: false, to: true },
        { field: 'is_graphic_created', from: false, to: true },
      ]),
    );

    const gone = await call('POST', `/affiliates/advertisement/${affiliateId}/delete`, t.adminToken, {
      advertisement_id: id,
    });
    expect(gone.json()).toMatchObject({ success: true, message: 'Advertisement deleted successfully.' });
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from advertisement_products where advertisement_id = ${id}`,
    );
    expect(n).toBe(0);
    expect((await audit(id)).at(-1)?.action).toBe('deleted');
    expect((await call('GET', detailUrl, t.accountantToken)).statusCode).toBe(404);
  });

  it('removes a replaced file and the files of a deleted advert', async () => {
    const first = await submit(t.adminToken, form(), [
      { field: 'invoice_file', name: 'one.pdf', data: PDF, type: 'application/pdf' },
    ]);
    const id = first.json().data.advertisement_id;
    const key = async () =>
      (
        await queryRows<{ k: string }>(
          t.db,
          sql`select invoice_file_key as k from advertisements where id = ${id}`,
        )
      )[0].k;
    const oldKey = await key();
    expect(await t.app.files.stat(oldKey)).not.toBeNull();
    await submit(t.adminToken, form({ advertisement_id: String(id) }), [
      { field: 'invoice_file', name: 'two.pdf', data: PDF, type: 'application/pdf' },
    ]);
    const newKey = await key();
    expect(newKey).not.toBe(oldKey);
    expect(await t.app.files.stat(oldKey)).toBeNull();
    // An update without a file keeps the stored one.
    await submit(t.adminToken, form({ advertisement_id: String(id), total_cost: '460.00' }));
    expect(await key()).toBe(newKey);
    await call('POST', `/affiliates/advertisement/${affiliateId}/delete`, t.adminToken, {
      advertisement_id: id,
    });
    expect(await t.app.files.stat(newKey)).toBeNull();
  });

  it('lets role 2 read and download but not change anything (spec 2 §6)', async () => {
    const id = (await submit(t.adminToken, form())).json().data.advertisement_id;
    const refused = [
      await submit(t.accountantToken, form()),
      await call('POST', `/affiliates/advertisement/${affiliateId}/delete`, t.accountantToken, {
        advertisement_id: id,
      }),
      await call('POST', `/affiliates/advertisement-products/${id}/submit`, t.accountantToken, {
        tour_id: tourA,
      }),
      await call('POST', `/affiliates/advertisement-products/${id}/delete`, t.accountantToken, {
        advertisement_invoice_id: 1,
      }),
      await call('POST', '/affiliates/advertisement/update-artwork-status', t.accountantToken, {
        artwork_id: id,
        column_status: [{ column: 'is_sent', status: true }],
      }),
      await call('POST', '/affiliates/advertisement/update-payment-details', t.accountantToken, {
        advertisement_id: id,
        payment_amount: '1.00',
      }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(
      (await call('GET', `/affiliates/${affiliateId}/advert-detail/${id}`, t.accountantToken)).statusCode,
    ).toBe(200);
    expect((await call('GET', `/affiliates/${affiliateId}/adverts`, t.accountantToken)).statusCode).toBe(200);
  });
});
