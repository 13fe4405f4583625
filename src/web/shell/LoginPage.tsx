import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { authApi, type LoginRequest, loginRequestSchema } from '../../shared/api/auth';
import { ApiError, api } from '../api/client';
import { clearUserData } from '../api/query-client';
import { saveSession, sessionEndedNotice, useSession } from '../api/session';
import { useOnFormChange } from '../ui/form';
import { PublicPage } from '../ui/PublicPage';
import { afterLoginPath } from './return-to';

/**
 * Spec 1 §2 'Login': email and password; the button reads 'Loading...' and is disabled while
 * signing in; success stores the token and role and goes to the screen asked for (`?next=`, see
 * return-to.ts), else bookings. The server's message (invalid credentials, too many attempts) is
 * shown as it is, until the user changes what they typed or submits again. When the server ended
 * the last session (idle, expired, signed out elsewhere) its reason is shown above the form.
 */
export function LoginPage() {
  const { token } = useSession();
  const navigate = useNavigate();
  const next = afterLoginPath(useLocation().search);
  const [ended] = useState(sessionEndedNotice);
  const form = useForm<LoginRequest>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginRequestSchema, { sync: true }),
  });

  const login = useMutation({
    mutationFn: (values: LoginRequest) => api.call(authApi.login, { body: values }),
    onSuccess: (answer) => {
      clearUserData();
      saveSession(answer.Token, answer.user_role);
      void navigate(next, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    },
  });
  // The kit's rule for a failed submit's notice: it goes once the form changes (form.tsx).
  useOnFormChange(form, login.reset);

  if (token && !login.isPending) return <Navigate to={next} replace />;

  return (
    <PublicPage title="Sign in" maw={400}>
      {login.isError ? (
        <Alert color="red" variant="light" title="Sign-in failed">
          {login.error.message}
        </Alert>
      ) : (
        ended && (
          <Alert color="blue" variant="light" title="Signed out">
            {ended}
          </Alert>
        )
      )}
      <form onSubmit={form.onSubmit((values) => login.mutate(values), login.reset)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth disabled={login.isPending} mt="xs">
            {login.isPending ? 'Loading...' : 'Sign in'}
          </Button>
        </Stack>
      </form>
    </PublicPage>
  );
}
