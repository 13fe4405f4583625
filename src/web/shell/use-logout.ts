import { useNavigate } from 'react-router';
import { authApi } from '../../shared/api/auth';
import { api } from '../api/client';
import { clearUserData } from '../api/query-client';
import { clearSession, runBeforeSignOut } from '../api/session';

/**
 * Spec 1 §6: logout removes the token and goes to /login (the server forgets the token first).
 * What still needs the token — releasing an open booking — is done before (`runBeforeSignOut`).
 */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    await runBeforeSignOut();
    try {
      await api.call(authApi.logout);
    } catch {
      // Signed out locally whatever the server says (it may already have expired the token).
    } finally {
      clearSession();
      clearUserData();
      void navigate('/login', { replace: true });
    }
  };
}
