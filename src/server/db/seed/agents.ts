import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * Demo: a dozen of today's agencies also traded under the earlier system. Their old records take the
 * agency's ABTA number and name, so the agent edit screen lists their imported bookings beside the
 * current ones (spec 2 §2 'list of bookings (current plus old)'). Deterministic: the n-th old agent
 * that has bookings is the (7·n)-th agent by id.
 */
export async function linkOldAgents(db: Db): Promise<void> {
  await db.execute(sql`
    with old as (
      select id, row_number() over (order by id) as n
      from old_agents where id in (select old_agent_id from bookings where old_agent_id is not null)
    ), cur as (
      select id, abta, name, row_number() over (order by id) as n from agents
    )
    update old_agents o set abta = cur.abta, name = cur.name
    from old join cur on cur.n = old.n * 7
    where o.id = old.id and old.n <= 12`);
}
