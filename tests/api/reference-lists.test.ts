import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

// Service types, advertise sizes, system settings and cancellation policies (spec 3 §2, §3, §5, §7).
describe.each(testDbKinds)('reference lists on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  /** POST as multipart/form-data, as the spec's side forms send it. */
  const postForm = async (url: string, token: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...bearer(token), 'content-type': req.headers.get('content-type') as string },
      payload: Buffer.from(await req.arrayBuffer()),
    });
  };

  describe('service types', () => {
    it('adds (multipart), edits by id (JSON), lists, searches and deletes', async () => {
      const added = await postForm('/service-types/create', t.adminToken, {
        service_name: 'Coach hire',
        service_code: 'COACH',
      });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toMatchObject({ success: true, message: 'Service type added successfully.' });
      const id = added.json().data.id;
      await call('POST', '/service-types/create', t.adminToken, {
        service_name: 'Hotel',
        service_code: 'HTL',
      });

      const edited = await call('POST', '/service-types/create', t.adminToken, {
        id,
        service_name: 'Coach Hire',
        service_code: '',
      });
      expect(edited.json()).toMatchObject({ success: true, message: 'Service type updated successfully.' });
      const editedForm = await postForm('/service-types/create', t.adminToken, {
        service_type_id: String(id),
        service_name: 'Coach hire',
        service_code: 'CH',
      });
      expect(editedForm.json().data.id).toBe(id);

      const list = await call('GET', '/service-types/list', t.accountantToken);
      expect(list.json().data).toEqual([
        { id, service_type_id: id, service_name: 'Coach hire', service_code: 'CH' },
        expect.objectContaining({ service_name: 'Hotel', service_code: 'HTL' }),
      ]);
      const table = await call('GET', '/service-types/table?draw=4&search[value]=htl', t.accountantToken);
      expect(table.json()).toMatchObject({ draw: 4, recordsTotal: 2, recordsFiltered: 1 });
      expect(table.json().data[0].service_name).toBe('Hotel');

      const deleted = await call('POST', `/service-types/${id}/delete`, t.adminToken);
      expect(deleted.json()).toMatchObject({ success: true, message: 'Service type deleted successfully.' });
      expect((await call('POST', `/service-types/${id}/delete`, t.adminToken)).statusCode).toBe(404);
    });

    it('answers 422 for a missing or duplicate name, 404 for an unknown id', async () => {
      const blank = await postForm('/service-types/create', t.adminToken, { service_name: ' ' });
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors).toEqual({ service_name: ['Service Name is required.'] });
      await call('POST', '/service-types/create', t.adminToken, { service_name: 'Ferry' });
      const dup = await call('POST', '/service-types/create', t.adminToken, { service_name: 'ferry' });
      expect(dup.json().errors).toEqual({ service_name: ['A service type with this name already exists.'] });
      const unknown = await call('POST', '/service-types/create', t.adminToken, {
        id: 999999,
        service_name: 'X',
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('answers 403 to role 2 on add, edit and delete', async () => {
      expect(
        (await postForm('/service-types/create', t.accountantToken, { service_name: 'X' })).statusCode,
      ).toBe(403);
      expect((await call('POST', '/service-types/1/delete', t.accountantToken)).statusCode).toBe(403);
      expect((await call('GET', '/service-types/table', t.accountantToken)).statusCode).toBe(200);
    });
  });

  describe('advertise sizes', () => {
    it('adds, edits, tables and deletes; 422 and 403 as the spec gates them', async () => {
      const added = await postForm('/advertise-sizes/create', t.adminToken, { size_name: 'Half page' });
      expect(added.json()).toMatchObject({ success: true, message: 'Advertise size added successfully.' });
      const id = added.json().data.id;
      const edited = await postForm('/advertise-sizes/create', t.adminToken, {
        size_id: String(id),
        size_name: 'Half page (landscape)',
      });
      expect(edited.json()).toMatchObject({ success: true, message: 'Advertise size updated successfully.' });
      await call('POST', '/advertise-sizes/create', t.adminToken, { size_name: 'Full page' });
      const table = await call('GET', '/advertise-sizes/table', t.accountantToken);
      expect(table.json().data.map((r: { size_name: string }) => r.size_name)).toEqual([
        'Full page',
        'Half page (landscape)',
      ]);
      expect(table.json().data[1]).toEqual({ id, size_id: id, size_name: 'Half page (landscape)' });

      const blank = await call('POST', '/advertise-sizes/create', t.adminToken, { size_name: '' });
      expect(blank.json().errors).toEqual({ size_name: ['Advertise Size is required.'] });
      const dup = await call('POST', '/advertise-sizes/create', t.adminToken, { size_name: 'FULL PAGE' });
      expect(dup.json().errors).toEqual({ size_name: ['An advertise size with this name already exists.'] });

      expect(
        (await postForm('/advertise-sizes/create', t.accountantToken, { size_name: 'X' })).statusCode,
      ).toBe(403);
      expect((await call('POST', `/advertise-sizes/${id}/delete`, t.accountantToken)).statusCode).toBe(403);
      const deleted = await call('POST', `/advertise-sizes/${id}/delete`, t.adminToken);
      expect(deleted.json()).toMatchObject({
        success: true,
        message: 'Advertise size deleted successfully.',
      });
    });
  });

  describe('system settings (not role-gated)', () => {
    it('role 2 creates, reads, searches, updates and deletes a setting', async () => {
      const created = await call('POST', '/settings/system', t.accountantToken, {
        name: 'brochure_batch_size',
        value: '250',
      });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toMatchObject({
        success: true,
        message: 'System setting created successfully.',
      });
      const id = created.json().data.id;
      expect((await call('GET', `/settings/system/${id}`, t.accountantToken)).json().data).toEqual({
        id,
        name: 'brochure_batch_size',
        value: '250',
      });

      const searched = await call('GET', '/settings/system/table?search[value]=brochure', t.accountantToken);
      expect(searched.json()).toMatchObject({ recordsFiltered: 1 });
      expect(searched.json().recordsTotal).toBeGreaterThan(1);

      const updated = await call('PUT', `/settings/system/${id}`, t.accountantToken, {
        name: 'brochure_batch_size',
        value: 300,
      });
      expect(updated.json()).toMatchObject({
        success: true,
        message: 'System setting updated successfully.',
      });
      expect((await call('GET', `/settings/system/${id}`, t.adminToken)).json().data.value).toBe('300');

      const deleted = await call('POST', `/settings/system/${id}/delete`, t.accountantToken);
      expect(deleted.json()).toMatchObject({
        success: true,
        message: 'System setting deleted successfully.',
      });
      expect((await call('GET', `/settings/system/${id}`, t.adminToken)).statusCode).toBe(404);
      expect(
        (await call('PUT', `/settings/system/${id}`, t.adminToken, { name: 'x', value: '1' })).statusCode,
      ).toBe(404);
    });

    it("answers 422 'The name has already been taken.' on create and update, and for blank fields", async () => {
      const dup = await call('POST', '/settings/system', t.adminToken, {
        name: 'default_vat_percent',
        value: '20',
      });
      expect(dup.statusCode).toBe(422);
      expect(dup.json()).toMatchObject({
        success: false,
        errors: { name: ['The name has already been taken.'] },
      });
      const other = (
        await call('POST', '/settings/system', t.adminToken, { name: 'sms_sender', value: 'TOURS' })
      ).json().data.id;
      const renamed = await call('PUT', `/settings/system/${other}`, t.adminToken, {
        name: 'default_vat_percent',
        value: 'x',
      });
      expect(renamed.json().errors).toEqual({ name: ['The name has already been taken.'] });

      const blank = await call('POST', '/settings/system', t.adminToken, { name: '', value: '' });
      expect(blank.json().errors).toEqual({
        name: ['The name field is required.'],
        value: ['The value field is required.'],
      });
      const bad = await call('POST', '/settings/system', t.adminToken, { name: 'has space', value: '1' });
      expect(bad.json().errors.name).toEqual([
        "The name may only contain letters, numbers, '_', '.' and '-'.",
      ]);
    });
  });

  describe('cancellation policies', () => {
    // Each test starts from an empty table, so overlaps come only from its own policies.
    beforeEach(async () => {
      await t.db.execute('delete from cancellation_policies');
    });
    const policy = (p: Record<string, unknown>) => ({
      policy: { handle_tag: 'add', penalty_type: 1, tour_type: 'air', ...p },
    });

    it('adds, reads (get-policy), tables, edits and deletes a policy', async () => {
      const added = await call(
        'POST',
        '/cancellations/penalties',
        t.adminToken,
        policy({ days_before_start: 999, days_before_end: 56, penalty_charge: '10' }),
      );
      expect(added.statusCode).toBe(200);
      expect(added.json()).toMatchObject({
        status: true,
        message: 'Cancellation policy added successfully.',
      });
      const id = added.json().data.id;
      await call(
        'POST',
        '/cancellations/penalties',
        t.adminToken,
        policy({ days_before_start: 55, days_before_end: 42, penalty_charge: 30, tour_type: 'coach' }),
      );
      await call('POST', '/cancellations/penalties', t.adminToken, {
        handle_tag: 'add',
        days_before_start: 41,
        days_before_end: 0,
        penalty_type: false,
        penalty_charge: '250.5',
        tour_type: 'air',
      });

      const one = await call('POST', `/cancellations/${id}/get-policy`, t.accountantToken);
      expect(one.json().data).toEqual({
        id,
        days_before_start: 999,
        days_before_end: 56,
        penalty_type: 1,
        penalty_charge: '10.00',
        tour_type: 'air',
      });

      const table = await call('GET', '/cancellations/penalties?draw=1&start=0&length=25', t.accountantToken);
      expect(table.json()).toMatchObject({ draw: 1, recordsTotal: 3, recordsFiltered: 3 });
      expect(table.json().data.map((r: { days_before_start: number }) => r.days_before_start)).toEqual([
        999, 41, 55,
      ]);
      expect(table.json().data[1]).toMatchObject({ penalty_type: 0, penalty_charge: '250.50' });
      const byType = await call(
        'GET',
        '/cancellations/penalties?order[0][column]=0&order[0][dir]=desc&columns[0][data]=tour_type',
        t.accountantToken,
      );
      expect(byType.json().data[0].tour_type).toBe('coach');

      const edited = await call(
        'POST',
        '/cancellations/penalties',
        t.adminToken,
        policy({ handle_tag: 'edit', id, days_before_start: 365, days_before_end: 56, penalty_charge: '15' }),
      );
      expect(edited.json()).toMatchObject({
        status: true,
        message: 'Cancellation policy updated successfully.',
      });
      expect((await call('POST', `/cancellations/${id}/get-policy`, t.adminToken)).json().data).toMatchObject(
        {
          days_before_start: 365,
          penalty_charge: '15.00',
        },
      );

      const deleted = await call('POST', `/cancellations/penalties/${id}/delete`, t.adminToken);
      expect(deleted.json()).toMatchObject({
        success: true,
        message: 'Cancellation policy deleted successfully.',
      });
      expect((await call('POST', `/cancellations/${id}/get-policy`, t.adminToken)).statusCode).toBe(404);
      expect((await call('POST', `/cancellations/penalties/${id}/delete`, t.adminToken)).statusCode).toBe(
        404,
      );
    });

    it('answers 422 with the spec messages: more than 100 %, days end not less than days start', async () => {
      const over = await call(
        'POST',
        '/cancellations/penalties',
        t.adminToken,
        policy({ days_before_start: 30, days_before_end: 10, penalty_charge: '120' }),
      );
      expect(over.statusCode).toBe(422);
      expect(over.json().errors).toEqual({ penalty_charge: ['Sorry! You cannot enter more than 100%'] });
      // In pounds, 120 is fine.
      const pounds = await call(
        'POST',
        '/cancellations/penalties',
        t.adminToken,
        policy({ days_before_start: 30, days_before_end: 10, penalty_charge: '120', penalty_type: 0 }),
      );
      expect(pounds.statusCode).toBe(200);

      for (const [start, end] of [
        [10, 20],
        [14, 14],
      ]) {
        const res = await call(
          'POST',
          '/cancellations/penalties',
          t.adminToken,
          policy({
            days_before_start: start,
            days_before_end: end,
            penalty_charge: '50',
            tour_type: 'coach',
          }),
        );
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({
          days_before_end: ['Days end should be less than days start.'],
          days_before_start: ['Days start should be greater than days end.'],
        });
      }

      const missing = await call('POST', '/cancellations/penalties', t.adminToken, {
        policy: { handle_tag: 'edit', days_before_start: '', penalty_charge: 'abc', tour_type: 'ship' },
      });
      expect(missing.json().errors).toEqual({
        days_before_start: ['Policy Day Start is required.'],
        days_before_end: ['Policy Day End is required.'],
        penalty_charge: ['Cancellation Amount must be an amount with at most 2 decimals.'],
        tour_type: ['Choose the tour type: air or coach.'],
      });
      const noId = await call(
        'POST',
        '/cancellations/penalties',
        t.adminToken,
        policy({ handle_tag: 'edit', days_before_start: 5, days_before_end: 1, penalty_charge: 1 }),
      );
      expect(noId.json().errors).toEqual({ id: ['The id field is required when editing.'] });
      const unknown = await call(
        'POST',
        '/cancellations/penalties',
        t.adminToken,
        policy({
          handle_tag: 'edit',
          id: 999999,
          days_before_start: 5,
          days_before_end: 1,
          penalty_charge: 1,
        }),
      );
      expect(unknown.statusCode).toBe(404);
    });

    it('refuses a day range that overlaps another policy of the same tour type', async () => {
      const first = await call(
        'POST',
        '/cancellations/penalties',
        t.adminToken,
        policy({ days_before_start: 55, days_before_end: 42, penalty_charge: 30 }),
      );
      const id = first.json().data.id;
      const clash = await call(
        'POST',
        '/cancellations/penalties',
        t.adminToken,
        policy({ days_before_start: 42, days_before_end: 29, penalty_charge: 50 }),
      );
      expect(clash.statusCode).toBe(422);
      const message = 'These days overlap the Air policy for 55 to 42 days before departure.';
      expect(clash.json()).toMatchObject({
        message,
        errors: { days_before_start: [message], days_before_end: [message] },
      });
      // The same days for coach, the adjacent range for air and editing a policy onto itself are fine.
      for (const p of [
        policy({ days_before_start: 55, days_before_end: 42, penalty_charge: 30, tour_type: 'coach' }),
        policy({ days_before_start: 41, days_before_end: 29, penalty_charge: 50 }),
        policy({ handle_tag: 'edit', id, days_before_start: 56, days_before_end: 42, penalty_charge: 30 }),
      ]) {
        expect((await call('POST', '/cancellations/penalties', t.adminToken, p)).statusCode).toBe(200);
      }
    });

    it('is guarded by CHECK constraints in the database too', async () => {
      await expect(
        t.db.execute(
          `insert into cancellation_policies (days_before_start, days_before_end, penalty_type, penalty_charge, tour_type)
           values (10, 20, 0, 5, 'air')`,
        ),
      ).rejects.toThrow();
      await expect(
        t.db.execute(
          `insert into cancellation_policies (days_before_start, days_before_end, penalty_type, penalty_charge, tour_type)
           values (20, 10, 1, 101, 'air')`,
        ),
      ).rejects.toThrow();
    });

    it('answers 403 to role 2 on save and delete; role 2 may read a policy', async () => {
      const id = (
        await call(
          'POST',
          '/cancellations/penalties',
          t.adminToken,
          policy({ days_before_start: 14, days_before_end: 0, penalty_charge: 100 }),
        )
      ).json().data.id;
      const save = await call(
        'POST',
        '/cancellations/penalties',
        t.accountantToken,
        policy({ days_before_start: 28, days_before_end: 15, penalty_charge: 75 }),
      );
      expect(save.statusCode).toBe(403);
      expect(
        (await call('POST', `/cancellations/penalties/${id}/delete`, t.accountantToken)).statusCode,
      ).toBe(403);
      expect((await call('POST', `/cancellations/${id}/get-policy`, t.accountantToken)).statusCode).toBe(200);
      expect((await call('GET', '/cancellations/penalties', t.accountantToken)).statusCode).toBe(200);
    });
  });
});
