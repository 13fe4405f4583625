import { useSyncExternalStore } from 'react';

/**
 * The customer's session of "Manage my booking" (issue #23), its own realm beside the staff one
 * (`session.ts`, localStorage 'token'): the portal bearer token under 'portal_token' and its end
 * (ISO 8601) under 'portal_token_expires', in sessionStorage, so it lives as long as the tab and a
 * customer on a shared computer leaves nothing behind. A token past its end is forgotten when read.
 * Why the server ended a session is kept for the sign-in page to say, until the next sign-in (this
 * module is loaded with every screen, so it holds no wording: '' stands for the portal's own
 * `PORTAL_MESSAGES.sessionEnded`, which the sign-in page shows).
 */
const TOKEN_KEY = 'portal_token';
const EXPIRES_KEY = 'portal_token_expires';
const ENDED_KEY = 'portal_session_ended';

const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/**
 * The portal token, or null when there is none or it has ended (then it is forgotten, and the
 * sign-in page says the session has ended).
 */
export function getPortalToken(): string | null {
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (!token) return null;
  const ends = Date.parse(sessionStorage.getItem(EXPIRES_KEY) ?? '');
  if (Number.isFinite(ends) && ends <= Date.now()) {
    // Read during render too: forget it without telling listeners (their next read sees it gone).
    forget('');
    return null;
  }
  return token;
}

/** Keeps a session the server answered (sign-in, an email's link): its token and ISO end. */
export function savePortalSession(token: string, expiresAt: string): void {
  sessionStorage.removeItem(ENDED_KEY);
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(EXPIRES_KEY, expiresAt);
  emit();
}

/** Signing out on purpose: forgets the token (and any earlier 'session ended' notice). */
export function clearPortalSession(): void {
  sessionStorage.removeItem(ENDED_KEY);
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(EXPIRES_KEY);
  emit();
}

/**
 * The server refused the portal session (401) or it ran out: forgets the token and keeps `why`
 * (the server's message; '' for the portal's own 'session ended') for the sign-in page. The staff
 * session is never touched.
 */
export function endPortalSession(why: string): void {
  forget(why);
  emit();
}

function forget(why: string): void {
  sessionStorage.setItem(ENDED_KEY, why);
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(EXPIRES_KEY);
}

/**
 * Why the last portal session of this tab ended, until the next sign-in: the server's message, ''
 * when it gave none (show `PORTAL_MESSAGES.sessionEnded`), or null when no session ended.
 */
export function portalEndedNotice(): string | null {
  return sessionStorage.getItem(ENDED_KEY);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => sessionStorage.getItem(TOKEN_KEY) ?? '';

/** Whether a portal session is held; re-renders when one starts or ends. */
export function usePortalSignedIn(): boolean {
  useSyncExternalStore(subscribe, snapshot);
  return getPortalToken() !== null;
}
