import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Agent, AgentRow, agentInput } from '../../../shared/api/agents';
import { type Db, queryRows } from '../../db/client';
import { agents } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse } from '../../http/db-errors';
import { notFound } from '../../http/errors';
import { partyBookingsTable } from './party-bookings';

type AgentValues = z.output<typeof agentInput>;

export const AGENT_NOT_FOUND = 'Agent not found.';
export const AGENT_IN_USE = 'This agent cannot be deleted: bookings are linked to it.';

/**
 * Agents table (spec 2 §2 /agents, §7 GET agents/table): ABTA no., name, postcode; quick search
 * on name, ABTA number, postcode and email. Also the bookings screens' agent picker (5 a page).
 *
 * Spec 2 §9 'Agents default order column 4 descending': the visible columns are ABTA no., name,
 * postcode, edit, delete and reset link, so a column 4 (0-based: delete; 1-based: edit) is no data
 * column a list can sort by. We read it as the original table's hidden fifth data column, the
 * creation date, i.e. newest agents first (created_at desc, then id desc).
 */
export function agentTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<AgentRow>(db, req, {
    from: sql`agents`,
    select: sql`id, abta, name, postcode, email, phone_number, town_city, commission, created_at`,
    sortable: {
      id: sql`id`,
      abta: sql`abta`,
      name: sql`name`,
      postcode: sql`postcode`,
      email: sql`email`,
      created_at: sql`created_at`,
    },
    defaultOrder: { column: 'created_at', dir: 'desc' },
    defaultLength: 25,
    tieBreaker: sql`id`,
    searchable: [sql`name`, sql`abta`, sql`postcode`, sql`email`],
  });
}

/** One agent without its password hash; 404 when there is none. */
export async function getAgent(db: Db, id: number): Promise<Agent> {
  const [row] = await queryRows<Agent>(
    db,
    sql`select id, name, name as company_name, abta, email, phone_number, address_line_1, address_line_2,
          town_city, county, postcode, commission::text as commission, credit_limit::text as credit_limit,
          is_password_generated, (password_hash is not null) as has_password
        from agents where id = ${id}`,
  );
  if (!row) throw notFound(AGENT_NOT_FOUND);
  return row;
}

const columns = (v: AgentValues) => ({
  name: v.name,
  abta: v.abta ?? null,
  email: v.email ?? null,
  phone_number: v.phone_number ?? null,
  address_line_1: v.address_line_1 ?? null,
  address_line_2: v.address_line_2 ?? null,
  town_city: v.town_city ?? null,
  county: v.county ?? null,
  postcode: v.postcode ?? null,
  commission: v.commission ?? '0.00',
  credit_limit: v.credit_limit ?? '0.00',
});

/** Inserts an agent; answers its id. */
export async function createAgent(db: Db, values: AgentValues): Promise<number> {
  const [row] = await db.insert(agents).values(columns(values)).returning({ id: agents.id });
  return row.id;
}

/** Updates an agent's fields (not its password); 404 when there is none. */
export async function updateAgent(db: Db, id: number, values: AgentValues): Promise<void> {
  const rows = await db
    .update(agents)
    .set({ ...columns(values), updated_at: sql`now()` })
    .where(eq(agents.id, id))
    .returning({ id: agents.id });
  if (rows.length === 0) throw notFound(AGENT_NOT_FOUND);
}

/** Deletes an agent; refused (409) while bookings point at it (bookings.agent_id is ON DELETE RESTRICT). */
export async function deleteAgent(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => db.delete(agents).where(eq(agents.id, id)).returning({ id: agents.id }),
    AGENT_IN_USE,
  );
  if (rows.length === 0) throw notFound(AGENT_NOT_FOUND);
}

/**
 * The agent's bookings, current plus old (spec 2 §2 agent edit). Current ones carry agent_id; the
 * earlier system's are linked to old_agents, which have no link to agents, so an old agent counts
 * as this agent when its ABTA number matches (the trade number identifies an agency) or, failing
 * that, its name does — the most the imported data allows.
 */
export async function agentBookingsTable(db: Db, id: number, req: DataTablesRequest) {
  await assertAgentExists(db, id);
  const match = sql`(b.agent_id = ${id} or b.old_agent_id in (
      select oa.id from old_agents oa join agents a on a.id = ${id}
      where (nullif(btrim(a.abta), '') is not null and upper(btrim(oa.abta)) = upper(btrim(a.abta)))
         or lower(btrim(oa.name)) = lower(btrim(a.name))))`;
  return partyBookingsTable(db, req, match, 10);
}

async function assertAgentExists(db: Db, id: number) {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from agents where id = ${id}`);
  if (!row) throw notFound(AGENT_NOT_FOUND);
}
