import { useSyncExternalStore } from 'react';

/**
 * A token realm's session kept for one browser tab (the customer's side, issue #23; the travel
 * agent's, issue #25): the bearer token under '<realm>_token' and its end (ISO 8601) under
 * '<realm>_token_expires', in sessionStorage, so it lives as long as the tab and a shared computer
 * keeps nothing once it is closed. A token past its end is forgotten when read. Why the server ended
 * a session is kept under '<realm>_session_ended' for the sign-in page, until the next sign-in
 * ('' stands for the page's own 'session ended' words). The staff session (`session.ts`,
 * localStorage) is another store.
 */
export function tabSession(realm: string) {
  const TOKEN_KEY = `${realm}_token`;
  const EXPIRES_KEY = `${realm}_token_expires`;
  const ENDED_KEY = `${realm}_session_ended`;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  const forget = (why: string) => {
    sessionStorage.setItem(ENDED_KEY, why);
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(EXPIRES_KEY);
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const snapshot = () => sessionStorage.getItem(TOKEN_KEY) ?? '';

  /** The token, or null when there is none or it has ended (then it is forgotten). */
  const getToken = (): string | null => {
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (!token) return null;
    const ends = Date.parse(sessionStorage.getItem(EXPIRES_KEY) ?? '');
    if (Number.isFinite(ends) && ends <= Date.now()) {
      // Read during render too: forget it without telling listeners (their next read sees it gone).
      forget('');
      return null;
    }
    return token;
  };

  return {
    getToken,
    /** Keeps a session the server answered: its token and ISO end (and drops any 'ended' notice). */
    save(token: string, expiresAt: string): void {
      sessionStorage.removeItem(ENDED_KEY);
      sessionStorage.setItem(TOKEN_KEY, token);
      sessionStorage.setItem(EXPIRES_KEY, expiresAt);
      emit();
    },
    /** Signing out with nothing to say: forgets the token and any earlier 'session ended' notice. */
    clear(): void {
      sessionStorage.removeItem(ENDED_KEY);
      sessionStorage.removeItem(TOKEN_KEY);
      sessionStorage.removeItem(EXPIRES_KEY);
      emit();
    },
    /** The session ended (a 401, run out, signed out): forgets the token and keeps `why` for the sign-in page. */
    end(why: string): void {
      forget(why);
      emit();
    },
    /** Why the last session of this tab ended, until the next sign-in; null when none ended. */
    endedNotice: (): string | null => sessionStorage.getItem(ENDED_KEY),
    /** Whether a session is held; re-renders when one starts or ends. */
    useSignedIn(): boolean {
      useSyncExternalStore(subscribe, snapshot);
      return getToken() !== null;
    },
  };
}
