import { useSyncExternalStore } from 'react';

/**
 * The signed-in session as kept in localStorage (spec 1 §6): the bearer token under 'token' and the
 * role under 'user_role'. Components read it through `useSession`, which re-renders on change
 * (also when another tab signs out). Why the server ended a session is kept for this tab
 * (sessionStorage) until the next sign-in, for the login screen to say.
 */
const TOKEN_KEY = 'token';
const ROLE_KEY = 'user_role';
const ENDED_KEY = 'session_ended';

const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** The stored role, or null when missing or unreadable. */
export function getRole(): number | null {
  const raw = localStorage.getItem(ROLE_KEY);
  const n = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(n) ? n : null;
}

export function saveSession(token: string, role: number | null | undefined): void {
  sessionStorage.removeItem(ENDED_KEY);
  localStorage.setItem(TOKEN_KEY, token);
  if (role != null) localStorage.setItem(ROLE_KEY, String(role));
  else localStorage.removeItem(ROLE_KEY);
  emit();
}

export function saveRole(role: number): void {
  localStorage.setItem(ROLE_KEY, String(role));
  emit();
}

const signOutTasks = new Set<() => Promise<unknown>>();

/**
 * Registers work that needs the token and must be done before a deliberate sign-out drops it
 * (issue #22 point 12f: releasing the open-screen flag of the booking being edited, which a call
 * made after the token is gone can no longer do). Answers the function that unregisters it.
 */
export function beforeSignOut(task: () => Promise<unknown>): () => void {
  signOutTasks.add(task);
  return () => {
    signOutTasks.delete(task);
  };
}

/**
 * Runs every task registered with `beforeSignOut`, side by side, while the token is still held;
 * a failing task is ignored and none may hold the sign-out up for more than `timeoutMs`.
 */
export async function runBeforeSignOut(timeoutMs = 3000): Promise<void> {
  const tasks = [...signOutTasks].map((t) => t().catch(() => undefined));
  await Promise.race([Promise.all(tasks), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}

/** Signing out on purpose: forgets the token and role (and any earlier 'session ended' notice). */
export function clearSession(): void {
  sessionStorage.removeItem(ENDED_KEY);
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ROLE_KEY);
  emit();
}

/**
 * The server refused the session (401): forgets the token and role and keeps `why` — the server's
 * message, e.g. 'Your session has ended after 60 minutes without activity. Please sign in again.'
 * — for the login screen. Without `why` (a request that carried no token) an earlier notice stays.
 */
export function endSession(why: string | undefined): void {
  if (why) sessionStorage.setItem(ENDED_KEY, why);
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ROLE_KEY);
  emit();
}

/** Why the last session of this tab was ended by the server, until the next sign-in; or null. */
export function sessionEndedNotice(): string | null {
  return sessionStorage.getItem(ENDED_KEY);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOKEN_KEY || e.key === ROLE_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = () => `${getToken() ?? ''}|${getRole() ?? ''}`;

/** The current token and role; re-renders when either changes. */
export function useSession(): { token: string | null; role: number | null } {
  useSyncExternalStore(subscribe, snapshot);
  return { token: getToken(), role: getRole() };
}
