import { type SQL, sql } from 'drizzle-orm';
import { AGENT_ACTOR_NAME, CUSTOMER_ACTOR_NAME } from '../../shared/api/customer-messages';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { audit_log } from '../db/schema';

/** One changed field: its value before and after (null when absent). */
export interface AuditChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * Who acted when it was not a member of staff (booking_history.actor, audit_log.actor): 'customer'
 * for what a customer did on their side (issue #23), 'agent' for what a travel agency did on its
 * side (issue #25), written with user_id null.
 */
export type Actor = 'customer' | 'agent';

/**
 * The name a history shows for who acted: the user's name (`userName`, e.g. `u.name`), else
 * 'Customer' or 'Agent' when the row's `actor` column is 'customer' or 'agent', else null (the system, or a user since
 * deleted). One expression for the answer, its sort and its search.
 */
export const actorNameSql = (userName: SQL, actor: SQL) =>
  sql`coalesce(${userName}, case ${actor} when 'customer' then ${CUSTOMER_ACTOR_NAME}::text
                                         when 'agent' then ${AGENT_ACTOR_NAME}::text end)`;

/** Fields never written to the history (bookkeeping, not what staff changed). */
const SKIPPED = new Set(['id', 'created_at', 'updated_at']);

const norm = (v: unknown): unknown => {
  if (v === undefined || v === '') return null;
  if (v instanceof Date) return v.toISOString();
  return v;
};

/**
 * The field diff of a record: every field of `before` and `after` (except id and timestamps) whose
 * value differs — all of `after` for a create, all of `before` for a delete. Values are compared as
 * JSON, so '12.50' and '12.50' match and null equals undefined and ''.
 */
export function auditDiff(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out: AuditChange[] = [];
  for (const field of fields) {
    if (SKIPPED.has(field)) continue;
    const from = norm(before?.[field]);
    const to = norm(after?.[field]);
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    out.push({ field, from, to });
  }
  return out;
}

/**
 * Writes one audit row (who, when, entity, action, `[{field, from, to}]`) with `tx` — call it inside
 * the change's own transaction, so the history and the change commit together. An update that
 * changes no field writes nothing. A change a customer made on their side passes `userId: null,
 * actor: 'customer'` (the histories then name 'Customer').
 */
export async function recordAudit(
  tx: Db,
  a: {
    entity: string;
    entityId: number;
    action: 'created' | 'updated' | 'deleted';
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
    userId: number | null;
    /** The screen's record the change belongs to ('supplier:12', 'tour_group:40'); see auditScopeHistory. */
    scope?: string | null;
    /** Who acted when it was not a member of staff ('customer'); leave out for staff and the system. */
    actor?: Actor | null;
  },
): Promise<void> {
  const changes = auditDiff(a.before, a.after);
  if (a.action === 'updated' && changes.length === 0) return;
  await tx.insert(audit_log).values({
    entity: a.entity,
    entity_id: a.entityId,
    action: a.action,
    changes,
    user_id: a.userId,
    scope: a.scope ?? null,
    actor: a.actor ?? null,
  });
}

/**
 * An audit row as the history shows it: who (the user's name; 'Customer' for a change made on the
 * customer's side; null for the system or once the user is gone), when, what.
 */
export interface AuditRow {
  id: number;
  entity: string;
  entity_id: number;
  action: 'created' | 'updated' | 'deleted';
  changes: AuditChange[];
  user_id: number | null;
  user_name: string | null;
  created_at: string;
}

/** The history of one record, newest first (at most 500 rows). */
export async function auditHistory(db: Db, entity: string, entityId: number): Promise<AuditRow[]> {
  return queryRows<AuditRow>(
    db,
    sql`select a.id, a.entity, a.entity_id, a.action, a.changes, a.user_id,
          ${actorNameSql(sql`u.name`, sql`a.actor`)} as user_name, a.created_at
        from audit_log a left join users u on u.id = a.user_id
        where a.entity = ${entity} and a.entity_id = ${entityId}
        order by a.id desc limit 500`,
  );
}

/** The history of every record under one scope ('supplier:12'), newest first (at most 500 rows). */
export async function auditScopeHistory(db: Db, scope: string): Promise<AuditRow[]> {
  return queryRows<AuditRow>(
    db,
    sql`select a.id, a.entity, a.entity_id, a.action, a.changes, a.user_id,
          ${actorNameSql(sql`u.name`, sql`a.actor`)} as user_name, a.created_at
        from audit_log a left join users u on u.id = a.user_id
        where a.scope = ${scope}
        order by a.id desc limit 500`,
  );
}
