import { sql } from 'drizzle-orm';
import { it } from 'vitest';
import { createTestContext } from '../helpers/app';
it('x', async () => {
  for (const kind of ['pglite', 'postgres'] as const) {
    const t = await createTestContext(kind);
    await t.db.execute(sql`insert into brochures (brochure_name) values ('Safety brochure')`);
    await t.db.execute(sql`insert into brochure_requests (brochure_id, requester_first_name, requester_last_name) select id, 'Safe', 'Tee' from brochures order by id limit 1`);
    const res = await t.app.inject({ method: 'POST', url: '/api/brochures/requests/1/link-customer', headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' }, payload: '{}' });
    console.log(kind, res.statusCode, res.body);
    await t.close();
  }
});
