import { sql } from 'drizzle-orm';
import { AGENT_MESSAGES, type AgentMe } from '../../../shared/api/agent-side';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import type { Outbox } from '../../mail/outbox';
import type { FileStore } from '../../storage/files';
import { type AgentCaller, agentSignIn, endAgentSession } from '../../users/agent';
import { countRecentFailures, recordFailure } from '../../users/queries';
import { LOGIN_THROTTLED_MESSAGE } from '../../users/service';
import { sendAgentResetLink } from '../agents';

/**
 * POST agent/sign-in (issue #25): the agency's email and password → an agent session (users/agent.ts:
 * staff's throttling, expiry and idle end). 401 AGENT_MESSAGES.loginFailed; 429 when throttled.
 */
export async function signIn(db: Db, config: Config, input: { email: string; password: string }, ip: string) {
  const s = await agentSignIn(db, config, { ...input, ip });
  return {
    success: true as const,
    message: AGENT_MESSAGES.signedIn,
    token: s.token,
    expires_at: s.expires_at,
    agent: { name: s.agent.name },
  };
}

/**
 * POST agent/forgot-password (issue #25): emails the agency the reset link the office sends
 * (agents area, sendAgentResetLink: APP_URL, single use, 24 hours). The answer is the same whether
 * or not the address is an agency's, so the call tells no one which addresses are; requests are
 * throttled per address and per client like failed sign-ins (429).
 */
export async function forgotPassword(
  deps: { db: Db; config: Config; files: FileStore; outbox: Outbox },
  email: string,
  ip: string,
) {
  const { db, config } = deps;
  const key = email.trim().toLowerCase();
  const asked = await countRecentFailures(db, key, ip, config.LOGIN_WINDOW_MINUTES, 'agent-reset');
  if (asked.byEmail >= config.LOGIN_MAX_FAILURES || asked.byIp >= config.LOGIN_MAX_FAILURES_PER_IP)
    throw new HttpError(429, LOGIN_THROTTLED_MESSAGE);
  await recordFailure(db, key, ip, 'agent-reset');
  try {
    await sendAgentResetLink(deps, { email: key });
  } catch (e) {
    // An unknown address answers as a known one does (HttpError 422 RESET_NO_AGENT).
    if (!(e instanceof HttpError)) throw e;
  }
  return { success: true as const, message: AGENT_MESSAGES.resetSent };
}

/** POST agent/sign-out: ends this session. */
export async function signOut(db: Db, caller: AgentCaller) {
  await endAgentSession(db, caller.sessionId);
  return { success: true as const, message: AGENT_MESSAGES.signedOut };
}

/** GET agent/me: the signed-in agency (name, ABTA number, email, commission and VAT percent). */
export async function agencyOf(db: Db, caller: AgentCaller): Promise<AgentMe> {
  const [row] = await queryRows<AgentMe>(
    db,
    sql`select a.name, a.abta, a.email, a.commission::numeric(6,2)::text as commission_percent,
               coalesce((select value from system_settings where name = 'default_vat_percent'), '20') as vat_percent
        from agents a where a.id = ${caller.agentId}`,
  );
  if (!row) throw notFound('Agency not found.');
  return row;
}
