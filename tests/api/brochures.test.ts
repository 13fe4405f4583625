import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

// Brochures and the cover letter (spec 3 §2 'Brochures', §3, §4, §7): not role-gated (spec 3 §6).
describe.each(testDbKinds)('brochures on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  it('creates, lists, toggles and deletes brochures; brochure-list gives the active ones by name', async () => {
    const rivers = await call('POST', '/brochures', t.accountantToken, {
      brochure_name: 'River Cruises 2027',
    });
    expect(rivers.statusCode).toBe(200);
    expect(rivers.json()).toMatchObject({ success: true, message: 'Brochure created successfully.' });
    const riversId = rivers.json().data.id;
    const europeId = (
      await call('POST', '/brochures', t.adminToken, { brochure_name: 'Europe by Coach 2027' })
    ).json().data.id;
    const alpsId = (
      await call('POST', '/brochures', t.adminToken, { brochure_name: 'Alpine Lakes 2027' })
    ).json().data.id;

    const all = await call('GET', '/brochures', t.accountantToken);
    expect(all.json().data).toEqual([
      { id: alpsId, brochure_name: 'Alpine Lakes 2027', is_active: true },
      { id: europeId, brochure_name: 'Europe by Coach 2027', is_active: true },
      { id: riversId, brochure_name: 'River Cruises 2027', is_active: true },
    ]);

    const off = await call('POST', `/brochures/${alpsId}`, t.accountantToken, { is_active: false });
    expect(off.json()).toMatchObject({ success: true, message: 'Brochure deactivated.' });
    expect(
      (await call('GET', '/brochures?type=active', t.adminToken))
        .json()
        .data.map((b: { id: number }) => b.id),
    ).toEqual([europeId, riversId]);
    const list = await call('GET', '/brochure-list?type=active', t.adminToken);
    expect(list.json()).toEqual({
      success: true,
      data: [
        { id: europeId, brochure_name: 'Europe by Coach 2027' },
        { id: riversId, brochure_name: 'River Cruises 2027' },
      ],
    });
    expect((await call('POST', `/brochures/${alpsId}`, t.adminToken, { is_active: 1 })).json().message).toBe(
      'Brochure activated.',
    );
    expect((await call('GET', '/brochure-list', t.adminToken)).json().data).toHaveLength(3);

    const deleted = await call('POST', `/brochures/${alpsId}/delete`, t.accountantToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Brochure deleted successfully.' });
    expect((await call('GET', '/brochures', t.adminToken)).json().data).toHaveLength(2);
  });

  it('answers 422 with the field messages and 404 for unknown ids', async () => {
    const noName = await call('POST', '/brochures', t.adminToken, { brochure_name: '' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors).toEqual({ brochure_name: ['Brochure name is required.'] });
    await call('POST', '/brochures', t.adminToken, { brochure_name: 'Highlands 2027' });
    const dup = await call('POST', '/brochures', t.adminToken, { brochure_name: 'HIGHLANDS 2027' });
    expect(dup.json().errors).toEqual({ brochure_name: ['A brochure with this name already exists.'] });
    const badFlag = await call('POST', '/brochures/1', t.adminToken, { is_active: 'maybe' });
    expect(badFlag.statusCode).toBe(422);
    expect(badFlag.json().errors).toEqual({ is_active: ['Active must be yes or no.'] });
    expect((await call('POST', '/brochures/999999', t.adminToken, { is_active: true })).statusCode).toBe(404);
    expect((await call('POST', '/brochures/999999/delete', t.adminToken)).statusCode).toBe(404);
    const badType = await call('GET', '/brochures?type=old', t.adminToken);
    expect(badType.statusCode).toBe(422);
  });

  it('refuses to delete a brochure that brochure requests use', async () => {
    const id = (
      await call('POST', '/brochures', t.adminToken, { brochure_name: 'Christmas Markets 2027' })
    ).json().data.id;
    await t.db.execute(
      `insert into brochure_requests (brochure_id, requester_first_name, requester_last_name) values (${id}, 'Ann', 'Lee')`,
    );
    const res = await call('POST', `/brochures/${id}/delete`, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'This brochure cannot be deleted: brochure requests use it.',
    });
  });

  it('saves the cover letter sanitised and reads it back', async () => {
    const empty = await call('GET', '/brochures/cover-letter', t.accountantToken);
    expect(empty.json()).toEqual({
      success: true,
      data: { content: '', type: 'brochure_cover_letter_content' },
    });

    const html =
      '<h2>Dear {customer}</h2><p onclick="steal()">Thank you for asking for our <strong>brochures</strong>.' +
      '<script>alert(1)</script><img src="x" onerror="alert(2)"></p>' +
      '<p><a href="javascript:alert(3)">bad link</a> <a href="https://example.co.uk/tours">our tours</a></p>' +
      '<table><tbody><tr><td>Brochure</td><td>Pages</td></tr></tbody></table>';
    const saved = await call('POST', '/brochures/cover-letter', t.accountantToken, {
      content: html,
      type: 'brochure_cover_letter_content',
    });
    expect(saved.json()).toMatchObject({ success: true, message: 'Cover letter saved successfully.' });
    const stored: string = (await call('GET', '/brochures/cover-letter', t.adminToken)).json().data.content;
    expect(stored).not.toMatch(/<script|alert\(1\)|onerror|onclick|javascript:/i);
    expect(stored).toContain('<h2>Dear {customer}</h2>');
    expect(stored).toContain('<strong>brochures</strong>');
    expect(stored).toContain('<a href="https://example.co.uk/tours">our tours</a>');
    expect(stored).toContain('<table><tbody><tr><td>Brochure</td><td>Pages</td></tr></tbody></table>');
    expect(saved.json().data.content).toBe(stored);

    // Saving again replaces the one letter.
    await call('POST', '/brochures/cover-letter', t.adminToken, {
      content: '<p>Second</p>',
      type: 'brochure_cover_letter_content',
    });
    expect((await call('GET', '/brochures/cover-letter', t.adminToken)).json().data.content).toBe(
      '<p>Second</p>',
    );
    const rows = await t.db.execute(
      "select count(*)::int as n from site_contents where type = 'brochure_cover_letter_content'",
    );
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0].n)).toBe(1);

    const wrongType = await call('POST', '/brochures/cover-letter', t.adminToken, {
      content: '<p>x</p>',
      type: 'x',
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors.type).toEqual(['Type must be brochure_cover_letter_content.']);
  });
});
