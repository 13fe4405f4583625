import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agentSideApi } from '../../shared/api/agent-side';
import { authApi } from '../../shared/api/auth';
import { portalApi } from '../../shared/api/portal';
import { resortsApi } from '../../shared/api/resorts';
import { agentEndedNotice, getAgentToken, saveAgentSession } from './agent-session';
import {
  ApiError,
  api,
  realmOf,
  setAgentUnauthorizedHandler,
  setPortalUnauthorizedHandler,
  setUnauthorizedHandler,
} from './client';
import { getPortalToken, portalEndedNotice, savePortalSession } from './portal-session';
import { getToken, saveSession, sessionEndedNotice } from './session';

// Issue #23: two token realms in one client. The customer's calls carry the portal token, the
// portal's public calls none, everything else the staff token; a 401 ends only its own realm's session.

/** A Storage in memory (the unit project runs in Node). */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, String(v));
  removeItem = (k: string) => void this.items.delete(k);
  clear = () => this.items.clear();
}

const sent: { url: string; auth: string | null }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { success: true, message: 'ok' } };
const staffRefused = vi.fn();
const portalRefused = vi.fn();
const agentRefused = vi.fn();
const LATER = new Date(Date.now() + 3_600_000).toISOString();

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('window', {
    location: { pathname: '/my-booking' },
    addEventListener() {},
    removeEventListener() {},
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({ url, auth: headers.Authorization ?? null });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  sent.length = 0;
  answer = { status: 200, body: { success: true, message: 'ok' } };
  staffRefused.mockReset();
  portalRefused.mockReset();
  agentRefused.mockReset();
  setUnauthorizedHandler(staffRefused);
  setPortalUnauthorizedHandler(portalRefused);
  setAgentUnauthorizedHandler(agentRefused);
  saveSession('staff-token', 1);
  savePortalSession('portal-token', LATER);
  saveAgentSession('agent-token', LATER);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// Issue #25: the travel agent's realm, the portal's twin.
describe('the agent realm', () => {
  it('sends the agent token to agent calls and none to its public ones', async () => {
    expect(realmOf(agentSideApi.bookings)).toBe('agent');
    expect(realmOf(agentSideApi.signIn)).toBe('none');
    expect(realmOf(agentSideApi.forgotPassword)).toBe('none');
    await api.call(agentSideApi.me);
    await api.call(agentSideApi.signIn, { body: { email: 'desk@agency.example', password: 'x' } });
    expect(sent.map((s) => s.auth)).toEqual(['Bearer agent-token', null]);
  });

  it('a 401 on an agent call ends only the agent session, keeping the server’s reason', async () => {
    answer = { status: 401, body: { success: false, message: 'You were signed out after a while idle.' } };
    await expect(api.call(agentSideApi.me)).rejects.toBeInstanceOf(ApiError);
    expect(getAgentToken()).toBeNull();
    expect(agentEndedNotice()).toBe('You were signed out after a while idle.');
    expect(agentRefused).toHaveBeenCalledOnce();
    expect(getPortalToken()).toBe('portal-token');
    expect(getToken()).toBe('staff-token');
    expect(staffRefused).not.toHaveBeenCalled();
  });

  it('a refused agent sign-in (wrong password) ends no session', async () => {
    answer = { status: 401, body: { success: false, message: 'The email or password is not right.' } };
    await expect(
      api.call(agentSideApi.signIn, { body: { email: 'desk@agency.example', password: 'x' } }),
    ).rejects.toThrow('The email or password is not right.');
    expect(getAgentToken()).toBe('agent-token');
    expect(agentRefused).not.toHaveBeenCalled();
  });
});

describe('the client’s token realms', () => {
  it('names the realm of each kind of endpoint', () => {
    expect(realmOf(portalApi.booking)).toBe('portal');
    expect(realmOf(portalApi.document)).toBe('portal');
    for (const e of [portalApi.openLink, portalApi.requestCode, portalApi.signIn, portalApi.operator])
      expect(realmOf(e)).toBe('none');
    expect(realmOf(resortsApi.get)).toBe('staff');
    expect(realmOf(authApi.login)).toBe('staff');
  });

  it('sends the portal token to a portal call, none to a public portal call, the staff token to the rest', async () => {
    await api.call(portalApi.signOut);
    await api.call(portalApi.requestCode, { body: { booking_ref: 'HB1', surname: 'Smith' } });
    await api.call(resortsApi.get, { params: { id: 1 } });
    expect(sent.map((s) => s.auth)).toEqual(['Bearer portal-token', null, 'Bearer staff-token']);
  });

  it('fetches a portal document with the portal token', async () => {
    answer = { status: 200, body: 'PDF' };
    await api.file(portalApi.document, { params: { id: 7 } });
    expect(sent).toEqual([{ url: '/api/portal/booking/documents/7', auth: 'Bearer portal-token' }]);
  });

  it('a 401 on a portal call ends only the portal session, keeping the server’s reason', async () => {
    answer = {
      status: 401,
      body: { success: false, message: 'Your session has ended. Please sign in again.' },
    };
    await expect(api.call(portalApi.booking)).rejects.toBeInstanceOf(ApiError);
    expect(getPortalToken()).toBeNull();
    expect(portalEndedNotice()).toBe('Your session has ended. Please sign in again.');
    expect(portalRefused).toHaveBeenCalledOnce();
    expect(getToken()).toBe('staff-token');
    expect(sessionEndedNotice()).toBeNull();
    expect(staffRefused).not.toHaveBeenCalled();
  });

  it('a 401 on a public portal call (a wrong code, an old link) ends no session', async () => {
    answer = { status: 401, body: { success: false, message: 'That code is not right.' } };
    await expect(
      api.call(portalApi.signIn, { body: { booking_ref: 'HB1', code: '123456' } }),
    ).rejects.toThrow('That code is not right.');
    expect(getPortalToken()).toBe('portal-token');
    expect(getToken()).toBe('staff-token');
    expect(portalRefused).not.toHaveBeenCalled();
    expect(staffRefused).not.toHaveBeenCalled();
  });

  it('a 401 on a staff call ends the staff session as before and leaves the portal one', async () => {
    answer = { status: 401, body: { success: false, message: 'Signed out.' } };
    await expect(api.call(resortsApi.get, { params: { id: 1 } })).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(sessionEndedNotice()).toBe('Signed out.');
    expect(staffRefused).toHaveBeenCalledOnce();
    expect(getPortalToken()).toBe('portal-token');
    expect(portalRefused).not.toHaveBeenCalled();
  });

  it('a portal token past its end is not sent, and the sign-in page is told the session ended', async () => {
    savePortalSession('old-token', new Date(Date.now() - 1000).toISOString());
    answer = { status: 401, body: { success: false, message: 'Sign in first.' } };
    await expect(api.call(portalApi.booking)).rejects.toBeInstanceOf(ApiError);
    expect(sent[0].auth).toBeNull();
    // No token went out, so the server's words are not the reason: '' means PORTAL_MESSAGES.sessionEnded.
    expect(portalEndedNotice()).toBe('');
    expect(portalRefused).toHaveBeenCalledOnce();
  });
});
