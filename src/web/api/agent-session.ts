import { useSyncExternalStore } from 'react';

/**
 * The travel agent's session (issue #25), a third realm beside the staff one (`session.ts`) and the
 * customer's (`portal-session.ts`), kept as the portal keeps its own: the agent bearer token under
 * 'agent_token' and its end (ISO 8601) under 'agent_token_expires', in sessionStorage, so it lives as
 * long as the tab and an agency's shared counter computer keeps nothing once the tab is closed. A
 * token past its end is forgotten when read. Why the server ended a session is kept for the sign-in
 * page to say, until the next sign-in ('' stands for the page's own 'session ended' words).
 */
const TOKEN_KEY = 'agent_token';
const EXPIRES_KEY = 'agent_token_expires';
const ENDED_KEY = 'agent_session_ended';

const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** The agent token, or null when there is none or it has ended (then it is forgotten). */
export function getAgentToken(): string | null {
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

/** Keeps a session the server answered (POST agent/sign-in): its token and ISO end. */
export function saveAgentSession(token: string, expiresAt: string): void {
  sessionStorage.removeItem(ENDED_KEY);
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(EXPIRES_KEY, expiresAt);
  emit();
}

/**
 * The session ended — refused by the server (401), run out, or signed out on purpose: forgets the
 * token and keeps `why` (the server's message, '' for the page's own 'session ended', or the
 * signed-out words) for the sign-in page. The staff and portal sessions are never touched.
 */
export function endAgentSession(why: string): void {
  forget(why);
  emit();
}

function forget(why: string): void {
  sessionStorage.setItem(ENDED_KEY, why);
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(EXPIRES_KEY);
}

/**
 * Why the last agent session of this tab ended, until the next sign-in: the server's message, ''
 * when it gave none, or null when no session ended.
 */
export function agentEndedNotice(): string | null {
  return sessionStorage.getItem(ENDED_KEY);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => sessionStorage.getItem(TOKEN_KEY) ?? '';

/** Whether an agent session is held; re-renders when one starts or ends. */
export function useAgentSignedIn(): boolean {
  useSyncExternalStore(subscribe, snapshot);
  return getAgentToken() !== null;
}
