import { tabSession } from './tab-session';

/**
 * The travel agent's session (issue #25), a third realm beside the staff one (`session.ts`) and the
 * customer's (`portal-session.ts`): kept for the tab under 'agent_token' (`tab-session.ts`), so an
 * agency's shared counter computer keeps nothing once the tab is closed.
 */
const session = tabSession('agent');

/** The agent token, or null when there is none or it has ended (then it is forgotten). */
export const getAgentToken = session.getToken;
/** Keeps a session the server answered (POST agent/sign-in): its token and ISO end. */
export const saveAgentSession = session.save;
/**
 * The session ended — refused by the server (401), run out, or signed out on purpose: forgets the
 * token and keeps `why` (the server's message, '' for the page's own 'session ended', or the
 * signed-out words) for the sign-in page. The staff and portal sessions are never touched.
 */
export const endAgentSession = session.end;
/** Why the last agent session of this tab ended: the server's message, '' when it gave none, or null. */
export const agentEndedNotice = session.endedNotice;
/** Whether an agent session is held; re-renders when one starts or ends. */
export const useAgentSignedIn = session.useSignedIn;
