/**
 * The travel agent's token realm (issue #25), below the areas beside the staff and customer ones:
 * an agency (a row of `agents`) signs in with the email and the password it set through the reset
 * link the office emails it (agents area). Sessions are `agent_sessions` rows: a 256-bit token of
 * which only the SHA-256 is stored, ending after TOKEN_TTL_HOURS or SESSION_IDLE_MINUTES without a
 * request — the staff rules. Failed sign-ins are throttled in `login_failures` (realm 'agent') per
 * email and per client address, as staff's are. Staff, portal and agent tokens live in three
 * tables: none opens another realm's routes (http/auth.ts).
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { type Db, preparedRows, queryRows } from '../db/client';
import { HttpError } from '../http/errors';
import { clearFailures, countRecentFailures, recordFailure, type SessionEnd } from './queries';
import { hashToken, LOGIN_THROTTLED_MESSAGE } from './service';

/** The 401 of a failed agent sign-in: the same words whichever half was wrong. */
export const AGENT_LOGIN_FAILED = 'The email or password is not right. Please try again.';

/** The caller of an agent route: the session and the agency it signed in as. */
export interface AgentCaller {
  sessionId: number;
  agentId: number;
  /** The agency's name (bookings it makes carry it as created_by_agent_name). */
  agentName: string;
}

let dummyHash: Promise<string> | undefined;

/**
 * Signs an agency in: `email` (any case) and the password set from its reset link. Answers a new
 * bearer token, when it ends (ISO 8601) and the agency. 401 AGENT_LOGIN_FAILED for an unknown email,
 * an agency with no password yet, or a wrong password (each costs one argon2 verification); 429 once
 * LOGIN_MAX_FAILURES for the email or LOGIN_MAX_FAILURES_PER_IP from `ip` fall within
 * LOGIN_WINDOW_MINUTES. Two agencies sharing an address: the one whose password matches.
 */
export async function agentSignIn(
  db: Db,
  config: Pick<
    Config,
    | 'LOGIN_MAX_FAILURES'
    | 'LOGIN_MAX_FAILURES_PER_IP'
    | 'LOGIN_WINDOW_MINUTES'
    | 'TOKEN_TTL_HOURS'
    | 'SESSION_IDLE_MINUTES'
  >,
  input: { email: string; password: string; ip?: string },
): Promise<{ token: string; expires_at: string; agent: { id: number; name: string } }> {
  const email = input.email.trim().toLowerCase();
  const failures = await countRecentFailures(db, email, input.ip, config.LOGIN_WINDOW_MINUTES, 'agent');
  if (failures.byEmail >= config.LOGIN_MAX_FAILURES || failures.byIp >= config.LOGIN_MAX_FAILURES_PER_IP) {
    throw new HttpError(429, LOGIN_THROTTLED_MESSAGE);
  }
  const candidates = await queryRows<{ id: number; name: string; password_hash: string }>(
    db,
    sql`select id, name, password_hash from agents
        where lower(btrim(email)) = ${email} and password_hash is not null order by id limit 5`,
  );
  let agent: { id: number; name: string } | undefined;
  if (candidates.length === 0) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, input.password).catch(() => false);
  }
  for (const c of candidates) {
    if (await verify(c.password_hash, input.password).catch(() => false)) {
      agent = { id: c.id, name: c.name };
      break;
    }
  }
  if (!agent) {
    await recordFailure(db, email, input.ip, 'agent');
    throw new HttpError(401, AGENT_LOGIN_FAILED);
  }
  await clearFailures(db, email, 'agent');
  const token = randomBytes(32).toString('base64url');
  const [row] = await queryRows<{ expires_at: string }>(
    db,
    sql`with gone as (
          delete from agent_sessions where agent_id = ${agent.id}
            and (expires_at <= now() or last_used_at <= now() - make_interval(mins => ${config.SESSION_IDLE_MINUTES})))
        insert into agent_sessions (agent_id, token_hash, expires_at)
        values (${agent.id}, ${hashToken(token)}, now() + make_interval(hours => ${config.TOKEN_TTL_HOURS}))
        returning to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as expires_at`,
  );
  return { token, expires_at: row.expires_at, agent };
}

/**
 * The agency behind a bearer token, or why its session ended ('unknown', 'expired', 'idle' after
 * `idleMinutes`): the staff rule (users/queries.ts findUserByTokenHash), last use moved at most
 * once a minute. A staff or portal token is not in this table, so it is never an agent caller.
 */
export async function authenticateAgent(
  db: Db,
  token: string,
  idleMinutes: number,
): Promise<{ caller: AgentCaller } | { caller?: undefined; ended: SessionEnd }> {
  const [row] = await preparedRows<{
    id: number;
    agent_id: number;
    name: string;
    expired: boolean;
    idle: boolean;
  }>(
    db,
    sql`with s as (
          select id, agent_id, expires_at <= now() as expired,
                 last_used_at <= now() - make_interval(mins => ${idleMinutes}) as idle,
                 last_used_at < now() - interval '1 minute' as stale
          from agent_sessions where token_hash = ${hashToken(token)}
        ), touched as (
          update agent_sessions x set last_used_at = now()
          from s where x.id = s.id and s.stale and not s.expired and not s.idle
        )
        select s.id, s.agent_id, a.name, s.expired, s.idle
        from s join agents a on a.id = s.agent_id`,
  );
  if (!row) return { ended: 'unknown' };
  if (row.expired) return { ended: 'expired' };
  if (row.idle) return { ended: 'idle' };
  return { caller: { sessionId: row.id, agentId: row.agent_id, agentName: row.name } };
}

/** Ends an agent session (sign-out). */
export async function endAgentSession(db: Db, sessionId: number): Promise<void> {
  await db.execute(sql`delete from agent_sessions where id = ${sessionId}`);
}

/** Ends every session of an agency (its password was set again). */
export async function endAgentSessions(db: Db, agentId: number): Promise<void> {
  await db.execute(sql`delete from agent_sessions where agent_id = ${agentId}`);
}
