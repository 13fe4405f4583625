import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AGENT_RESET_LINK_HOURS } from '../../../shared/api/agents';
import { greetingLine } from '../../../shared/greeting';
import { pathTo } from '../../../shared/routes';
import type { Config } from '../../config';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { agent_password_resets, agents } from '../../db/schema';
import { validationError } from '../../http/errors';
import { escapeHtml } from '../../lib/html';
import { enqueueEmail, type Outbox } from '../../mail/outbox';
import type { FileStore } from '../../storage/files';
import { endAgentSessions } from '../../users/agent';
import { hashPassword, hashToken } from '../../users/service';

export const RESET_NO_AGENT = 'No agent has this email address.';
export const RESET_LINK_UNKNOWN = 'This password reset link is not valid. Please ask for a new link.';
export const RESET_LINK_USED = 'This password reset link has already been used. Please ask for a new link.';
export const RESET_LINK_EXPIRED = 'This password reset link has expired. Please ask for a new link.';

/**
 * POST agents/password/reset-link (spec 2 §7): emails the agent a single-use link to set the
 * password of the agent login. Only the token's SHA-256 is stored, with a 24-hour expiry; a new
 * link replaces the agent's earlier unused ones. The link starts with `config.appUrl` (APP_URL),
 * never with the request's Host or X-Forwarded-Host, which a caller chooses. The email goes through the outbox in the same transaction as the link (delivered
 * after the commit, retried until it goes). Answers the address the link went to.
 */
export async function sendAgentResetLink(
  deps: { db: Db; config: Config; files: FileStore; outbox: Outbox },
  input: { email: string; agent_id?: number },
): Promise<string> {
  const { db, config, files, outbox } = deps;
  const [agent] = await queryRows<{ id: number; name: string; email: string }>(
    db,
    sql`select id, name, email from agents
        where lower(btrim(email)) = ${input.email}
          ${input.agent_id ? sql`and id = ${input.agent_id}` : sql``}
        order by id limit 1`,
  );
  if (!agent) throw validationError({ email: [RESET_NO_AGENT] }, RESET_NO_AGENT);

  const token = randomBytes(32).toString('base64url');
  const link = `${config.appUrl}${pathTo('agent-password-reset', { token })}`;
  const name = agent.name;
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`delete from agent_password_resets where agent_id = ${agent.id} and used_at is null`);
    await tx.insert(agent_password_resets).values({
      agent_id: agent.id,
      token_hash: hashToken(token),
      expires_at: sql`now() + make_interval(hours => ${AGENT_RESET_LINK_HOURS})`,
    });
    await enqueueEmail(tx, files, {
      kind: 'agent-password-reset',
      to: agent.email.trim(),
      subject: 'Set your agent password',
      html: `<p>${escapeHtml(greetingLine({ name }))}</p>
<p>Use the link below to set a new password for your agent login:</p>
<p><a href="${escapeHtml(link)}">Set my password</a></p>
<p style="color:#555">Or copy this address into your browser: ${escapeHtml(link)}</p>
<p>The link works once and expires in ${AGENT_RESET_LINK_HOURS} hours. If you did not expect this email, you can ignore it.</p>`,
    });
  });
  outbox.kick();
  return agent.email.trim();
}

/** Why a token cannot be used, or null when it can: unknown, used or expired. */
async function tokenProblem(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await queryRows<{ used: boolean; expired: boolean }>(
    db,
    sql`select used_at is not null as used, expires_at <= now() as expired
        from agent_password_resets where token_hash = ${tokenHash}`,
  );
  if (!row) return RESET_LINK_UNKNOWN;
  if (row.used) return RESET_LINK_USED;
  if (row.expired) return RESET_LINK_EXPIRED;
  return null;
}

/** The agent a reset link is for (public page heading); 422 with a clear message when it cannot be used. */
export async function checkAgentResetToken(db: Db, token: string): Promise<{ name: string; email: string }> {
  const tokenHash = hashToken(token);
  const problem = await tokenProblem(db, tokenHash);
  if (problem) throw validationError({ token: [problem] }, problem);
  const [row] = await queryRows<{ name: string; email: string }>(
    db,
    sql`select a.name, a.email from agent_password_resets r join agents a on a.id = r.agent_id
        where r.token_hash = ${tokenHash}`,
  );
  if (!row) throw validationError({ token: [RESET_LINK_UNKNOWN] }, RESET_LINK_UNKNOWN);
  return row;
}

/**
 * POST agents/password/reset (public): in one transaction, claims the token (unused and not
 * expired, so two concurrent uses cannot both succeed), stores the argon2id hash of the new
 * password on the agent, sets is_password_generated and ends the agency's agent sessions. 422 with a clear message otherwise.
 */
export async function resetAgentPassword(db: Db, token: string, password: string): Promise<void> {
  const tokenHash = hashToken(token);
  // Hash first: argon2 takes a moment, and the transaction should not wait on it.
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (tx) => {
    const [claimed] = await queryRows<{ agent_id: number }>(
      tx,
      sql`update agent_password_resets set used_at = now(), updated_at = now()
          where token_hash = ${tokenHash} and used_at is null and expires_at > now()
          returning agent_id`,
    );
    if (!claimed) {
      const problem = (await tokenProblem(tx, tokenHash)) ?? RESET_LINK_UNKNOWN;
      throw validationError({ token: [problem] }, problem);
    }
    await tx
      .update(agents)
      .set({ password_hash: passwordHash, is_password_generated: true, updated_at: sql`now()` })
      .where(eq(agents.id, claimed.agent_id));
    // A new password ends every session the agency had open (issue #25).
    await endAgentSessions(tx, claimed.agent_id);
  });
}
