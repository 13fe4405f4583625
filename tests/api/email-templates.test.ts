import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_DOCUMENT_CODES, EMAIL_TEMPLATE_VARIABLES } from '../../src/shared/email-templates';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

// Email templates (spec 3 §2, §3 EmailTemplate, §6: writes role 1 only, §7, §9).
describe.each(testDbKinds)('email templates on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  const template = (over: Record<string, unknown> = {}) => ({
    title: 'Balance reminder',
    type: 1,
    slug: 'balance-reminder',
    subject: 'Your balance for {booking_ref} is due',
    body_content:
      '<p>Dear {customer_title} {customer_lastname},</p><p>Please pay {tour_balance} by {balance_due_date}.</p>',
    selected_doc_types: ['invoice'],
    status: 1,
    ...over,
  });

  it('creates, reads, lists, searches, updates and deletes a template', async () => {
    const created = await call('POST', '/email-templates/create', t.adminToken, template());
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: 'Email template created successfully.' });
    const id = created.json().data.id;

    const one = await call('GET', `/email-templates/${id}/template`, t.accountantToken);
    expect(one.json()).toEqual({
      success: true,
      data: {
        template_id: id,
        template_name: 'Balance reminder',
        template_type: 1,
        template_subject: 'Your balance for {booking_ref} is due',
        template_slug: 'balance-reminder',
        template_status: 1,
        template_body_content:
          '<p>Dear {customer_title} {customer_lastname},</p><p>Please pay {tour_balance} by {balance_due_date}.</p>',
        selected_doc_types: ['invoice'],
      },
    });

    await call(
      'POST',
      '/email-templates/create',
      t.adminToken,
      template({
        title: 'Travel documents',
        type: '2',
        slug: 'travel_documents',
        subject: 'Your travel documents',
        selected_doc_types: ['atol', 'airline', 'airline-checkin', 'atol'],
        status: undefined,
      }),
    );
    const table = await call('GET', '/email-templates/table?draw=2&search[value]=travel', t.accountantToken);
    // Two made here, beside the four payment reminder templates every database ships with (issue #26).
    expect(table.json()).toMatchObject({ draw: 2, recordsTotal: 6, recordsFiltered: 1 });
    expect(table.json().data[0]).toMatchObject({
      template_name: 'Travel documents',
      template_type: 2,
      template_subject: 'Your travel documents',
      template_status: 1,
    });
    const travelId = table.json().data[0].id;
    // New templates default to active; a document type ticked twice is kept once.
    expect(
      (await call('GET', `/email-templates/${travelId}/template`, t.adminToken)).json().data,
    ).toMatchObject({
      template_status: 1,
      selected_doc_types: ['atol', 'airline', 'airline-checkin'],
    });
    const sorted = await call(
      'GET',
      '/email-templates/table?columns[0][data]=template_name&order[0][column]=0&order[0][dir]=desc',
      t.adminToken,
    );
    expect(sorted.json().data.map((r: { template_name: string }) => r.template_name)).toEqual([
      'Travel documents',
      'Payment reminder: overdue',
      'Payment reminder: due today',
      'Payment reminder: due in 3 days',
      'Payment reminder: due in 14 days',
      'Balance reminder',
    ]);

    const updated = await call(
      'POST',
      `/email-templates/${id}/update`,
      t.adminToken,
      template({
        title: 'Balance reminder (7 days)',
        status: 0,
        selected_doc_types: [],
        subject: 'Reminder',
      }),
    );
    expect(updated.json()).toMatchObject({ success: true, message: 'Email template updated successfully.' });
    expect((await call('GET', `/email-templates/${id}/template`, t.adminToken)).json().data).toMatchObject({
      template_name: 'Balance reminder (7 days)',
      template_subject: 'Reminder',
      template_status: 0,
      selected_doc_types: [],
    });

    const deleted = await call('POST', `/email-templates/${id}/delete`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Email template deleted successfully.' });
    expect((await call('GET', `/email-templates/${id}/template`, t.adminToken)).statusCode).toBe(404);
    expect((await call('POST', `/email-templates/${id}/delete`, t.adminToken)).statusCode).toBe(404);
    expect((await call('POST', `/email-templates/${id}/update`, t.adminToken, template())).statusCode).toBe(
      404,
    );
  });

  it('accepts every content variable and document type of the spec', async () => {
    const body = EMAIL_TEMPLATE_VARIABLES.map((v) => `<p>{${v}}</p>`).join('');
    const res = await call(
      'POST',
      '/email-templates/create',
      t.adminToken,
      template({ slug: 'everything', body_content: body, selected_doc_types: [...EMAIL_DOCUMENT_CODES] }),
    );
    expect(res.json().success).toBe(true);
    const data = (await call('GET', `/email-templates/${res.json().data.id}/template`, t.adminToken)).json()
      .data;
    expect(data.template_body_content).toBe(body);
    expect(data.selected_doc_types).toEqual([...EMAIL_DOCUMENT_CODES]);
  });

  it('answers 422 with per-field messages', async () => {
    const empty = await call('POST', '/email-templates/create', t.adminToken, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      title: ['Title is required.'],
      type: ['Type is required.'],
      slug: ['Slug is required.'],
      subject: ['Subject is required.'],
    });

    const bad = await call(
      'POST',
      '/email-templates/create',
      t.adminToken,
      template({
        type: 3,
        status: 5,
        slug: 'Balance Reminder!',
        subject: 'Hello {first_name}',
        body_content: '<p>{booking_ref} {bookingref} {bookingref} and {hotel}</p>',
        selected_doc_types: ['invoice', 'passport'],
      }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      type: ['Type must be one of 1, 2.'],
      status: ['Status must be one of 0, 1.'],
      slug: ["Slug may contain only lower-case letters, digits, '-' or '_'."],
      subject: ['Unknown variable {first_name}.'],
      body_content: ['Unknown variable {bookingref}.'],
      selected_doc_types: ['Unknown document type passport.'],
    });

    await call('POST', '/email-templates/create', t.adminToken, template({ slug: 'taken-slug' }));
    const taken = await call(
      'POST',
      '/email-templates/create',
      t.adminToken,
      template({ slug: 'taken-slug' }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ slug: ['This slug is already used by another template.'] });
    const otherId = (
      await call('POST', '/email-templates/create', t.adminToken, template({ slug: 'other-slug' }))
    ).json().data.id;
    const takenOnUpdate = await call(
      'POST',
      `/email-templates/${otherId}/update`,
      t.adminToken,
      template({ slug: 'taken-slug' }),
    );
    expect(takenOnUpdate.json().errors).toEqual({ slug: ['This slug is already used by another template.'] });
    // Keeping its own slug is fine.
    expect(
      (
        await call(
          'POST',
          `/email-templates/${otherId}/update`,
          t.adminToken,
          template({ slug: 'other-slug' }),
        )
      ).json().success,
    ).toBe(true);
  });

  it('stores the body sanitised: no scripts, event handlers or javascript: links', async () => {
    const res = await call(
      'POST',
      '/email-templates/create',
      t.adminToken,
      template({
        slug: 'sanitised',
        body_content:
          '<h2>Hello {customer}</h2><script>alert(1)</script><p onmouseover="x()">Text<img src="a.png" onerror="alert(2)"></p>' +
          '<p><a href="javascript:alert(3)">click</a> <a href="https://example.co.uk/manage">Manage</a></p>' +
          '<table><tbody><tr><td>{hotel}</td></tr></tbody></table>',
      }),
    );
    const body: string = (
      await call('GET', `/email-templates/${res.json().data.id}/template`, t.adminToken)
    ).json().data.template_body_content;
    expect(body).not.toMatch(/<script|alert\(1\)|onerror|onmouseover|javascript:/i);
    expect(body).toContain('<h2>Hello {customer}</h2>');
    expect(body).toContain('<a href="https://example.co.uk/manage">Manage</a>');
    expect(body).toContain('<table><tbody><tr><td>{hotel}</td></tr></tbody></table>');
  });

  it('answers 403 to role 2 on every write, and lets role 2 read', async () => {
    const id = (
      await call('POST', '/email-templates/create', t.adminToken, template({ slug: 'read-only' }))
    ).json().data.id;
    expect(
      (await call('POST', '/email-templates/create', t.accountantToken, template({ slug: 'x' }))).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/email-templates/${id}/update`, t.accountantToken, template())).statusCode,
    ).toBe(403);
    expect((await call('POST', `/email-templates/${id}/delete`, t.accountantToken)).statusCode).toBe(403);
    expect((await call('GET', `/email-templates/${id}/template`, t.accountantToken)).statusCode).toBe(200);
    expect((await call('GET', '/email-templates/table', t.accountantToken)).statusCode).toBe(200);
  });
});
