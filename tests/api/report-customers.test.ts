import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { REPORT_MESSAGES } from '../../src/shared/api/reports';
import { createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createCustomer } from '../helpers/factories';
import {
  asObjects,
  expectReportLayout,
  fetchReport,
  hasLibreOffice,
  libreOfficeCsv,
  readXlsxReport,
  refusedReport,
  reportJob,
  rowLabelled,
} from '../helpers/reports';

const PATH = '/reports/customer-detail-report';
/** April 2026 (BST: London days start at 23:00 UTC the day before). */
const APRIL = { customer_creation_from: '2026-04-01', customer_creation_to: '2026-04-30' };
/** Every opt-out and blacklist choice 'include': no flag filter. */
const INCLUDE_ALL = {
  opt_out_emails_customer: 'include_opt_out',
  opt_out_mailing_customer: 'include_opt_out',
  blacklisted_mailing_customer: 'include_blacklisted',
};

// Customer detail (spec 3 §3 vocabulary, §5 Reports 'Customer report', §7, §9 defaults; issue #15).
describe.each(testDbKinds)('customer detail report on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
    const customer = (first: string, last: string, created: string, extra: object = {}) =>
      createCustomer(t.db, {
        first_name: first,
        last_name: last,
        created_at: created,
        email: null,
        postcode: null,
        ...extra,
      });
    const john = await customer('John', 'Smith', '2026-04-10T09:00:00Z', {
      title: 'Mr',
      street_address: '1 High Street',
      address_line_2: 'Flat 2',
      address_line_3: 'Old Town',
      address_line_4: 'Near the Green',
      town: 'Bath',
      county: 'Somerset',
      postcode: 'BA1 1AA',
      email: 'john@example.test',
      phone_number: '01225 000111',
      mobile_number: '07700 900111',
    });
    const ann = await customer('Ann', 'Adams', '2026-04-15T12:00:00Z', { title: 'Mrs', opt_out_email: true });
    const zoe = await customer('Zoe', 'Brown', '2026-04-20T12:00:00Z', {
      title: 'Ms',
      opt_out_mailing: true,
    });
    const carl = await customer('Carl', 'Adams', '2026-04-05T12:00:00Z', {
      title: 'Dr',
      is_blacklisted: true,
    });
    // 23:30 UTC on 31 March is 00:30 on 1 April in London: in April.
    await customer('Early', 'Bird', '2026-03-31T23:30:00Z');
    // 22:30 UTC on 31 March is 23:30 on 31 March in London; 23:30 UTC on 30 April is 1 May: both out.
    await customer('Late', 'March', '2026-03-31T22:30:00Z');
    await customer('Early', 'May', '2026-04-30T23:30:00Z');

    await createBooking(t.db, { customer_id: john.id, created_at: '2026-04-12T10:00:00Z' });
    await createBooking(t.db, {
      customer_id: john.id,
      created_at: '2026-05-20T10:00:00Z',
      cancelled_at: '2026-05-21T10:00:00Z',
      status: 'Cancelled',
    });
    await createBooking(t.db, { customer_id: zoe.id, created_at: '2026-04-21T10:00:00Z' });
    const [brochure] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into brochures (brochure_name) values ('Summer 2026') returning id`,
    );
    const request = (customerId: number | null, at: string) =>
      t.db.execute(sql`insert into brochure_requests (brochure_id, customer_id, requester_first_name, created_at)
        values (${brochure.id}, ${customerId}, 'Walk-in', ${at})`);
    await request(john.id, '2026-04-11T10:00:00Z');
    await request(ann.id, '2026-04-16T10:00:00Z');
    await request(ann.id, '2026-06-01T10:00:00Z');
    await request(carl.id, '2026-04-06T10:00:00Z');
    await request(null, '2026-04-07T10:00:00Z'); // no customer yet: nobody's
  });
  afterAll(async () => t?.close());

  const names = async (body: object) => {
    const r = await readXlsxReport((await fetchReport(t, PATH, body)).data);
    if (r.rows.length === 1 && r.rows[0][0] === 'No customers match these filters.') return [];
    return asObjects(r).map((x) => x.Name);
  };

  it('refuses a missing creation range with the spec messages', async () => {
    let r = await refusedReport(t, PATH, {});
    expect(r.status).toBe(422);
    expect(r.body.errors?.customer_creation_from).toEqual([REPORT_MESSAGES.customerFrom]);
    r = await refusedReport(t, PATH, { customer_creation_from: '2026-04-01' });
    expect(r.body.errors?.customer_creation_to).toEqual([REPORT_MESSAGES.customerTo]);
    r = await refusedReport(t, PATH, {
      customer_creation_from: '2026-04-30',
      customer_creation_to: '2026-04-01',
    });
    expect(r.body.errors?.customer_creation_to).toEqual([REPORT_MESSAGES.toBeforeFrom]);
    r = await refusedReport(t, PATH, { ...APRIL, report_with: 'everything' });
    expect(r.status).toBe(422);
    expect(r.body.errors?.report_with).toBeDefined();
  });

  it('by default leaves out opt-outs and the blacklisted (spec 3 §9), every cell worked by hand', async () => {
    const file = await fetchReport(t, PATH, APRIL, t.accountantToken);
    expect(file.name).toBe('Customer-Report.xlsx');
    const r = await readXlsxReport(file.data);
    expectReportLayout(r, 'Customer Report', [], ['Created', 'Last booking', 'Last brochure request']);
    expect(r.filters).toBe(
      'Filters: Created: 01/04/2026 to 30/04/2026 · Email opt-outs: excluded · Mailing opt-outs: excluded · Blacklisted: excluded',
    );
    expect(r.header).toEqual([
      'Name',
      'Street address',
      'Address line 2',
      'Address line 3',
      'Address line 4',
      'Town',
      'County',
      'Postcode',
      'Country',
      'Email',
      'Phone',
      'Mobile',
      'Created',
      'Opt-out email',
      'Opt-out mailing',
      'Blacklisted',
      'Bookings',
      'Last booking',
      'Brochure requests',
      'Last brochure request',
    ]);
    expect(asObjects(r)).toEqual([
      {
        Name: 'Early Bird',
        'Street address': null,
        'Address line 2': null,
        'Address line 3': null,
        'Address line 4': null,
        Town: null,
        County: null,
        Postcode: null,
        Country: 'United Kingdom',
        Email: null,
        Phone: null,
        Mobile: null,
        Created: '01/04/2026',
        'Opt-out email': 'No',
        'Opt-out mailing': 'No',
        Blacklisted: 'No',
        Bookings: 0,
        'Last booking': null,
        'Brochure requests': 0,
        'Last brochure request': null,
      },
      {
        Name: 'Mr John Smith',
        'Street address': '1 High Street',
        'Address line 2': 'Flat 2',
        'Address line 3': 'Old Town',
        'Address line 4': 'Near the Green',
        Town: 'Bath',
        County: 'Somerset',
        Postcode: 'BA1 1AA',
        Country: 'United Kingdom',
        Email: 'john@example.test',
        Phone: '01225 000111',
        Mobile: '07700 900111',
        Created: '10/04/2026',
        'Opt-out email': 'No',
        'Opt-out mailing': 'No',
        Blacklisted: 'No',
        Bookings: 2, // the cancelled one counts
        'Last booking': '20/05/2026',
        'Brochure requests': 1,
        'Last brochure request': '11/04/2026',
      },
    ]);
    expect(rowLabelled(r, 'Total (2 rows)')).toMatchObject({ Bookings: 2, 'Brochure requests': 1 });
    expect(await reportJob(t, file.jobId)).toMatchObject({
      status: 'done',
      progress_done: 2,
      progress_total: 2,
    });
  });

  it('includes everyone when asked, ordered by last name, first name, with their flags', async () => {
    const r = await readXlsxReport((await fetchReport(t, PATH, { ...APRIL, ...INCLUDE_ALL })).data);
    expect(r.filters).toContain(
      'Email opt-outs: included · Mailing opt-outs: included · Blacklisted: included',
    );
    expect(
      asObjects(r).map((x) => [
        x.Name,
        x['Opt-out email'],
        x['Opt-out mailing'],
        x.Blacklisted,
        x.Bookings,
        x['Last booking'],
        x['Brochure requests'],
        x['Last brochure request'],
      ]),
    ).toEqual([
      ['Mrs Ann Adams', 'Yes', 'No', 'No', 0, null, 2, '01/06/2026'],
      ['Dr Carl Adams', 'No', 'No', 'Yes', 0, null, 1, '06/04/2026'],
      ['Early Bird', 'No', 'No', 'No', 0, null, 0, null],
      ['Ms Zoe Brown', 'No', 'Yes', 'No', 1, '21/04/2026', 0, null],
      ['Mr John Smith', 'No', 'No', 'No', 2, '20/05/2026', 1, '11/04/2026'],
    ]);
    // 2 + 1 bookings; 2 + 1 + 1 requests (the request with no customer is nobody's).
    expect(rowLabelled(r, 'Total (5 rows)')).toMatchObject({ Bookings: 3, 'Brochure requests': 4 });
  });

  it('follows each opt-out and blacklist choice', async () => {
    const cases: Array<[object, string[]]> = [
      [{ opt_out_emails_customer: 'only_opt_out' }, ['Mrs Ann Adams']],
      [
        { opt_out_emails_customer: 'exclude_opt_out' },
        ['Dr Carl Adams', 'Early Bird', 'Ms Zoe Brown', 'Mr John Smith'],
      ],
      [{ opt_out_mailing_customer: 'only_opt_out' }, ['Ms Zoe Brown']],
      [
        { opt_out_mailing_customer: 'exclude_opt_out' },
        ['Mrs Ann Adams', 'Dr Carl Adams', 'Early Bird', 'Mr John Smith'],
      ],
      [{ blacklisted_mailing_customer: 'only_blacklisted' }, ['Dr Carl Adams']],
      [
        { blacklisted_mailing_customer: 'exclude_blacklisted' },
        ['Mrs Ann Adams', 'Early Bird', 'Ms Zoe Brown', 'Mr John Smith'],
      ],
      // Choices combine: only email opt-outs that are not blacklisted.
      [{ opt_out_emails_customer: 'only_opt_out', blacklisted_mailing_customer: 'only_blacklisted' }, []],
    ];
    for (const [choice, expected] of cases)
      expect(await names({ ...APRIL, ...INCLUDE_ALL, ...choice }), JSON.stringify(choice)).toEqual(expected);
    // The defaults alone, sent blank, are the §9 defaults.
    expect(
      await names({
        ...APRIL,
        opt_out_emails_customer: '',
        opt_out_mailing_customer: '',
        blacklisted_mailing_customer: '',
        report_with: '',
      }),
    ).toEqual(['Early Bird', 'Mr John Smith']);
  });

  it('follows report_with, with and without a brochure request range', async () => {
    const cases: Array<[object, string[]]> = [
      [
        { report_with: 'both' },
        ['Mrs Ann Adams', 'Dr Carl Adams', 'Early Bird', 'Ms Zoe Brown', 'Mr John Smith'],
      ],
      [{ report_with: 'brochure_requests' }, ['Mrs Ann Adams', 'Dr Carl Adams', 'Mr John Smith']],
      [{ report_with: 'without_brochure_requests' }, ['Early Bird', 'Ms Zoe Brown']],
      [
        {
          report_with: 'brochure_requests',
          customer_brochure_from: '2026-05-01',
          customer_brochure_to: '2026-06-30',
        },
        ['Mrs Ann Adams'],
      ],
      [
        {
          report_with: 'without_brochure_requests',
          customer_brochure_from: '2026-05-01',
          customer_brochure_to: '2026-06-30',
        },
        ['Dr Carl Adams', 'Early Bird', 'Ms Zoe Brown', 'Mr John Smith'],
      ],
    ];
    for (const [choice, expected] of cases)
      expect(await names({ ...APRIL, ...INCLUDE_ALL, ...choice }), JSON.stringify(choice)).toEqual(expected);
    // In a range, the brochure columns count that range's requests only.
    const r = await readXlsxReport(
      (
        await fetchReport(t, PATH, {
          ...APRIL,
          ...INCLUDE_ALL,
          report_with: 'brochure_requests',
          customer_brochure_from: '2026-04-01',
          customer_brochure_to: '2026-04-30',
        })
      ).data,
    );
    expect(r.filters).toContain('With brochure requests · Brochure requests: 01/04/2026 to 30/04/2026');
    expect(asObjects(r).map((x) => [x.Name, x['Brochure requests'], x['Last brochure request']])).toEqual([
      ['Mrs Ann Adams', 1, '16/04/2026'],
      ['Dr Carl Adams', 1, '06/04/2026'],
      ['Mr John Smith', 1, '11/04/2026'],
    ]);
  });

  it.runIf(hasLibreOffice && kind === 'pglite')('reads the same in LibreOffice', async () => {
    const lines = (await libreOfficeCsv((await fetchReport(t, PATH, APRIL)).data)) as string[][];
    expect(lines[3].slice(0, 2)).toEqual(['Name', 'Street address']);
    const john = lines.find((l) => l[0] === 'Mr John Smith') as string[];
    expect(john.slice(5, 13)).toEqual([
      'Bath',
      'Somerset',
      'BA1 1AA',
      'United Kingdom',
      'john@example.test',
      '01225 000111',
      '07700 900111',
      '10/04/2026',
    ]);
    expect(john.slice(16)).toEqual(['2', '20/05/2026', '1', '11/04/2026']);
    const total = lines.find((l) => l[0]?.startsWith('Total')) as string[];
    expect(total[16]).toBe('2');
    expect(total[18]).toBe('1');
  });
});
