import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createTourInstance } from '../helpers/factories';

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
    form.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/pdf' }), f.name);
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') as string },
  };
}

// Money owed (issue #13; spec 2 §2 'Invoices section', §4, §5, §7, §8, §9; spec 3 §2 'Suppliers,
// Services & Payments', §3 Internal payment, §5, §9 net profit). Every figure below is worked by hand.
describe.each(testDbKinds)('supplier invoices, payments, links and group profit on %s', (kind) => {
  let t: TestContext;
  let supplierId: number;
  let otherSupplierId: number;
  let managerId: number;
  let tourId: number;
  let groupA: number;
  let groupB: number;
  let hotelService: number;
  let guideService: number;
  let invoiceId: number;

  beforeAll(async () => {
    t = await createTestContext(kind);
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(t.adminToken), payload });
    supplierId = (await call('/suppliers', { supplier_name: 'Hotel Alpenrose' })).json().data.id;
    otherSupplierId = (await call('/suppliers', { supplier_name: 'Lakeside Coaches' })).json().data.id;
    managerId = (
      await call('/tour-managers/create', {
        firstname: 'Fiona',
        lastname: 'Baxter',
        email: 'fiona@example.co.uk',
        mobile_number: '07700 900456',
        telephone_number: '020 7946 0000',
      })
    ).json().data.id;
    // Group A (1 June 2027) and group B (8 June 2027) of one tour.
    const a = await createTourInstance(t.db, { departure_date: '2027-06-01' });
    tourId = a.tour.id;
    groupA = a.group.id;
    const [gB] = await t.db
      .insert(s.tour_groups)
      .values({ tour_id: tourId, start_date: '2027-06-08' })
      .returning();
    groupB = gB.id;
    const [iB] = await t.db
      .insert(s.tour_instances)
      .values({ tour_id: tourId, tour_group_id: groupB, departure_date: '2027-06-08', base_price: '499.00' })
      .returning();
    // Bookings (2 guests × £524.00 = £1,048.00 each): A has one Confirmed and one cancelled with a
    // £150.00 charge; B one Confirmed.
    await createBooking(t.db, { instance: a.instance, status: 'Confirmed', total_due: '1048.00' });
    await createBooking(t.db, {
      instance: a.instance,
      status: 'Cancelled',
      total_due: '1048.00',
      cancelled_at: '2027-03-01T10:00:00Z',
      cancellation_charge: '150.00',
    });
    await createBooking(t.db, { instance: iB, status: 'Confirmed', total_due: '1048.00' });
    const services = await t.db
      .insert(s.service_types)
      .values([{ service_name: 'Hotel' }, { service_name: 'Guide' }])
      .returning();
    [hotelService, guideService] = services.map((x) => x.id);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const saveInvoice = async (
    token: string,
    party: number,
    fields: Record<string, string>,
    files: Upload[] = [],
  ) => {
    const body = await multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/suppliers/${party}/handle-invoices`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const euroInvoice = {
    invoice_for: 'supplier',
    currency_type: 'EUR',
    currency_exchange_rate: '1.1628',
    invoice_number: 'ALP-2027-001',
    invoice_date: '2027-05-02',
    invoice_due_date: '2027-06-30',
    invoice_amount: '1000.00',
  };
  const table = (token = t.adminToken, party = supplierId) =>
    call('POST', '/invoices-table', token, { draw: 1, invoice_for: 'supplier', invoice_for_id: party });
  const pay = (token: string, body: object) =>
    call('POST', '/invoice/record-payment', token, {
      payment_for: 'supplier',
      payment_for_id: supplierId,
      invoice_id: invoiceId,
      payment_mode: 'bank',
      payment_date: '2027-06-10',
      ...body,
    });
  const revenue = async (group: number) =>
    (await call('POST', `/tours/groups/${group}/calculate-revenue`, t.accountantToken)).json().data;

  it('adds a €1,000 invoice at 1 EUR = 1.1628 Sterling: converted £859.99; the PDF is checked by content', async () => {
    const png = await saveInvoice(t.adminToken, supplierId, euroInvoice, [
      { field: 'payment_invoice_file', name: 'invoice.pdf', data: PNG },
    ]);
    expect(png.statusCode).toBe(422);
    expect(png.json().errors.payment_invoice_file).toEqual(['The invoice must be a PDF file.']);

    const asAccountant = await saveInvoice(t.accountantToken, supplierId, euroInvoice);
    expect(asAccountant.statusCode).toBe(403);

    const added = await saveInvoice(t.adminToken, supplierId, euroInvoice, [
      { field: 'payment_invoice_file', name: 'Alpenrose June.pdf', data: PDF },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ success: true, status: true, invoices_added: 1 });
    invoiceId = added.json().data.id;

    // By hand: 1.1628 × 859.99 = 999.996372 and 1.1628 × 860.00 = 1,000.008, so 1,000 ÷ 1.1628 lies
    // between them: 859.99 + (1,000 − 999.996372) ÷ 1.1628 = 859.99 + 0.00312 = 859.99312 → £859.99.
    const rows = (await table(t.accountantToken)).json();
    expect(rows).toMatchObject({ draw: 1, recordsTotal: 1, recordsFiltered: 1 });
    expect(rows.data[0]).toMatchObject({
      invoice_number: 'ALP-2027-001',
      currency_type: 'EUR',
      currency_exchange_rate: '1.1628',
      invoice_amount: '1000.00',
      converted_amount: '859.99',
      payment_invoice_name: 'Alpenrose June.pdf',
      invoice_date: '2027-05-02',
      invoice_due_date: '2027-06-30',
      invoice_use: 'Not linked',
      total_paid: '0.00',
      outstanding: '1000.00',
      left_to_link: '1000.00',
      internal_payments: [],
    });

    const file = await call('GET', `/invoices/${invoiceId}/download`, t.accountantToken);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toContain('Alpenrose June.pdf');
  });

  it('keeps invoice numbers unique per party (a clear 422), not across parties', async () => {
    const again = await saveInvoice(t.adminToken, supplierId, euroInvoice);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      invoice_number: ['This invoice number is already used for this supplier.'],
    });
    const elsewhere = await saveInvoice(t.adminToken, otherSupplierId, {
      ...euroInvoice,
      currency_type: 'Sterling',
    });
    expect(elsewhere.statusCode).toBe(200);
    // Sterling is always rate 1, whatever is sent.
    const other = (await table(t.adminToken, otherSupplierId)).json().data[0];
    expect(other).toMatchObject({
      currency_type: 'Sterling',
      currency_exchange_rate: '1',
      converted_amount: '1000.00',
    });
    // Rows per page: at most 500; the fifth column (invoice date) sorts.
    expect(
      (
        await call('POST', '/invoices-table', t.adminToken, {
          invoice_for: 'supplier',
          invoice_for_id: supplierId,
          length: 501,
        })
      ).statusCode,
    ).toBe(422);
  });

  it('links the invoice to two groups (€581.40 + €418.60 = €1,000.00 → left 0.00) and refuses over-linking', async () => {
    const groups = (
      await call(
        'GET',
        `/tours/${tourId}/groups?departureFromDate=2027-05-01&serviceEstimateCost=true`,
        t.adminToken,
      )
    ).json();
    expect(groups.data.map((g: { id: number }) => g.id)).toEqual([groupA, groupB]);

    const link = (token: string, selected: object[]) =>
      call('POST', '/invoice/link-groups', token, {
        invoice_id: invoiceId,
        invoice_for: 'supplier',
        invoice_for_id: supplierId,
        selected_groups: selected,
      });
    const a = {
      group_id: groupA,
      start_date: '2027-06-01',
      invoice_amount: '581.40',
      service_type: hotelService,
    };
    const b = {
      group_id: groupB,
      start_date: '2027-06-08',
      invoice_amount: '418.60',
      service_type: hotelService,
    };

    expect((await link(t.accountantToken, [a, b])).statusCode).toBe(403);
    const over = await link(t.adminToken, [a, { ...b, invoice_amount: '418.61' }]);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(
      'The amounts to link are more than is left to link on this invoice (1000.00).',
    );
    expect((await link(t.adminToken, [])).json().message).toBe(
      'Choose at least one group with an invoice amount and a service type.',
    );

    const linked = await link(t.adminToken, [a, b]);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      success: true,
      status: true,
      message: 'Invoice linked to 2 tour groups.',
    });

    const row = (await table()).json().data[0];
    expect(row).toMatchObject({ total_linked: '1000.00', left_to_link: '0.00', invoice_use: 'Fully linked' });
    expect(
      row.internal_payments.map((g: { tour_group_id: number; invoice_amount: string }) => [
        g.tour_group_id,
        g.invoice_amount,
      ]),
    ).toEqual([
      [groupA, '581.40'],
      [groupB, '418.60'],
    ]);
    const more = await link(t.adminToken, [{ ...a, invoice_amount: '0.01' }]);
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe(
      'The amounts to link are more than is left to link on this invoice (0.00).',
    );
  });

  it('works out each group’s profit to the penny (spec 3 §9)', async () => {
    // Group A: gross £1,048.00 (the Confirmed booking) + cancellation £150.00 (the cancelled one's
    // charge) − £581.40 ÷ 1.1628 = £500.00 (1.1628 × 500 = 581.40 exactly) → £698.00.
    const ra = await revenue(groupA);
    expect(ra).toMatchObject({
      gross_revenue: '1048.00',
      cancellation_revenue: '150.00',
      passengers: 2,
      supplier_costs: '500.00',
      tour_profit: '698.00',
    });
    // Group B: £1,048.00 − £418.60 ÷ 1.1628 (1.1628 × 359.99 = 418.596372; + 0.003628 ÷ 1.1628 =
    // 0.00312 → 359.99312 → £359.99) = £688.01.
    const rb = await revenue(groupB);
    expect(rb).toMatchObject({
      gross_revenue: '1048.00',
      cancellation_revenue: '0.00',
      supplier_costs: '359.99',
      tour_profit: '688.01',
    });
    expect(rb.internal_payments[0]).toMatchObject({
      party_name: 'Hotel Alpenrose',
      service_name: 'Hotel',
      invoice_asigned_amount: '418.60',
      supplier_cost: '359.99',
      supplier_invoice: {
        invoice_number: 'ALP-2027-001',
        currency_type: 'EUR',
        currency_exchange_rate: '1.1628',
      },
    });

    // A tour manager's estimate on B: £120.00 per person × 2 passengers (the Confirmed booking's
    // guests) = £240.00 → £1,048.00 − £359.99 − £240.00 = £448.01.
    const tm = await call('POST', `/tours/groups/${groupB}/handle-internal-payments`, t.adminToken, {
      flag: 'add',
      payment_for: 2,
      tour_manager_id: managerId,
      service_type_id: guideService,
      estimated_cost: '120.00',
      currency_type: 'Sterling',
      per_person_basis: true,
    });
    expect(tm.statusCode, tm.body).toBe(200);
    expect(tm.json()).toMatchObject({ status: true, payment_done: true });
    expect(await revenue(groupB)).toMatchObject({ supplier_costs: '599.99', tour_profit: '448.01' });

    // Role 2 may not change group payments.
    const refused = await call(
      'POST',
      `/tours/groups/${groupB}/handle-internal-payments`,
      t.accountantToken,
      {
        flag: 'add',
        payment_for: 2,
        tour_manager_id: managerId,
      },
    );
    expect(refused.statusCode).toBe(403);

    // The amount assigned may not exceed the invoice's amount (spec 3 §5).
    const tooMuch = await call('POST', `/tours/groups/${groupA}/handle-internal-payments`, t.adminToken, {
      flag: 'add',
      payment_for: 1,
      supplier_id: supplierId,
      supplier_invoice_id: invoiceId,
      invoice_asigned_amount: '1000.01',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.invoice_asigned_amount).toEqual([
      'Please provide valid invoice amount less than 1000.00',
    ]);
    // Within the amount but beyond what is left to link (0.00): refused too.
    const fullyLinked = await call('POST', `/tours/groups/${groupA}/handle-internal-payments`, t.adminToken, {
      flag: 'add',
      payment_for: 1,
      supplier_id: supplierId,
      supplier_invoice_id: invoiceId,
      invoice_asigned_amount: '10.00',
    });
    expect(fullyLinked.statusCode).toBe(422);

    // The profit is floored at 0: a £5,000.00 estimate on A.
    const big = await call('POST', `/tours/groups/${groupA}/handle-internal-payments`, t.adminToken, {
      flag: 'add',
      payment_for: 1,
      supplier_id: otherSupplierId,
      estimated_cost: '5000.00',
    });
    expect(big.statusCode).toBe(200);
    expect(await revenue(groupA)).toMatchObject({ supplier_costs: '5500.00', tour_profit: '0.00' });
    const del = await call(
      'POST',
      `/tours/groups/${groupA}/delete-internal-payments/${big.json().data.tour_group_payment_id}`,
      t.adminToken,
    );
    expect(del.statusCode).toBe(200);
    expect(await revenue(groupA)).toMatchObject({ tour_profit: '698.00' });
  });

  it('takes the payment in two parts; the second over the left amount is refused', async () => {
    const first = await pay(t.accountantToken, { paid_amount: '600.00', transaction_number: 'BACS-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().selected_invoice).toMatchObject({
      invoice_amount: '1000.00',
      total_paid: '600.00',
      outstanding: '400.00',
    });

    const over = await pay(t.adminToken, { paid_amount: '400.01' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      message: 'Please provide a valid amount upto 400.00',
      errors: { paid_amount: ['Please provide a valid amount upto 400.00'] },
    });
    // Editing the first to more than it may take (600.00 + 400.00 left) is refused the same way.
    const paymentId = first.json().recorded_payments[0].invoice_payment_id;
    const edit = await pay(t.adminToken, {
      flag: 'edit',
      invoice_payment_id: paymentId,
      paid_amount: '1000.01',
    });
    expect(edit.json().message).toBe('Please provide a valid amount upto 1000.00');

    const second = await pay(t.adminToken, { paid_amount: '400.00', payment_mode: 'Card' });
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(body.selected_invoice).toMatchObject({ total_paid: '1000.00', outstanding: '0.00' });
    expect(
      body.recorded_payments.map((p: { paid_amount: string; payment_mode: string }) => [
        p.paid_amount,
        p.payment_mode,
      ]),
    ).toEqual([
      ['600.00', 'bank'],
      ['400.00', 'Card'],
    ]);
    // Never paid beyond the amount: total_paid is the sum of the payments.
    const [sum] = await queryRows<{ paid: string; total: string }>(
      t.db,
      sql`select (select sum(paid_amount) from invoice_payments where invoice_id = ${invoiceId})::text as paid,
             (select total_paid from party_invoices where id = ${invoiceId})::text as total`,
    );
    expect(sum).toEqual({ paid: '1000.00', total: '1000.00' });
    const brief = (await call('GET', `/suppliers/${supplierId}`, t.accountantToken)).json().data
      .payment_invoices;
    expect(brief[0]).toMatchObject({
      invoice_number: 'ALP-2027-001',
      total_paid: '1000.00',
      outstanding: '0.00',
    });

    // Role 2 records payments but may not delete one; role 1 may.
    const delByAccountant = await call('POST', '/invoice/delete-record-payment', t.accountantToken, {
      payment_for: 'supplier',
      payment_for_id: supplierId,
      invoice_id: invoiceId,
      invoice_payment_id: paymentId,
    });
    expect(delByAccountant.statusCode).toBe(403);
    const del = await call('POST', '/invoice/delete-record-payment', t.adminToken, {
      payment_for: 'supplier',
      payment_for_id: supplierId,
      invoice_id: invoiceId,
      invoice_payment_id: paymentId,
    });
    expect(del.json().selected_invoice).toMatchObject({ total_paid: '400.00', outstanding: '600.00' });
    // Another party's id never reaches the invoice.
    const wrongParty = await call('POST', '/invoice/get-invoice-payments', t.adminToken, {
      payment_for: 'supplier',
      payment_for_id: otherSupplierId,
      invoice_id: invoiceId,
    });
    expect(wrongParty.statusCode).toBe(404);
  });

  it('lets only one of two people pay the last £100 at once (row lock)', async () => {
    const added = await saveInvoice(t.adminToken, supplierId, {
      ...euroInvoice,
      currency_type: 'Sterling',
      invoice_number: 'ALP-RACE',
      invoice_amount: '500.00',
    });
    const id = added.json().data.id;
    const body = (amount: string) => ({
      payment_for: 'supplier',
      payment_for_id: supplierId,
      invoice_id: id,
      paid_amount: amount,
      payment_mode: 'bank',
      payment_date: '2027-06-10',
    });
    expect((await call('POST', '/invoice/record-payment', t.adminToken, body('400.00'))).statusCode).toBe(
      200,
    );
    const both = await Promise.all([
      call('POST', '/invoice/record-payment', t.adminToken, body('100.00')),
      call('POST', '/invoice/record-payment', t.accountantToken, body('100.00')),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(both.find((r) => r.statusCode === 422)?.json().message).toBe(
      'Please provide a valid amount upto 0.00',
    );
    const [row] = await queryRows<{ total_paid: string; n: number }>(
      t.db,
      sql`select total_paid::text, (select count(*)::int from invoice_payments where invoice_id = ${id}) as n
          from party_invoices where id = ${id}`,
    );
    expect(row).toEqual({ total_paid: '500.00', n: 2 });
  });

  it('refuses to delete an invoice linked to groups; deletes an unlinked one with its payments', async () => {
    const linked = await call('POST', `/suppliers/${supplierId}/delete-invoice/${invoiceId}`, t.adminToken, {
      invoice_for: 'supplier',
    });
    expect(linked.statusCode).toBe(409);
    expect(linked.json().message).toBe(
      'This invoice is linked to tour groups: remove its group payments first.',
    );
    const race = (await table())
      .json()
      .data.find((r: { invoice_number: string }) => r.invoice_number === 'ALP-RACE');
    expect(
      (
        await call('POST', `/suppliers/${supplierId}/delete-invoice/${race.id}`, t.accountantToken, {
          invoice_for: 'supplier',
        })
      ).statusCode,
    ).toBe(403);
    const del = await call('POST', `/suppliers/${supplierId}/delete-invoice/${race.id}`, t.adminToken, {
      invoice_for: 'supplier',
    });
    expect(del.statusCode).toBe(200);
    expect((await table()).json().recordsTotal).toBe(1);
  });

  it('writes every change to the audit history (who, when, field from → to)', async () => {
    const history = (await call('GET', `/audit-scope/supplier/${supplierId}`, t.accountantToken)).json().data;
    const of = (entity: string, action: string) =>
      history.filter((h: { entity: string; action: string }) => h.entity === entity && h.action === action);
    expect(of('party_invoice', 'created')).toHaveLength(2);
    expect(of('party_invoice', 'deleted')).toHaveLength(1);
    expect(of('invoice_payment', 'created').length).toBeGreaterThanOrEqual(4);
    expect(of('invoice_payment', 'deleted')).toHaveLength(3); // one by hand, two with the race invoice
    const created = of('party_invoice', 'created').find(
      (h: { entity_id: number }) => h.entity_id === invoiceId,
    );
    expect(created.user_name).toBe('Test Admin');
    expect(created.changes).toEqual(
      expect.arrayContaining([
        { field: 'invoice_amount', from: null, to: '1000.00' },
        { field: 'currency_exchange_rate', from: null, to: '1.1628' },
      ]),
    );
    const linkedChange = of('party_invoice', 'updated').find(
      (h: { entity_id: number }) => h.entity_id === invoiceId,
    );
    expect(linkedChange.changes).toEqual([{ field: 'total_linked', from: '0.00', to: '1000.00' }]);
    const firstPayment = history.find(
      (h: { entity: string; action: string; changes: { field: string; to: unknown }[] }) =>
        h.entity === 'invoice_payment' && h.action === 'created' && h.changes.some((c) => c.to === '600.00'),
    );
    expect(firstPayment.user_name).toBe('Test Accountant');
    // The group's history holds its internal payments.
    const group = (await call('GET', `/audit-scope/tour_group/${groupB}`, t.adminToken)).json().data;
    expect(group.map((h: { entity: string; action: string }) => `${h.entity} ${h.action}`)).toEqual([
      'tour_group_payment created',
      'tour_group_payment created',
    ]);
    // One record's history.
    const one = (await call('GET', `/audit/party_invoice/${invoiceId}`, t.adminToken)).json().data;
    expect(one.map((h: { action: string }) => h.action)).toEqual(['updated', 'created']);
  });

  it('downloads a group payment’s invoice: the stored PDF, else a payment advice (Payment-Invoice.pdf)', async () => {
    const rb = await revenue(groupB);
    const [hotel, guide] = rb.internal_payments;
    const stored = await call(
      'POST',
      `/suppliers/download-internal-payment-invocie/${hotel.tour_group_payment_id}`,
      t.accountantToken,
    );
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-disposition']).toContain('Payment-Invoice.pdf');
    expect(stored.rawPayload.equals(PDF)).toBe(true);
    const advice = await call(
      'POST',
      `/suppliers/download-internal-payment-invocie/${guide.tour_group_payment_id}`,
      t.accountantToken,
    );
    expect(advice.statusCode).toBe(200);
    expect(advice.headers['content-disposition']).toContain('Payment-Invoice.pdf');
    const { text } = await extractText(new Uint8Array(advice.rawPayload), { mergePages: true });
    expect(text).toContain('Payment advice');
    expect(text).toContain('Fiona Baxter');
    expect(text).toContain('£240.00');
  });

  it('proposes the rate in force on the invoice date, and the estimated cost of a room', async () => {
    await t.db.insert(s.currencies).values([
      {
        name: 'Euro',
        short_name: 'EUR',
        exchange_rate: '1.150000',
        start_date: '2027-01-01',
        end_date: '2027-03-31',
      },
      {
        name: 'Euro',
        short_name: 'EUR',
        exchange_rate: '1.162800',
        start_date: '2027-04-01',
        end_date: '2027-12-31',
      },
    ]);
    const rate = (date: string, cur = 'EUR') =>
      call('GET', `/invoices/exchange-rate?currency_type=${cur}&date=${date}`, t.adminToken).then(
        (r) => r.json().data,
      );
    expect(await rate('2027-02-10')).toEqual({ exchange_rate: '1.15' });
    expect(await rate('2027-05-02')).toEqual({ exchange_rate: '1.1628' });
    expect(await rate('2028-01-01')).toEqual({ exchange_rate: null });
    expect(await rate('2028-01-01', 'Sterling')).toEqual({ exchange_rate: '1' });
  });
});
