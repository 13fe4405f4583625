import { tabSession } from './tab-session';

/**
 * The customer's session of "Manage my booking" (issue #23), its own realm beside the staff one
 * (`session.ts`, localStorage 'token'): kept for the tab under 'portal_token' (`tab-session.ts`).
 * This module is loaded with every screen, so it holds no wording: an ended session's '' stands for
 * the portal's own `PORTAL_MESSAGES.sessionEnded`, which the sign-in page shows.
 */
const session = tabSession('portal');

/** The portal token, or null when there is none or it has ended (then it is forgotten). */
export const getPortalToken = session.getToken;
/** Keeps a session the server answered (sign-in, an email's link): its token and ISO end. */
export const savePortalSession = session.save;
/** Signing out on purpose: forgets the token (and any earlier 'session ended' notice). */
export const clearPortalSession = session.clear;
/**
 * The server refused the portal session (401) or it ran out: forgets the token and keeps `why`
 * (the server's message; '' for the portal's own 'session ended') for the sign-in page. The staff
 * session is never touched.
 */
export const endPortalSession = session.end;
/** Why the last portal session of this tab ended: the server's message, '' when it gave none, or null. */
export const portalEndedNotice = session.endedNotice;
/** Whether a portal session is held; re-renders when one starts or ends. */
export const usePortalSignedIn = session.useSignedIn;
